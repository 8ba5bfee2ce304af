import { eq } from 'drizzle-orm';
import { adminTotp } from '@ledgerwell/db/schema';
import { MFA_MESSAGES, PASSKEY_MESSAGES, type MfaProofBody, type MfaStatus } from '@ledgerwell/shared/admin-mfa';
import type { AdminContext, AppDeps, RequestMeta } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { recordActivity } from '../activity/record-activity';
import { accountActor, staffAccount } from '../../identity/account';
import * as enrolment from '../../identity/enrolment';
import { hasFactor, settleAfterRemoval, userFactors } from '../../identity/factors';
import { queueFactorChangeNotice } from '../../identity/factor-notices';
import { replaceRecoveryCodes, withFactorProof } from '../../identity/second-factor';

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

/** POST /api/admin/mfa/recovery-codes: a current factor, then 10 new recovery codes; the old ones are void. */
export async function regenerateRecoveryCodes(
  deps: AppDeps,
  admin: AdminContext,
  factor: MfaProofBody,
  meta: RequestMeta,
  proof?: string,
) {
  const account = staffAccount(admin.profile);
  if (!hasFactor(await userFactors(deps.db, account))) throw new AppError('CONFLICT', PASSKEY_MESSAGES.noFactor);
  return withFactorProof(deps, account, factor, meta, proof, async (tx) => {
    const codes = await replaceRecoveryCodes(deps, tx, account);
    await recordActivity(tx, {
      actor: accountActor(account),
      action: 'MFA_RECOVERY_CODES_REGENERATED',
      resourceType: 'admin_user',
      resourceId: account.id,
      meta,
    });
    await queueFactorChangeNotice(deps, tx, account, { kind: 'recovery-codes-regenerated' }, meta);
    return codes;
  });
}

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
  const account = staffAccount(admin.profile);
  const totp = await enrolment.readTotp(deps.db, account);
  if (!totp?.enabledAt) throw new AppError('CONFLICT', MFA_MESSAGES.totpNotEnabled);
  if (mfaRequiredFor(deps, admin) && (await userFactors(deps.db, account)).passkeys === 0)
    throw new AppError('CONFLICT', MFA_MESSAGES.lastMethod);
  await withFactorProof(deps, account, factor, meta, proof, async (tx) => {
    await tx.delete(adminTotp).where(eq(adminTotp.adminUserId, account.id));
    // A passkey removed meanwhile would leave a required role with nothing: the transaction undoes it all.
    if ((await settleAfterRemoval(tx, deps.clock, account)) && mfaRequiredFor(deps, admin))
      throw new AppError('CONFLICT', MFA_MESSAGES.lastMethod);
    await recordActivity(tx, {
      actor: accountActor(account),
      action: 'MFA_TOTP_DISABLED',
      resourceType: 'admin_user',
      resourceId: account.id,
      meta,
    });
    await queueFactorChangeNotice(deps, tx, account, { kind: 'totp-removed' }, meta);
  });
  deps.sessionCache?.forget(account.id);
}
