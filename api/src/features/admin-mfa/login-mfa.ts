import { eq } from 'drizzle-orm';
import { adminUsers } from '@ledgerwell/db/schema';
import type { MfaLoginBody, PasskeyLoginBody } from '@ledgerwell/shared/admin-mfa';
import type { AppDeps, RequestMeta } from '../../lib/context';
import { startAdminSession } from '../../identity/sign-in';
import { staffAccount } from '../../identity/account';
import { passkeyAssertionOptions } from '../../identity/enrolment';
import { finishSignIn, pendingSignIn } from '../../identity/mfa-token';
import { withPasskey, withSecondFactor, type UsedMethod } from '../../identity/second-factor';

/** The live staff mfaToken's row and its (still active) user, or 401 MFA_TOKEN_INVALID. */
function pendingStaffSignIn(deps: AppDeps, mfaToken: string) {
  return pendingSignIn(deps, 'staff', mfaToken, async (userId) => {
    const [user] = await deps.db.select().from(adminUsers).where(eq(adminUsers.id, userId)).limit(1);
    return user?.isActive ? user : null;
  });
}

type PendingStaffSignIn = Awaited<ReturnType<typeof pendingStaffSignIn>>;

const finish = (deps: AppDeps, { pending, user }: PendingStaffSignIn, meta: RequestMeta) =>
  finishSignIn(deps.clock, pending.id, (tx, method: UsedMethod) =>
    startAdminSession(deps, tx, user, meta, {}, { mfaMethod: method }),
  );

/**
 * POST /api/admin/login/mfa: the second step of a sign-in. The token stays usable for more attempts
 * (the throttle limits them) until it expires or completes a sign-in, which consumes it.
 */
export async function loginWithSecondFactor(deps: AppDeps, input: MfaLoginBody, meta: RequestMeta, proof?: string) {
  const signIn = await pendingStaffSignIn(deps, input.mfaToken);
  return withSecondFactor(deps, staffAccount(signIn.user), input.code, meta, proof, finish(deps, signIn, meta));
}

/** POST /api/admin/login/webauthn/options: an assertion challenge bound to this mfaToken. */
export async function passkeyLoginOptions(deps: AppDeps, mfaToken: string) {
  const { pending, user } = await pendingStaffSignIn(deps, mfaToken);
  return passkeyAssertionOptions(deps, { account: staffAccount(user), purpose: 'login', mfaTokenId: pending.id });
}

/** POST /api/admin/login/webauthn/verify: the second step with a passkey, under the same throttle as codes. */
export async function loginWithPasskey(deps: AppDeps, input: PasskeyLoginBody, meta: RequestMeta, proof?: string) {
  const signIn = await pendingStaffSignIn(deps, input.mfaToken);
  const binding = { purpose: 'login' as const, mfaTokenId: signIn.pending.id };
  const account = staffAccount(signIn.user);
  return withPasskey(deps, account, input.response, binding, meta, proof, finish(deps, signIn, meta));
}
