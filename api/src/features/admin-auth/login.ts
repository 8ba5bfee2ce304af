import { eq, sql } from 'drizzle-orm';
import { adminUsers } from '@ledgerwell/db/schema';
import { ADMIN_MESSAGES, type AdminLoginInput } from '@ledgerwell/shared/admin-auth';
import type { MfaMethod } from '@ledgerwell/shared/admin-mfa';
import type { AppDeps, RequestMeta } from '../../lib/context';
import { staffAccount } from '../../identity/account';
import { beginSecondStep, passwordStep, startAdminSession } from '../../identity/sign-in';

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
  const username = input.username.trim();
  const found = await findUserByUsername(deps, username);
  const candidate = found
    ? { user: found, account: staffAccount(found), passwordHash: found.passwordHash, active: found.isActive }
    : null;
  const step = {
    kind: 'staff' as const,
    name: username,
    password: input.password,
    candidate,
    failureMessage: ADMIN_MESSAGES.invalidCredentials,
    tooManyMessage: ADMIN_MESSAGES.tooManyAttempts,
  };
  return passwordStep(deps, step, meta, proof, async (tx, user, rehash): Promise<LoginResult> => {
    if (!user.mfaEnabledAt)
      return {
        mfaRequired: false,
        ...(await startAdminSession(deps, tx, user, meta, rehash ? { passwordHash: rehash } : {})),
      };
    // The right password, but no session yet: the second factor (POST /login/mfa) completes it.
    if (rehash) await tx.update(adminUsers).set({ passwordHash: rehash }).where(eq(adminUsers.id, user.id));
    return beginSecondStep(deps, tx, staffAccount(user), meta);
  });
}

export type LoginResult =
  | ({ mfaRequired: false } & Awaited<ReturnType<typeof startAdminSession>>)
  | { mfaRequired: true; mfaToken: string; methods: MfaMethod[] };
