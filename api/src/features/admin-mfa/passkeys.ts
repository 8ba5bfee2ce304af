import { MFA_MESSAGES, type MfaProofBody, type PasskeyRegisterBody } from '@ledgerwell/shared/admin-mfa';
import type { AdminContext, AppDeps, RequestMeta } from '../../lib/context';
import { staffAccount } from '../../identity/account';
import * as enrolment from '../../identity/enrolment';
import * as factorChanges from '../../identity/factor-changes';
import { mfaRequiredFor, staffSession } from './second-factor';

export const passkeyAssertionOptions = enrolment.passkeyAssertionOptions;

/** POST /mfa/webauthn/register/options: creation options; the user's passkeys are excluded (no double registration). */
export const passkeyRegistrationOptions = (deps: AppDeps, admin: AdminContext) =>
  enrolment.passkeyRegistrationOptions(deps, staffSession(admin));

/** POST /mfa/webauthn/register/verify: stores the passkey; the first factor brings the recovery codes. */
export const registerPasskey = (deps: AppDeps, admin: AdminContext, body: PasskeyRegisterBody, meta: RequestMeta) =>
  enrolment.registerPasskey(deps, staffSession(admin), body, meta);

/**
 * POST /mfa/webauthn/{id}/remove: a current factor (code or passkey). The last factor of a role that
 * requires one stays; anyone else's last takes the recovery codes and mfa_enabled_at with it.
 */
export async function removePasskey(
  deps: AppDeps,
  admin: AdminContext,
  passkeyId: string,
  factor: MfaProofBody,
  meta: RequestMeta,
  proof?: string,
) {
  await factorChanges.removePasskey(deps, {
    account: staffAccount(admin.profile),
    mustKeepOne: mfaRequiredFor(deps, admin) ? MFA_MESSAGES.lastMethod : null,
    passkeyId,
    factor,
    meta,
    proof,
  });
  deps.sessionCache?.forget(admin.profile.id);
}
