import { createMiddleware } from 'hono/factory';
import { ADMIN_MESSAGES, ADMIN_ROLE_RANK, type AdminRole } from '@ledgerwell/shared/admin-auth';
import { MFA_MESSAGES } from '@ledgerwell/shared/admin-mfa';
import type { AppDeps, AppEnv } from '../lib/context';
import { AppError } from '../lib/errors';
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
    c.set('admin', { profile: toProfile(session.user, deps.config.ADMIN_MFA_ROLES), sessionId: session.sessionId });
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

/**
 * A user whose role requires a second factor and who has none (profile.mustEnrollMfa) can reach only
 * these (method, path relative to /api/admin): enough to see the profile, sign out and enrol. Read
 * from the cached session: enabling the factor writes admin_users.mfa_enabled_at, which the session
 * cache's triggers announce (decision 009), so the same session goes on at once.
 */
const ALLOWED_BEFORE_MFA_ENROLMENT = new Set([
  'GET /auth/verify',
  'GET /users/me',
  'PUT /users/me/password',
  'POST /logout',
  'GET /mfa',
  'POST /mfa/totp/setup',
  'POST /mfa/totp/enable',
  'POST /mfa/webauthn/register/options',
  'POST /mfa/webauthn/register/verify',
  // Enrolling is a sensitive call: past the step-up window the password is asked again.
  'POST /mfa/step-up',
]);

/** After requirePasswordChanged: a changed password comes first. */
export const requireMfaEnrolled = createMiddleware<AppEnv>(async (c, next) => {
  const path = c.req.path.replace(/^\/api\/admin/, '').replace(/\/$/, '');
  if (c.get('admin').profile.mustEnrollMfa && !ALLOWED_BEFORE_MFA_ENROLMENT.has(`${c.req.method} ${path}`)) {
    throw new AppError('MFA_ENROLLMENT_REQUIRED', MFA_MESSAGES.enrollmentRequired);
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
