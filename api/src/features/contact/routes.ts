import { Hono } from 'hono';
import { CONTACT_MESSAGES, contactFormSchema, contactResponseSchema } from '@ledgerwell/shared/contact';
import type { AppDeps, AppEnv } from '../../lib/context';
import { parseJson } from '../../lib/validate';
import type { MessagingService } from './messaging-service';
import { submitContact } from './submit-contact';
import { documented } from '../../lib/openapi';

/** POST /api/contact (public-site spec call 1): 201 stored (and forwarded), 207 stored but not forwarded yet. */
export function contactRoutes(deps: AppDeps, messaging: MessagingService | null) {
  return new Hono<AppEnv>().post(
    '/contact',
    documented({
      tag: 'Public site',
      summary: 'Send a contact message (201 stored and forwarded, 207 stored but not forwarded yet)',
      auth: 'public',
      body: contactFormSchema,
      responses: { 201: contactResponseSchema, 207: contactResponseSchema },
      errors: [429],
    }),
    async (c) => {
      const input = await parseJson(c, contactFormSchema);
      const result = await submitContact(deps, messaging, input, c.get('meta'));
      if (result.outcome === 'forward_failed') {
        return c.json({ success: true, message: CONTACT_MESSAGES.partialSuccess, id: result.id }, 207);
      }
      return c.json(
        {
          success: true,
          message: CONTACT_MESSAGES.success,
          id: result.id,
          ...(result.outcome === 'forwarded' ? { intercomId: result.intercomId } : {}),
        },
        201,
      );
    },
  );
}
