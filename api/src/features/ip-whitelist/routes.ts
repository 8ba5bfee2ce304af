import { Hono } from 'hono';
import {
  IP_RULE_MESSAGES,
  ipRuleDeleteSchema,
  ipRuleInputSchema,
  ipRuleListResponseSchema,
  ipRuleResponseSchema,
  ipRuleToggleSchema,
  isToggleBody,
} from '@ledgerwell/shared/ip-rules';
import { messageResponseSchema } from '@ledgerwell/shared/api-response';
import { z } from 'zod';
import type { AppDeps, AppEnv } from '../../lib/context';
import { parseJson } from '../../lib/validate';
import { requireRole } from '../../identity/middleware';
import { createIpRule, deleteIpRule, listIpRules, updateIpRule } from './rules';
import { documented } from '../../lib/openapi';

/** Mounted behind requireAdmin: SUPER_ADMIN only, reads included (spec 6). */
export function ipWhitelistRoutes(deps: AppDeps) {
  const inputSchema = ipRuleInputSchema(() => deps.clock.now());
  const superAdmin = requireRole('SUPER_ADMIN');
  const actorOf = (profile: { id: string; username: string }) => ({ id: profile.id, username: profile.username });
  return new Hono<AppEnv>()
    .get(
      '/ip-whitelist',
      documented({
        tag: 'IP whitelist',
        auth: 'admin',
        summary: 'The rules (SUPER_ADMIN)',
        responses: { 200: ipRuleListResponseSchema },
      }),
      superAdmin,
      async (c) => c.json({ success: true, data: await listIpRules(deps) }),
    )
    .post(
      '/ip-whitelist',
      documented({
        tag: 'IP whitelist',
        auth: 'admin',
        summary: 'Add a rule (SUPER_ADMIN)',
        body: inputSchema,
        responses: { 201: ipRuleResponseSchema },
        errors: [409],
      }),
      superAdmin,
      async (c) => {
        const input = await parseJson(c, inputSchema);
        const data = await createIpRule(deps, actorOf(c.get('admin').profile), input, c.get('meta'));
        return c.json({ success: true, data, message: IP_RULE_MESSAGES.created }, 201);
      },
    )
    .put(
      '/ip-whitelist/:id',
      documented({
        tag: 'IP whitelist',
        auth: 'admin',
        summary: 'Edit a rule, or switch it on or off (SUPER_ADMIN)',
        body: z.union([ipRuleToggleSchema, inputSchema]),
        responses: { 200: ipRuleResponseSchema },
        errors: [404, 409],
      }),
      superAdmin,
      async (c) => {
        // Hono caches the body: reading it twice is fine.
        let raw: unknown = null;
        try {
          raw = await c.req.json();
        } catch {
          // parseJson below answers the 400 (and refuses unstorable text).
        }
        const actor = actorOf(c.get('admin').profile);
        if (isToggleBody(raw)) {
          const toggle = await parseJson(c, ipRuleToggleSchema);
          const data = await updateIpRule(deps, actor, c.req.param('id'), { kind: 'toggle', ...toggle }, c.get('meta'));
          return c.json({
            success: true,
            data,
            message: toggle.isActive ? IP_RULE_MESSAGES.activated : IP_RULE_MESSAGES.deactivated,
          });
        }
        const input = await parseJson(c, inputSchema);
        const data = await updateIpRule(deps, actor, c.req.param('id'), { kind: 'edit', ...input }, c.get('meta'));
        return c.json({ success: true, data, message: IP_RULE_MESSAGES.updated });
      },
    )
    .delete(
      '/ip-whitelist/:id',
      documented({
        tag: 'IP whitelist',
        auth: 'admin',
        summary: 'Delete a rule (SUPER_ADMIN)',
        body: ipRuleDeleteSchema,
        bodyOptional: true,
        extraParameters: [
          {
            name: 'confirmSelfLockout',
            in: 'query',
            description:
              '`true` confirms deleting the rule that admits this caller, for clients that send no body with DELETE',
            schema: { enum: ['true', 'false'] },
          },
        ],
        responses: { 200: messageResponseSchema },
        errors: [404, 409],
      }),
      superAdmin,
      async (c) => {
        // The confirmation rides in a JSON body, or in the query (?confirmSelfLockout=true) for clients that send no body with DELETE.
        let confirmed = c.req.query('confirmSelfLockout') === 'true';
        if (!confirmed && c.req.header('Content-Type')?.startsWith('application/json')) {
          confirmed = (await parseJson(c, ipRuleDeleteSchema)).confirmSelfLockout === true;
        }
        await deleteIpRule(deps, actorOf(c.get('admin').profile), c.req.param('id'), confirmed, c.get('meta'));
        return c.json({ success: true, message: IP_RULE_MESSAGES.deleted });
      },
    );
}
