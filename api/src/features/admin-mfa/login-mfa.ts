import { eq } from 'drizzle-orm';
import { adminUsers } from '@ledgerwell/db/schema';
import type { MfaLoginBody } from '@ledgerwell/shared/admin-mfa';
import type { AppDeps, RequestMeta } from '../../lib/context';
import { startAdminSession } from '../admin-auth/login';
import { consumeMfaToken, findLiveMfaToken, mfaTokenInvalid } from './mfa-token';
import { withSecondFactor } from './second-factor';

/**
 * POST /api/admin/login/mfa: the second step of a sign-in. The token stays usable for more attempts
 * (the throttle limits them) until it expires or completes a sign-in, which consumes it.
 */
export async function loginWithSecondFactor(deps: AppDeps, input: MfaLoginBody, meta: RequestMeta, proof?: string) {
  const pending = await findLiveMfaToken(deps.db, deps.clock, input.mfaToken);
  const [user] = await deps.db.select().from(adminUsers).where(eq(adminUsers.id, pending.adminUserId)).limit(1);
  if (!user?.isActive) throw mfaTokenInvalid();
  return withSecondFactor(deps, user, input.code, meta, proof, async (tx, method) => {
    if (!(await consumeMfaToken(tx, deps.clock, pending.id))) throw mfaTokenInvalid();
    return startAdminSession(deps, tx, user, meta, {}, { mfaMethod: method });
  });
}
