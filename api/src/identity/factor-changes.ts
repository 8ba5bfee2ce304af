import { and, eq } from 'drizzle-orm';
import { adminPasskeys, adminTotp } from '@ledgerwell/db/schema';
import { MFA_MESSAGES, PASSKEY_MESSAGES, type MfaProofBody } from '@ledgerwell/shared/admin-mfa';
import type { AppDeps, RequestMeta } from '../lib/context';
import { AppError } from '../lib/errors';
import { isUuid } from '../lib/ids';
import { recordActivity } from '../features/activity/record-activity';
import { accountActor, accountResource, ownedBy, type Account } from './account';
import { findPasskey, readTotp } from './enrolment';
import { hasFactor, settleAfterRemoval, userFactors } from './factors';
import { queueFactorChangeNotice } from './factor-notices';
import { replaceRecoveryCodes, withFactorProof } from './second-factor';

/**
 * A signed-in account changing its own factors, each change proved by a current factor. `mustKeepOne` is the
 * message that refuses removing the last factor (409) when the account must always have one (a staff role that
 * requires it, every issuer user); null when the account may go without.
 */
export interface FactorChange {
  account: Account;
  mustKeepOne: string | null;
  factor: MfaProofBody;
  meta: RequestMeta;
  proof?: string;
}

/** …/mfa/recovery-codes: a current factor, then 10 new recovery codes; the old ones are void. */
export async function regenerateRecoveryCodes(deps: AppDeps, change: Omit<FactorChange, 'mustKeepOne'>) {
  const { account, meta } = change;
  if (!hasFactor(await userFactors(deps.db, account))) throw new AppError('CONFLICT', PASSKEY_MESSAGES.noFactor);
  return withFactorProof(deps, account, change.factor, meta, change.proof, async (tx) => {
    const codes = await replaceRecoveryCodes(deps, tx, account);
    await recordActivity(tx, {
      actor: accountActor(account),
      action: 'MFA_RECOVERY_CODES_REGENERATED',
      resourceType: accountResource(account.kind),
      resourceId: account.id,
      meta,
    });
    await queueFactorChangeNotice(deps, tx, account, { kind: 'recovery-codes-regenerated' }, meta);
    return codes;
  });
}

/**
 * …/mfa/totp/disable: a current factor. Refused when the account must keep a factor and no passkey remains;
 * otherwise the last factor takes the recovery codes and mfa_enabled_at with it.
 */
export async function disableTotp(deps: AppDeps, change: FactorChange): Promise<void> {
  const { account, mustKeepOne, meta } = change;
  const totp = await readTotp(deps.db, account);
  if (!totp?.enabledAt) throw new AppError('CONFLICT', MFA_MESSAGES.totpNotEnabled);
  if (mustKeepOne && (await userFactors(deps.db, account)).passkeys === 0) throw new AppError('CONFLICT', mustKeepOne);
  await withFactorProof(deps, account, change.factor, meta, change.proof, async (tx) => {
    await tx.delete(adminTotp).where(ownedBy(adminTotp, account));
    // A passkey removed meanwhile would leave nothing: the transaction undoes it all.
    if ((await settleAfterRemoval(tx, deps.clock, account)) && mustKeepOne) throw new AppError('CONFLICT', mustKeepOne);
    await recordActivity(tx, {
      actor: accountActor(account),
      action: 'MFA_TOTP_DISABLED',
      resourceType: accountResource(account.kind),
      resourceId: account.id,
      meta,
    });
    await queueFactorChangeNotice(deps, tx, account, { kind: 'totp-removed' }, meta);
  });
}

/**
 * …/mfa/webauthn/{id}/remove: a current factor (code or passkey). Another account's passkey is a 404, as an
 * unknown one; the last factor stays when the account must keep one.
 */
export async function removePasskey(deps: AppDeps, change: FactorChange & { passkeyId: string }): Promise<void> {
  const { account, mustKeepOne, meta, passkeyId } = change;
  if (!isUuid(passkeyId)) throw new AppError('NOT_FOUND', PASSKEY_MESSAGES.notFound);
  const passkey = await findPasskey(deps.db, account, passkeyId);
  const factors = await userFactors(deps.db, account);
  if (mustKeepOne && !factors.totp && factors.passkeys <= 1) throw new AppError('CONFLICT', mustKeepOne);
  await withFactorProof(deps, account, change.factor, meta, change.proof, async (tx) => {
    const mine = and(eq(adminPasskeys.id, passkeyId), ownedBy(adminPasskeys, account));
    const removed = await tx.delete(adminPasskeys).where(mine).returning({ id: adminPasskeys.id });
    if (removed.length === 0) throw new AppError('NOT_FOUND', PASSKEY_MESSAGES.notFound);
    // Another factor removed meanwhile would leave nothing: the transaction undoes it all.
    if ((await settleAfterRemoval(tx, deps.clock, account)) && mustKeepOne) throw new AppError('CONFLICT', mustKeepOne);
    await recordActivity(tx, {
      actor: accountActor(account),
      action: 'MFA_PASSKEY_REMOVED',
      resourceType: accountResource(account.kind),
      resourceId: account.id,
      details: { passkeyId, name: passkey.name },
      meta,
    });
    await queueFactorChangeNotice(deps, tx, account, { kind: 'passkey-removed', name: passkey.name }, meta);
  });
}
