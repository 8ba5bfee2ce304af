import { eq } from 'drizzle-orm';
import type { Db } from '@ledgerwell/db/client';
import { adminUsers } from '@ledgerwell/db/schema';
import type { MfaLoginBody, PasskeyLoginBody } from '@ledgerwell/shared/admin-mfa';
import type { AppDeps, RequestMeta } from '../../lib/context';
import { startAdminSession } from '../../identity/sign-in';
import { consumeMfaToken, findLiveMfaToken, mfaTokenInvalid } from '../../identity/mfa-token';
import { passkeyAssertionOptions } from './passkeys';
import { withPasskey, withSecondFactor, type UsedMethod } from './second-factor';

/** The live mfaToken's row and its (still active) user, or 401 MFA_TOKEN_INVALID. */
async function pendingSignIn(deps: AppDeps, mfaToken: string) {
  const pending = await findLiveMfaToken(deps.db, deps.clock, mfaToken);
  const [user] = await deps.db.select().from(adminUsers).where(eq(adminUsers.id, pending.adminUserId)).limit(1);
  if (!user?.isActive) throw mfaTokenInvalid();
  return { pending, user };
}

/** Completes a sign-in in the proof's transaction: the token is consumed with the session's creation. */
const finishSignIn =
  (deps: AppDeps, { pending, user }: Awaited<ReturnType<typeof pendingSignIn>>, meta: RequestMeta) =>
  async (tx: Db, method: UsedMethod) => {
    if (!(await consumeMfaToken(tx, deps.clock, pending.id))) throw mfaTokenInvalid();
    return startAdminSession(deps, tx, user, meta, {}, { mfaMethod: method });
  };

/**
 * POST /api/admin/login/mfa: the second step of a sign-in. The token stays usable for more attempts
 * (the throttle limits them) until it expires or completes a sign-in, which consumes it.
 */
export async function loginWithSecondFactor(deps: AppDeps, input: MfaLoginBody, meta: RequestMeta, proof?: string) {
  const signIn = await pendingSignIn(deps, input.mfaToken);
  return withSecondFactor(deps, signIn.user, input.code, meta, proof, finishSignIn(deps, signIn, meta));
}

/** POST /api/admin/login/webauthn/options: an assertion challenge bound to this mfaToken. */
export async function passkeyLoginOptions(deps: AppDeps, mfaToken: string) {
  const { pending, user } = await pendingSignIn(deps, mfaToken);
  return passkeyAssertionOptions(deps, { userId: user.id, purpose: 'login', mfaTokenId: pending.id });
}

/** POST /api/admin/login/webauthn/verify: the second step with a passkey, under the same throttle as codes. */
export async function loginWithPasskey(deps: AppDeps, input: PasskeyLoginBody, meta: RequestMeta, proof?: string) {
  const signIn = await pendingSignIn(deps, input.mfaToken);
  const binding = { purpose: 'login' as const, mfaTokenId: signIn.pending.id };
  return withPasskey(deps, signIn.user, input.response, binding, meta, proof, finishSignIn(deps, signIn, meta));
}
