import Big from 'big.js';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '@ledgerwell/db/client';
import { certificates, certificateStopOrders } from '@ledgerwell/db/ledger-schema';
import { CERTIFICATE_MESSAGES } from '@ledgerwell/shared/certificates';
import { LEDGER_MESSAGES as M, type ReissuanceInput } from '@ledgerwell/shared/ledger';
import type { AppDeps, RequestMeta } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { recordActivity, type Actor } from '../activity/record-activity';
import { checkEffectiveDate, issuerToday } from './effective-date';
import { insertTransaction, issueCertificate, loadClass, lockPositions, writeLegs, type Leg } from './journal';
import { withPostingErrors } from './posting-errors';
import type { ReplayOptions } from './post-transfer';
import { readTransaction } from './transaction-view';

/** The certificate to replace, locked, with the reason of the stop order in force (if any). */
async function lockStoppedCertificate(tx: Db, certificateId: string) {
  const [certificate] = await tx
    .select({
      id: certificates.id,
      number: certificates.number,
      classId: certificates.classId,
      accountId: certificates.accountId,
      shares: certificates.shares,
      registration: certificates.registration,
      status: certificates.status,
      issueDate: certificates.issueDate,
    })
    .from(certificates)
    .where(eq(certificates.id, certificateId))
    .for('update');
  if (!certificate) throw new AppError('NOT_FOUND', CERTIFICATE_MESSAGES.notFound);
  if (certificate.status === 'CANCELLED') throw new AppError('CERTIFICATE_CANCELLED', M.certificateCancelled);
  if (certificate.status !== 'STOPPED') throw new AppError('CERTIFICATE_NOT_STOPPED', M.reissueNeedsStop);
  const [stop] = await tx
    .select({ reason: certificateStopOrders.reason })
    .from(certificateStopOrders)
    .where(and(eq(certificateStopOrders.certificateId, certificateId), eq(certificateStopOrders.action, 'PLACED')))
    .orderBy(desc(certificateStopOrders.createdAt))
    .limit(1);
  if (stop?.reason === 'ADVERSE_CLAIM') throw new AppError('CERTIFICATE_NOT_STOPPED', M.reissueAdverseClaim);
  return certificate;
}

/**
 * REISSUANCE inside the caller's transaction (a staff posting, or an approved lost-certificate request): the
 * stopped certificate is cancelled by this transaction and its shares come back to the same account, as DRS or on
 * a new certificate whose source is the old one, so the chain closes. Nothing is issued or cancelled in the
 * control book's sense: the shares outstanding stay as they were. Returns the transaction id.
 */
export async function postReissuanceIn(
  tx: Db,
  deps: AppDeps,
  actor: Actor,
  input: ReissuanceInput,
  sourceRequestId: string | null,
  options: Pick<ReplayOptions, 'advise'> = {},
): Promise<string> {
  const old = await lockStoppedCertificate(tx, input.certificateId);
  const postingClass = await loadClass(tx, old.classId);
  const effectiveDate = input.effectiveDate ?? issuerToday(deps, postingClass);
  checkEffectiveDate(deps, postingClass, { effectiveDate, memo: input.memo });
  if (effectiveDate < old.issueDate)
    throw new AppError('VALIDATION_ERROR', M.reissueBeforeIssue, { effectiveDate: M.reissueBeforeIssue });
  await lockPositions(tx, [old.accountId]);
  const header = {
    type: 'REISSUANCE' as const,
    postingClass,
    effectiveDate,
    actor,
    memo: input.memo,
    sourceRequestId,
  };
  const id = await insertTransaction(tx, header);
  await tx
    .update(certificates)
    .set({ status: 'CANCELLED', cancelledBy: id, cancellationDate: effectiveDate })
    .where(eq(certificates.id, old.id));
  const shares = Big(old.shares);
  const legs: Leg[] = [
    { accountId: old.accountId, quantity: shares.neg(), form: 'CERTIFICATE', certificateId: old.id },
  ];
  if (input.replacementForm === 'CERTIFICATE') {
    const replacement = await issueCertificate(tx, id, header, {
      accountId: old.accountId,
      registration: old.registration,
      shares,
      number: input.replacementCertificateNumber,
      sourceCertificateId: old.id,
    });
    legs.push({ accountId: old.accountId, quantity: shares, form: 'CERTIFICATE', certificateId: replacement.id });
  } else {
    legs.push({ accountId: old.accountId, quantity: shares, form: 'DRS' });
  }
  await writeLegs(tx, id, header, legs, options.advise === undefined ? deps : options.advise);
  return id;
}

/** POST /ledger/reissuances: a replacement certificate or DRS credit for a stopped certificate, with its activity row. */
export async function postReissuance(deps: AppDeps, actor: Actor, input: ReissuanceInput, meta: RequestMeta | null) {
  return withPostingErrors(() =>
    deps.db.transaction(async (tx) => {
      const id = await postReissuanceIn(tx, deps, actor, input, null);
      const view = await readTransaction(tx, id);
      await recordActivity(tx, {
        actor,
        action: 'LEDGER_REISSUANCE_POSTED',
        resourceType: 'ledger',
        resourceId: id,
        details: { certificateId: input.certificateId, replacementForm: input.replacementForm },
        meta,
      });
      return view;
    }),
  );
}
