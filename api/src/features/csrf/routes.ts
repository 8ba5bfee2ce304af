import { Hono } from 'hono';
import { CSRF_HEADER } from '@ledgerwell/shared/csrf';
import { csrfTokenResponseSchema } from '@ledgerwell/shared/csrf-response';
import type { AppEnv } from '../../lib/context';
import type { CsrfTokens } from './csrf-tokens';
import { documented } from '../../lib/openapi';

export function csrfRoutes(tokens: CsrfTokens) {
  return new Hono<AppEnv>().get(
    '/csrf-token',
    documented({
      tag: 'Public site',
      summary: `A token for the ${CSRF_HEADER} header`,
      auth: 'public',
      responses: { 200: csrfTokenResponseSchema },
    }),
    async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json({ success: true, csrfToken: await tokens.issue() });
    },
  );
}
