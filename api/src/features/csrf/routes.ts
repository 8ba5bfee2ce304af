import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { CSRF_HEADER } from '@ledgerwell/shared/csrf';
import { csrfTokenResponseSchema } from '@ledgerwell/shared/csrf-response';
import type { AppEnv } from '../../lib/context';
import { AppError } from '../../lib/errors';
import type { CsrfTokens } from './csrf-tokens';
import { documented } from '../../lib/openapi';

export function csrfRoutes(tokens: CsrfTokens) {
  return new Hono<AppEnv>().get(
    '/csrf-token',
    documented({ tag: 'Public site', summary: `A token for the ${CSRF_HEADER} header`, auth: 'public', responses: { 200: csrfTokenResponseSchema } }),
    async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ success: true, csrfToken: await tokens.issue() });
    },
  );
}

/** For the routes that take X-CSRF-Token (spec call 8): a missing, forged or stale token is a 403. */
export function requireCsrf(tokens: CsrfTokens) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!(await tokens.verify(c.req.header(CSRF_HEADER)))) {
      throw new AppError('CSRF_INVALID', 'Invalid or missing security token. Please refresh the page and try again.');
    }
    await next();
  });
}
