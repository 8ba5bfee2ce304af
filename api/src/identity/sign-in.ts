import { eq } from 'drizzle-orm';
import { adminUsers } from '@ledgerwell/db/schema';
import {
  ADMIN_LOGIN_MAX_FAILURES_PER_ACCOUNT,
  ADMIN_LOGIN_MAX_FAILURES_PER_IP,
  ADMIN_LOGIN_WINDOW_MS,
  ADMIN_MESSAGES,
} from '@ledgerwell/shared/admin-auth';
import type { Db } from '@ledgerwell/db/client';
import type { AppDeps, RequestMeta } from '../lib/context';
import { throttleAddress } from '../lib/client-address';
import type { ThrottleRule } from '../lib/attempt-guard';
import { recordActivity } from '../features/activity/record-activity';
import { createSession } from './sessions';
import { toProfile, type AdminUserRow } from './profile';

export const accountKey = (username: string) => `admin-login:user:${username.trim().toLowerCase()}`;
export const ipKey = (ip: string) => `admin-login:ip:${throttleAddress(ip)}`;

/** Failures count against the account and against the address, whichever trips first. */
export function loginRules(username: string, ip: string): ThrottleRule[] {
  const rule = (key: string, limit: number) => ({
    key,
    limit,
    windowMs: ADMIN_LOGIN_WINDOW_MS,
    message: ADMIN_MESSAGES.tooManyAttempts,
  });
  return [
    rule(accountKey(username), ADMIN_LOGIN_MAX_FAILURES_PER_ACCOUNT),
    rule(ipKey(ip), ADMIN_LOGIN_MAX_FAILURES_PER_IP),
  ];
}

/**
 * The end of every successful sign-in (password alone, or password then second factor): a session,
 * lastLoginAt, the LOGIN activity row, in the caller's transaction.
 */
export async function startAdminSession(
  deps: AppDeps,
  tx: Db,
  user: AdminUserRow,
  meta: RequestMeta,
  changes: Partial<Pick<AdminUserRow, 'passwordHash'>> = {},
  details?: Record<string, unknown>,
) {
  const { clock } = deps;
  // The session proved the user's strongest credential: the second factor, or the password of a user without one (step-up).
  const session = await createSession(
    tx,
    clock,
    user.id,
    meta,
    details?.mfaMethod !== undefined || user.mfaEnabledAt === null,
  );
  const [updated] = await tx
    .update(adminUsers)
    .set({ lastLoginAt: clock.now(), ...changes })
    .where(eq(adminUsers.id, user.id))
    .returning();
  await recordActivity(tx, {
    actor: { id: user.id, username: user.username },
    action: 'LOGIN',
    resourceType: 'admin_session',
    resourceId: session.sessionId,
    ...(details ? { details } : {}),
    meta,
  });
  return {
    token: session.token,
    expiresAt: session.expiresAt,
    user: toProfile(updated ?? user, deps.config.ADMIN_MFA_ROLES),
  };
}
