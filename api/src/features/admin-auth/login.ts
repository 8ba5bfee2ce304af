import { eq, sql } from 'drizzle-orm';
import { adminUsers } from '@ledgerwell/db/schema';
import { ADMIN_MESSAGES, type AdminLoginInput } from '@ledgerwell/shared/admin-auth';
import type { MfaMethod } from '@ledgerwell/shared/admin-mfa';
import { AppError } from '../../lib/errors';
import type { AppDeps, RequestMeta } from '../../lib/context';
import { guardAttempt } from '../../lib/attempt-guard';
import { clearHits } from '../../lib/throttle';
import { recordActivity } from '../activity/record-activity';
import { factorMethods, userFactors } from '../../identity/factors';
import { issueMfaToken } from '../../identity/mfa-token';
import { accountKey, loginRules, startAdminSession } from '../../identity/sign-in';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from '../../identity/passwords';

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
export async function login(
  deps: AppDeps,
  input: AdminLoginInput,
  meta: RequestMeta,
  proof?: string,
): Promise<LoginResult> {
  const { db, clock } = deps;
  const username = input.username.trim();
  const user = await findUserByUsername(deps, username);
  // A typed name that matches no account is not stored (issue 27): it is often a password typed in the wrong field.
  const actor = { id: user?.id ?? null, username: user?.username ?? null };
  const attempt = await guardAttempt(deps, loginRules(username, meta.ip), {
    proof,
    onRefused: () => recordActivity(db, { actor, action: 'LOGIN_THROTTLED', resourceType: 'admin_session', meta }),
  });

  const passwordOk = user
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyAgainstDummy(input.password);
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
      await recordActivity(tx, {
        actor: { id: user.id, username: user.username },
        action: 'LOGIN_MFA_REQUIRED',
        resourceType: 'admin_session',
        meta,
      });
      const methods = factorMethods(await userFactors(tx, user.id));
      return { mfaRequired: true, mfaToken, methods };
    });
  }
  return db.transaction(async (tx): Promise<LoginResult> => {
    await attempt.forgive(tx);
    await clearHits(tx, accountKey(username));
    return {
      mfaRequired: false,
      ...(await startAdminSession(deps, tx, user, meta, rehash ? { passwordHash: rehash } : {})),
    };
  });
}

export type LoginResult =
  | ({ mfaRequired: false } & Awaited<ReturnType<typeof startAdminSession>>)
  | { mfaRequired: true; mfaToken: string; methods: MfaMethod[] };
