import { eq } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import type { Db } from '@ledgerwell/db/client';
import { adminSessions, issuerUsers } from '@ledgerwell/db/schema';
import { issuers } from '@ledgerwell/db/ledger-schema';
import { ADMIN_SESSION_IDLE_MS } from '@ledgerwell/shared/admin-auth';
import { MFA_MESSAGES } from '@ledgerwell/shared/admin-mfa';
import { ISSUER_AUTH_MESSAGES, type IssuerUserProfile } from '@ledgerwell/shared/issuer-auth';
import type { Clock } from '../lib/clock';
import type { AppDeps, AppEnv } from '../lib/context';
import { AppError } from '../lib/errors';
import { hashToken } from '../lib/tokens';
import { revokeSession } from './sessions';

/** As for staff (decision 002): a minute's slack on last_seen_at against a 30-minute idle limit. */
const TOUCH_AFTER_MS = 60 * 1000;
const BEARER = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/;

/** What an issuer session's lookup reads of its user (never the password hash). */
export const issuerUserColumns = {
  id: issuerUsers.id,
  issuerId: issuerUsers.issuerId,
  issuerName: issuers.legalName,
  email: issuerUsers.email,
  role: issuerUsers.role,
  mfaEnabledAt: issuerUsers.mfaEnabledAt,
  lastLoginAt: issuerUsers.lastLoginAt,
  disabledAt: issuerUsers.disabledAt,
};
export type IssuerUserView = { [K in keyof typeof issuerUserColumns]: (typeof issuerUserColumns)[K]['_']['data'] } & {
  mfaEnabledAt: Date | null;
  lastLoginAt: Date | null;
  disabledAt: Date | null;
};

export function toIssuerProfile(user: IssuerUserView): IssuerUserProfile {
  return {
    id: user.id,
    issuerId: user.issuerId,
    issuerName: user.issuerName,
    email: user.email,
    role: user.role,
    mfaEnabled: user.mfaEnabledAt !== null,
    // Every issuer user needs a second factor (decision 023): there is no role without one.
    mustEnrollMfa: user.mfaEnabledAt === null,
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
  };
}

/** An issuer user by id with their issuer's name, or null. */
export async function readIssuerUser(db: Db, userId: string): Promise<IssuerUserView | null> {
  const [row] = await db
    .select(issuerUserColumns)
    .from(issuerUsers)
    .innerJoin(issuers, eq(issuers.id, issuerUsers.issuerId))
    .where(eq(issuerUsers.id, userId))
    .limit(1);
  return (row as IssuerUserView | undefined) ?? null;
}

/**
 * The issuer session behind a token, or null: unknown, revoked, idle, past its limit, its user disabled, or
 * a staff session (the inner join on issuer_users leaves those out, as the staff lookup leaves out these).
 * Not cached: the per-process cache and its announcements (decision 009) serve the staff calls only.
 */
export async function findActiveIssuerSession(db: Db, clock: Clock, token: string) {
  const [row] = await db
    .select({
      session: {
        id: adminSessions.id,
        revokedAt: adminSessions.revokedAt,
        expiresAt: adminSessions.expiresAt,
        lastSeenAt: adminSessions.lastSeenAt,
      },
      user: issuerUserColumns,
    })
    .from(adminSessions)
    .innerJoin(issuerUsers, eq(issuerUsers.id, adminSessions.issuerUserId))
    .innerJoin(issuers, eq(issuers.id, issuerUsers.issuerId))
    .where(eq(adminSessions.tokenHash, hashToken(token)))
    .limit(1);
  if (!row || row.session.revokedAt || row.user.disabledAt) return null;
  const now = clock.now().getTime();
  if (now >= row.session.expiresAt.getTime() || now - row.session.lastSeenAt.getTime() >= ADMIN_SESSION_IDLE_MS) {
    await revokeSession(db, clock, row.session.id, 'expired');
    return null;
  }
  if (now - row.session.lastSeenAt.getTime() >= TOUCH_AFTER_MS)
    await db.update(adminSessions).set({ lastSeenAt: clock.now() }).where(eq(adminSessions.id, row.session.id));
  return { sessionId: row.session.id, user: row.user as IssuerUserView };
}

/**
 * A user without a second factor reaches only these (method, path relative to /api/issuer): enough to see
 * who they are, sign out and enrol. Read fresh on every call, as the session is.
 */
const ALLOWED_BEFORE_MFA_ENROLMENT = new Set([
  'GET /me',
  'POST /logout',
  'GET /mfa',
  'POST /mfa/totp/setup',
  'POST /mfa/totp/enable',
  'POST /mfa/webauthn/register/options',
  'POST /mfa/webauthn/register/verify',
  // Enrolling needs a recent proof: past the step-up window the password is asked again, as for staff.
  'POST /mfa/step-up',
]);

/**
 * Every /api/issuer route but login, its second factor and invitation acceptance: a live issuer session from
 * the bearer token (a staff token is no issuer session: 401), then the enrolment gate. Sets the principal.
 */
export function requireIssuer(deps: AppDeps) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const token = BEARER.exec(c.req.header('Authorization') ?? '')?.[1];
    const found = token ? await findActiveIssuerSession(deps.db, deps.clock, token) : null;
    if (!found) throw new AppError('UNAUTHENTICATED', ISSUER_AUTH_MESSAGES.sessionExpired);
    const { user, sessionId } = found;
    const path = c.req.path.replace(/^\/api\/issuer/, '').replace(/\/$/, '');
    if (user.mfaEnabledAt === null && !ALLOWED_BEFORE_MFA_ENROLMENT.has(`${c.req.method} ${path}`))
      throw new AppError('MFA_ENROLLMENT_REQUIRED', MFA_MESSAGES.enrollmentRequired);
    c.set('issuerUser', { userId: user.id, issuerId: user.issuerId, role: user.role, email: user.email, sessionId });
    await next();
  });
}
