import Big from 'big.js';
import { LEDGER_MESSAGES as M, type TransferInput } from '@ledgerwell/shared/ledger';
import type { Db } from '@ledgerwell/db/client';
import type { AppDeps, RequestMeta } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { recordActivity, type Actor } from '../activity/record-activity';
import { checkEffectiveDate, issuerToday } from './effective-date';
import {
  consumeCertificates,
  insertTransaction,
  issueCertificate,
  loadAccounts,
  loadClass,
  leastDrsFrom,
  lockPositions,
  writeLegs,
  type Leg,
} from './journal';
import { readTransaction } from './transaction-view';
import { withPostingErrors } from './posting-errors';

export interface TransferPosting {
  deps: AppDeps;
  actor: Actor;
  input: TransferInput;
  meta: RequestMeta | null;
  sourceRequestId?: string | null;
}

/**
 * Moves shares from one account to another in one class. From certificates: each named certificate is
 * cancelled whole; the transferred part is credited in the form asked, and any balance goes back to the
 * holder as a new certificate cut from the last one named, so every certificate's chain closes. Without
 * certificates the shares come from the DRS position.
 */
export async function postTransfer({ deps, actor, input, meta, sourceRequestId }: TransferPosting) {
  return withPostingErrors(() =>
    deps.db.transaction(async (tx) => {
      const id = await postTransferIn(tx, deps, actor, input, sourceRequestId ?? null);
      await recordActivity(tx, {
        actor,
        action: 'LEDGER_TRANSFER_POSTED',
        resourceType: 'ledger',
        resourceId: id,
        details: { classId: input.classId, shares: input.shares, effectiveDate: input.effectiveDate },
        meta,
      });
      return readTransaction(tx, id);
    }),
  );
}

export async function postTransferIn(
  tx: Db,
  deps: AppDeps,
  actor: Actor,
  input: TransferInput,
  sourceRequestId: string | null,
): Promise<string> {
  const postingClass = await loadClass(tx, input.classId);
  checkEffectiveDate(deps, postingClass, input);
  const accounts = await loadAccounts(tx, input.classId, [input.fromAccountId, input.toAccountId]);
  const positions = await lockPositions(tx, [input.fromAccountId, input.toAccountId]);
  const header = {
    type: 'TRANSFER' as const,
    postingClass,
    effectiveDate: input.effectiveDate,
    actor,
    memo: input.memo,
  };
  const transactionId = await insertTransaction(tx, { ...header, sourceRequestId });
  const shares = Big(input.shares);
  const from = positions.get(input.fromAccountId)!;
  const toAccount = accounts.get(input.toAccountId)!;
  const legs: Leg[] = [];

  let lastSource: string | null = null;
  const numbers = input.certificateNumbers ?? [];
  if (numbers.length > 0) {
    const consumed = await consumeCertificates(tx, transactionId, header, input.fromAccountId, numbers);
    const surrendered = consumed.reduce((sum, c) => sum.plus(c.shares), Big(0));
    if (surrendered.lt(shares)) throw new AppError('INSUFFICIENT_SHARES', M.certificatesTooSmall);
    for (const c of consumed)
      legs.push({ accountId: input.fromAccountId, quantity: c.shares.neg(), form: 'CERTIFICATE', certificateId: c.id });
    lastSource = consumed.at(-1)!.id;
    const balance = surrendered.minus(shares);
    if (balance.gt(0)) {
      const fromAccount = accounts.get(input.fromAccountId)!;
      const cut = await issueCertificate(tx, transactionId, header, {
        accountId: input.fromAccountId,
        registration: fromAccount.registrationName,
        shares: balance,
        sourceCertificateId: lastSource,
      });
      legs.push({ accountId: input.fromAccountId, quantity: balance, form: 'CERTIFICATE', certificateId: cut.id });
    }
  } else {
    if (from.drs.lt(shares)) throw new AppError('INSUFFICIENT_SHARES', M.insufficientShares);
    // Back-dated, the debit must also fit every day from its date on: no list as of a past date may go negative.
    if (input.effectiveDate < issuerToday(deps, postingClass)) {
      const least = await leastDrsFrom(tx, input.fromAccountId, input.effectiveDate);
      if (least.lt(shares)) throw new AppError('INSUFFICIENT_SHARES', M.insufficientSharesOnDate);
    }
    legs.push({ accountId: input.fromAccountId, quantity: shares.neg(), form: 'DRS' });
  }

  if (input.toForm === 'CERTIFICATE') {
    const issued = await issueCertificate(tx, transactionId, header, {
      accountId: input.toAccountId,
      registration: toAccount.registrationName,
      shares,
      sourceCertificateId: lastSource,
    });
    legs.push({ accountId: input.toAccountId, quantity: shares, form: 'CERTIFICATE', certificateId: issued.id });
  } else {
    legs.push({ accountId: input.toAccountId, quantity: shares, form: 'DRS' });
  }
  await writeLegs(tx, transactionId, header, legs);
  return transactionId;
}
