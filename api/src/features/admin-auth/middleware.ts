import { createMiddleware } from 'hono/factory';
import { ADMIN_MESSAGES, ADMIN_ROLE_RANK, type AdminRole } from '@ledgerwell/shared/admin-auth';
import type { AppDeps, AppEnv } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { toProfile } from './profile';
import { findActiveSession } from './sessions';

const BEARER = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/;

/** Every /api/admin route but login: a live session from the bearer token, or 401. */
export function requireAdmin(deps: AppDeps) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const header = c.req.header('Authorization');
    if (!header) throw new AppError('UNAUTHENTICATED', 'Authentication required');
    const token = BEARER.exec(header)?.[1];
    const session = token ? await findActiveSession(deps.db, deps.clock, token, deps.sessionCache) : null;
    if (!session) throw new AppError('UNAUTHENTICATED', ADMIN_MESSAGES.sessionExpired);
    c.set('admin', { profile: toProfile(session.user), sessionId: session.sessionId });
    await next();
  });
}

/** An admin who must change the password can reach only these paths (relative to /api/admin). */
const ALLOWED_BEFORE_PASSWORD_CHANGE = new Set(['/auth/verify', '/users/me', '/users/me/password', '/logout']);

export const requirePasswordChanged = createMiddleware<AppEnv>(async (c, next) => {
  const path = c.req.path.replace(/^\/api\/admin/, '').replace(/\/$/, '');
  if (c.get('admin').profile.mustChangePassword && !ALLOWED_BEFORE_PASSWORD_CHANGE.has(path)) {
    throw new AppError('PASSWORD_CHANGE_REQUIRED', ADMIN_MESSAGES.passwordChangeRequired);
  }
  await next();
});

/** Roles are ranked: requireRole('REVIEWER') admits REVIEWER, ADMIN and SUPER_ADMIN. */
export function requireRole(minimum: AdminRole) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (ADMIN_ROLE_RANK[c.get('admin').profile.role] < ADMIN_ROLE_RANK[minimum]) {
      throw new AppError('FORBIDDEN', 'You do not have permission to perform this action');
    }
    await next();
  });
}
