import { MFA_MESSAGES, type MfaProofBody, type MfaStatus } from '@ledgerwell/shared/admin-mfa';
import type { AdminContext, AppDeps, RequestMeta } from '../../lib/context';
import { staffAccount } from '../../identity/account';
import * as enrolment from '../../identity/enrolment';
import * as factorChanges from '../../identity/factor-changes';

/** The signed-in admin as the identity core knows it (decision 023). */
export const staffSession = (admin: AdminContext): enrolment.EnrollingSession => ({
  account: staffAccount(admin.profile),
  sessionId: admin.sessionId,
});

export const mfaRequiredFor = (deps: AppDeps, admin: AdminContext) =>
  deps.config.ADMIN_MFA_ROLES.includes(admin.profile.role);

/** GET /api/admin/mfa */
export function mfaStatus(deps: AppDeps, admin: AdminContext): Promise<MfaStatus> {
  return enrolment.mfaStatus(deps, staffAccount(admin.profile), mfaRequiredFor(deps, admin));
}

/** POST /api/admin/mfa/totp/setup: a new pending secret (encrypted at rest), replacing any earlier one. */
export const setupTotp = (deps: AppDeps, admin: AdminContext, meta: RequestMeta) =>
  enrolment.setupTotp(deps, staffSession(admin), meta);

/** POST /api/admin/mfa/totp/enable: the first code from the app confirms the pending secret. */
export const enableTotp = (deps: AppDeps, admin: AdminContext, code: string, meta: RequestMeta, proof?: string) =>
  enrolment.enableTotp(deps, staffSession(admin), code, meta, proof);

/** The staff side of a factor change: the role's rule decides whether the last factor must stay. */
const staffChange = (deps: AppDeps, admin: AdminContext, factor: MfaProofBody, meta: RequestMeta, proof?: string) => ({
  account: staffAccount(admin.profile),
  mustKeepOne: mfaRequiredFor(deps, admin) ? MFA_MESSAGES.lastMethod : null,
  factor,
  meta,
  proof,
});

/** POST /api/admin/mfa/recovery-codes: a current factor, then 10 new recovery codes; the old ones are void. */
export const regenerateRecoveryCodes = (
  deps: AppDeps,
  admin: AdminContext,
  factor: MfaProofBody,
  meta: RequestMeta,
  proof?: string,
) => factorChanges.regenerateRecoveryCodes(deps, staffChange(deps, admin, factor, meta, proof));

/**
 * POST /api/admin/mfa/totp/disable: a current factor. Refused when the role requires a factor and no
 * passkey remains; the last factor of anyone else takes the recovery codes and mfa_enabled_at with it.
 */
export async function disableTotp(
  deps: AppDeps,
  admin: AdminContext,
  factor: MfaProofBody,
  meta: RequestMeta,
  proof?: string,
) {
  await factorChanges.disableTotp(deps, staffChange(deps, admin, factor, meta, proof));
  deps.sessionCache?.forget(admin.profile.id);
}
