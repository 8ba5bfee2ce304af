import { createMiddleware } from 'hono/factory';
import { CSRF_HEADER } from '@ledgerwell/shared/csrf';
import type { AppEnv } from '../../lib/context';
import { AppError } from '../../lib/errors';
import type { CsrfTokens } from './csrf-tokens';

/** For the routes that take X-CSRF-Token (spec call 8): a missing, forged or stale token is a 403. */
export function requireCsrf(tokens: CsrfTokens) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!(await tokens.verify(c.req.header(CSRF_HEADER)))) {
      throw new AppError('CSRF_INVALID', 'Invalid or missing security token. Please refresh the page and try again.');
    }
    await next();
  });
}
