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
import { guardAttempt, type ThrottleRule } from '../lib/attempt-guard';
import { AppError } from '../lib/errors';
import { clearHits } from '../lib/throttle';
import { recordActivity } from '../features/activity/record-activity';
import { createSession } from './sessions';
import { toProfile, type AdminUserRow } from './profile';
import { accountActor, sessionResource, staffAccount, throttlePrefix, type Account, type AccountKind } from './account';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from './passwords';
import { factorMethods, userFactors } from './factors';
import { issueMfaToken } from './mfa-token';

/** The sign-in name's throttle key: a staff username, an issuer user's e-mail, each under its own kind. */
export const signInKey = (kind: AccountKind, name: string) =>
  `${throttlePrefix(kind)}-login:user:${name.trim().toLowerCase()}`;
export const accountKey = (username: string) => signInKey('staff', username);
export const ipKey = (ip: string, kind: AccountKind = 'staff') =>
  `${throttlePrefix(kind)}-login:ip:${throttleAddress(ip)}`;

/** Failures count against the account and against the address, whichever trips first. */
export function loginRules(
  username: string,
  ip: string,
  kind: AccountKind = 'staff',
  message: string = ADMIN_MESSAGES.tooManyAttempts,
): ThrottleRule[] {
  const rule = (key: string, limit: number) => ({ key, limit, windowMs: ADMIN_LOGIN_WINDOW_MS, message });
  return [
    rule(signInKey(kind, username), ADMIN_LOGIN_MAX_FAILURES_PER_ACCOUNT),
    rule(ipKey(ip, kind), ADMIN_LOGIN_MAX_FAILURES_PER_IP),
  ];
}

/** The account a typed name matched, with what the password step needs of it. */
export interface SignInCandidate<U> {
  user: U;
  account: Account;
  passwordHash: string;
  active: boolean;
}

/**
 * The password step of a sign-in, for either kind of account. The attempt is recorded before anything is
 * decided (guardAttempt: past the limit a proof of work is asked, nobody is locked out); an unknown name is
 * checked against a dummy hash and answers as a wrong password, in about the same time. On success the
 * account's failures are forgiven and `then` runs in the same transaction, with the new hash when the stored
 * one used older parameters.
 */
export async function passwordStep<U, R>(
  deps: AppDeps,
  input: {
    kind: AccountKind;
    name: string;
    password: string;
    candidate: SignInCandidate<U> | null;
    failureMessage: string;
    tooManyMessage: string;
  },
  meta: RequestMeta,
  proof: string | undefined,
  then: (tx: Db, user: U, rehash: string | null) => Promise<R>,
): Promise<R> {
  const { kind, candidate } = input;
  // A typed name that matches no account is not stored: it is often a password typed in the wrong field.
  const actor = candidate ? accountActor(candidate.account) : { id: null, username: null };
  const resourceType = sessionResource(kind);
  const attempt = await guardAttempt(deps, loginRules(input.name, meta.ip, kind, input.tooManyMessage), {
    proof,
    onRefused: () => recordActivity(deps.db, { actor, action: 'LOGIN_THROTTLED', resourceType, meta }),
  });
  const passwordOk = candidate
    ? await verifyPassword(candidate.passwordHash, input.password)
    : await verifyAgainstDummy(input.password);
  if (!candidate || !passwordOk || !candidate.active) {
    await recordActivity(deps.db, {
      actor,
      action: 'LOGIN_FAILED',
      resourceType,
      details: { reason: !candidate ? 'unknown_user' : !passwordOk ? 'wrong_password' : 'inactive' },
      meta,
    });
    throw new AppError('INVALID_CREDENTIALS', input.failureMessage);
  }
  const rehash = needsRehash(candidate.passwordHash) ? await hashPassword(input.password) : null;
  return deps.db.transaction(async (tx) => {
    await attempt.forgive(tx);
    await clearHits(tx, signInKey(kind, input.name));
    return then(tx, candidate.user, rehash);
  });
}

/**
 * A new session of either kind and its LOGIN activity row, in the caller's transaction. The session proved
 * the account's strongest credential (for step-up) when a second factor was used or the account has none.
 */
export async function openSession(
  deps: AppDeps,
  tx: Db,
  account: Account,
  meta: RequestMeta,
  mfaVerified: boolean,
  details?: Record<string, unknown>,
) {
  const session = await createSession(tx, deps.clock, account, meta, mfaVerified);
  await recordActivity(tx, {
    actor: accountActor(account),
    action: 'LOGIN',
    resourceType: sessionResource(account.kind),
    resourceId: session.sessionId,
    ...(details ? { details } : {}),
    meta,
  });
  return session;
}

/**
 * The end of every successful staff sign-in (password alone, or password then second factor): a session,
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
  const mfaVerified = details?.mfaMethod !== undefined || user.mfaEnabledAt === null;
  const session = await openSession(deps, tx, staffAccount(user), meta, mfaVerified, details);
  const [updated] = await tx
    .update(adminUsers)
    .set({ lastLoginAt: deps.clock.now(), ...changes })
    .where(eq(adminUsers.id, user.id))
    .returning();
  return {
    token: session.token,
    expiresAt: session.expiresAt,
    user: toProfile(updated ?? user, deps.config.ADMIN_MFA_ROLES),
  };
}

/**
 * The right password of an account with a second factor, in the password step's transaction: no session yet,
 * an mfaToken for the second step, the LOGIN_MFA_REQUIRED row and the methods the step may offer.
 */
export async function beginSecondStep(deps: AppDeps, tx: Db, account: Account, meta: RequestMeta) {
  const mfaToken = await issueMfaToken(tx, deps.clock, account);
  await recordActivity(tx, {
    actor: accountActor(account),
    action: 'LOGIN_MFA_REQUIRED',
    resourceType: sessionResource(account.kind),
    meta,
  });
  return { mfaRequired: true as const, mfaToken, methods: factorMethods(await userFactors(tx, account)) };
}
