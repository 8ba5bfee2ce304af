import { Hono, type Context } from 'hono';
import {
  OUTBOX_MESSAGES as M,
  outboxEmailTextResponseSchema,
  outboxListQuerySchema,
  outboxListResponseSchema,
  outboxRetryResponseSchema,
} from '@ledgerwell/shared/email-outbox';
import type { AppDeps, AppEnv } from '../../lib/context';
import { parseQuery } from '../../lib/validate';
import { requireRole } from '../../identity/middleware';
import { listOutbox, readOutboxText, retryOutboxEmail, type OutboxViewer } from './outbox-admin';
import { documented } from '../../lib/openapi';

const viewer = (c: Context<AppEnv>): OutboxViewer => {
  const { profile } = c.get('admin');
  return { actor: { id: profile.id, username: profile.username }, role: profile.role, meta: c.get('meta') };
};

/**
 * The mail log (issue 18), under /api/admin. ADMIN reads the list with masked recipients; SUPER_ADMIN
 * reads it whole, reads the text of an e-mail kept as sent to the log, and retries a failed one.
 */
export function outboxAdminRoutes(deps: AppDeps) {
  const reader = requireRole('ADMIN');
  const superAdmin = requireRole('SUPER_ADMIN');
  return new Hono<AppEnv>()
    .get(
      '/outbox',
      documented({
        tag: 'Mail log',
        auth: 'admin',
        summary: 'The mail log (ADMIN: masked recipients)',
        query: outboxListQuerySchema,
        responses: { 200: outboxListResponseSchema },
      }),
      reader,
      async (c) =>
        c.json({ success: true, data: await listOutbox(deps, parseQuery(c, outboxListQuerySchema), viewer(c)) }),
    )
    .get(
      '/outbox/:id',
      documented({
        tag: 'Mail log',
        auth: 'admin',
        summary: "An e-mail's text (SUPER_ADMIN)",
        responses: { 200: outboxEmailTextResponseSchema },
        errors: [404],
      }),
      superAdmin,
      async (c) => c.json({ success: true, data: await readOutboxText(deps, c.req.param('id'), viewer(c)) }),
    )
    .post(
      '/outbox/:id/retry',
      documented({
        tag: 'Mail log',
        auth: 'admin',
        summary: 'Retry a failed e-mail (SUPER_ADMIN)',
        responses: { 200: outboxRetryResponseSchema },
        errors: [404, 409],
      }),
      superAdmin,
      async (c) =>
        c.json({ success: true, message: M.retried, data: await retryOutboxEmail(deps, c.req.param('id'), viewer(c)) }),
    );
}
