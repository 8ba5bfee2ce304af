import Big from 'big.js';
import { LEDGER_MESSAGES as M, type CancellationInput } from '@ledgerwell/shared/ledger';
import type { Db } from '@ledgerwell/db/client';
import type { AppDeps, RequestMeta } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { recordActivity, type Actor } from '../activity/record-activity';
import { debit } from './debit';
import { checkEffectiveDate } from './effective-date';
import { insertTransaction, loadAccounts, loadClass, lockPositions, moveControlBook, writeLegs } from './journal';
import { withPostingErrors } from './posting-errors';
import type { ReplayOptions } from './post-transfer';
import { readTransaction } from './transaction-view';

/**
 * CANCELLATION: shares leave the class for good (a repurchase, a court order); the control book counts them as
 * cancelled, so issued minus cancelled still equals every position summed. The reason is the memo.
 */
export async function postCancellation(
  deps: AppDeps,
  actor: Actor,
  input: CancellationInput,
  meta: RequestMeta | null,
) {
  return withPostingErrors(() =>
    deps.db.transaction(async (tx) => {
      const id = await postCancellationIn(tx, deps, actor, input);
      await recordActivity(tx, {
        actor,
        action: 'LEDGER_CANCELLATION_POSTED',
        resourceType: 'ledger',
        resourceId: id,
        details: { classId: input.classId, accountId: input.accountId, shares: input.shares, reason: input.reason },
        meta,
      });
      return readTransaction(tx, id);
    }),
  );
}

/** The CANCELLATION inside the caller's transaction (a staff posting, an OCF import); returns the transaction id. */
export async function postCancellationIn(
  tx: Db,
  deps: AppDeps,
  actor: Actor,
  input: CancellationInput,
  options: Pick<ReplayOptions, 'balanceNumber' | 'advise'> = {},
): Promise<string> {
  const postingClass = await loadClass(tx, input.classId);
  checkEffectiveDate(deps, postingClass, { effectiveDate: input.effectiveDate, memo: input.reason });
  const accounts = await loadAccounts(tx, input.classId, [input.accountId]);
  const positions = await lockPositions(tx, [input.accountId]);
  const shares = Big(input.shares);
  const held = positions.get(input.accountId)!;
  if (held.drs.plus(held.certificated).lt(shares)) throw new AppError('INSUFFICIENT_SHARES', M.insufficientShares);
  // Positions first, then the control book: the one lock order of every posting.
  await moveControlBook(tx, postingClass.id, { cancelled: shares }, { requireAuthorized: false });
  const header = {
    type: 'CANCELLATION' as const,
    postingClass,
    effectiveDate: input.effectiveDate,
    actor,
    memo: input.reason,
  };
  const id = await insertTransaction(tx, header);
  const { legs } = await debit(tx, deps, id, header, positions.get(input.accountId)!, {
    accountId: input.accountId,
    registration: accounts.get(input.accountId)!.registrationName,
    shares,
    certificateNumbers: input.certificateNumbers ?? [],
    balanceNumber: options.balanceNumber,
  });
  await writeLegs(tx, id, header, legs, options.advise === undefined ? deps : options.advise);
  return id;
}
