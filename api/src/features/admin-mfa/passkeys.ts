import { and, eq } from 'drizzle-orm';
import { adminPasskeys } from '@ledgerwell/db/schema';
import {
  MFA_MESSAGES,
  PASSKEY_MESSAGES,
  type MfaProofBody,
  type PasskeyRegisterBody,
} from '@ledgerwell/shared/admin-mfa';
import type { AdminContext, AppDeps, RequestMeta } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { recordActivity } from '../activity/record-activity';
import { accountActor, staffAccount } from '../../identity/account';
import * as enrolment from '../../identity/enrolment';
import { settleAfterRemoval, userFactors } from '../../identity/factors';
import { queueFactorChangeNotice } from '../../identity/factor-notices';
import { withFactorProof } from '../../identity/second-factor';
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
  const account = staffAccount(admin.profile);
  if (!isUuid(passkeyId)) throw new AppError('NOT_FOUND', PASSKEY_MESSAGES.notFound);
  const passkey = await enrolment.findPasskey(deps.db, account, passkeyId);
  const required = mfaRequiredFor(deps, admin);
  const factors = await userFactors(deps.db, account);
  if (required && !factors.totp && factors.passkeys <= 1) throw new AppError('CONFLICT', MFA_MESSAGES.lastMethod);
  await withFactorProof(deps, account, factor, meta, proof, async (tx) => {
    const mine = and(eq(adminPasskeys.id, passkeyId), eq(adminPasskeys.adminUserId, account.id));
    const removed = await tx.delete(adminPasskeys).where(mine).returning({ id: adminPasskeys.id });
    if (removed.length === 0) throw new AppError('NOT_FOUND', PASSKEY_MESSAGES.notFound);
    // Another factor removed meanwhile would leave a required role with nothing: the transaction undoes it all.
    if ((await settleAfterRemoval(tx, deps.clock, account)) && required)
      throw new AppError('CONFLICT', MFA_MESSAGES.lastMethod);
    await recordActivity(tx, {
      actor: accountActor(account),
      action: 'MFA_PASSKEY_REMOVED',
      resourceType: 'admin_user',
      resourceId: account.id,
      details: { passkeyId, name: passkey.name },
      meta,
    });
    await queueFactorChangeNotice(deps, tx, account, { kind: 'passkey-removed', name: passkey.name }, meta);
  });
  deps.sessionCache?.forget(account.id);
}
