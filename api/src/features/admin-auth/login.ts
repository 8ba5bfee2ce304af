import { eq, sql } from 'drizzle-orm';
import { adminUsers } from '@ledgerwell/db/schema';
import {
  ADMIN_LOGIN_MAX_FAILURES_PER_ACCOUNT,
  ADMIN_LOGIN_MAX_FAILURES_PER_IP,
  ADMIN_LOGIN_WINDOW_MS,
  ADMIN_MESSAGES,
  type AdminLoginInput,
} from '@ledgerwell/shared/admin-auth';
import type { Db } from '@ledgerwell/db/client';
import type { MfaMethod } from '@ledgerwell/shared/admin-mfa';
import { AppError } from '../../lib/errors';
import type { AppDeps, RequestMeta } from '../../lib/context';
import { throttleAddress } from '../../lib/client-address';
import { guardAttempt, type ThrottleRule } from '../../lib/attempt-guard';
import { clearHits } from '../../lib/throttle';
import { recordActivity } from '../activity/record-activity';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from './passwords';
import { issueMfaToken } from '../admin-mfa/mfa-token';
import { factorMethods, userFactors } from '../admin-mfa/factors';
import { toProfile, type AdminUserRow } from './profile';
import { createSession } from './sessions';

export const accountKey = (username: string) => `admin-login:user:${username.trim().toLowerCase()}`;
export const ipKey = (ip: string) => `admin-login:ip:${throttleAddress(ip)}`;

/** Failures count against the account and against the address, whichever trips first. */
export function loginRules(username: string, ip: string): ThrottleRule[] {
  const rule = (key: string, limit: number) => ({ key, limit, windowMs: ADMIN_LOGIN_WINDOW_MS, message: ADMIN_MESSAGES.tooManyAttempts });
  return [rule(accountKey(username), ADMIN_LOGIN_MAX_FAILURES_PER_ACCOUNT), rule(ipKey(ip), ADMIN_LOGIN_MAX_FAILURES_PER_IP)];
}

export async function findUserByUsername(deps: AppDeps, username: string) {
  const [user] = await deps.db
    .select()
    .from(adminUsers)
    .where(eq(sql`lower(${adminUsers.username})`, username.trim().toLowerCase()))
    .limit(1);
  return user ?? null;
}

/**
 * Signs an admin in. Unknown users, wrong passwords and inactive accounts get the same answer in
 * about the same time; failures count against the account and the address, in the database.
 */
export async function login(deps: AppDeps, input: AdminLoginInput, meta: RequestMeta, proof?: string): Promise<LoginResult> {
  const { db, clock } = deps;
  const username = input.username.trim();
  const user = await findUserByUsername(deps, username);
  const actor = { id: user?.id ?? null, username };
  const attempt = await guardAttempt(deps, loginRules(username, meta.ip), {
    proof,
    onRefused: () => recordActivity(db, { actor, action: 'LOGIN_THROTTLED', resourceType: 'admin_session', meta }),
  });

  const passwordOk = user ? await verifyPassword(user.passwordHash, input.password) : await verifyAgainstDummy(input.password);
  if (!user || !passwordOk || !user.isActive) {
    await recordActivity(db, {
      actor,
      action: 'LOGIN_FAILED',
      resourceType: 'admin_session',
      details: { reason: !user ? 'unknown_user' : !passwordOk ? 'wrong_password' : 'inactive' },
      meta,
    });
    throw new AppError('INVALID_CREDENTIALS', ADMIN_MESSAGES.invalidCredentials);
  }

  const rehash = needsRehash(user.passwordHash) ? await hashPassword(input.password) : null;
  if (user.mfaEnabledAt) {
    // The right password, but no session yet: the second factor (POST /login/mfa) completes it.
    return db.transaction(async (tx): Promise<LoginResult> => {
      if (rehash) await tx.update(adminUsers).set({ passwordHash: rehash }).where(eq(adminUsers.id, user.id));
      await attempt.forgive(tx);
      await clearHits(tx, accountKey(username));
      const mfaToken = await issueMfaToken(tx, clock, user.id);
      await recordActivity(tx, { actor: { id: user.id, username: user.username }, action: 'LOGIN_MFA_REQUIRED', resourceType: 'admin_session', meta });
      const methods = factorMethods(await userFactors(tx, user.id));
      return { mfaRequired: true, mfaToken, methods };
    });
  }
  return db.transaction(async (tx): Promise<LoginResult> => {
    await attempt.forgive(tx);
    await clearHits(tx, accountKey(username));
    return { mfaRequired: false, ...(await startAdminSession(deps, tx, user, meta, rehash ? { passwordHash: rehash } : {})) };
  });
}

export type LoginResult =
  | ({ mfaRequired: false } & Awaited<ReturnType<typeof startAdminSession>>)
  | { mfaRequired: true; mfaToken: string; methods: MfaMethod[] };

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
  const session = await createSession(tx, clock, user.id, meta, details?.mfaMethod !== undefined || user.mfaEnabledAt === null);
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
  return { token: session.token, expiresAt: session.expiresAt, user: toProfile(updated ?? user, deps.config.ADMIN_MFA_ROLES) };
}
