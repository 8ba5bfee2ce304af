import Big from 'big.js';
import { asc, eq } from 'drizzle-orm';
import { ledgerLegs, ledgerTransactions } from '@ledgerwell/db/ledger-schema';
import { LEDGER_MESSAGES as M, type ReversalInput } from '@ledgerwell/shared/ledger';
import type { AppDeps, RequestMeta } from '../../lib/context';
import { AppError, notFound } from '../../lib/errors';
import { recordActivity, type Actor } from '../activity/record-activity';
import { checkEffectiveDate, issuerToday } from './effective-date';
import { insertTransaction, leastDrsFrom, loadClass, lockPositions, moveControlBook, writeLegs } from './journal';
import { withPostingErrors } from './posting-errors';
import { readTransaction } from './transaction-view';

/**
 * Corrects a mistaken posting the only way an append-only journal allows: a new transaction of the same type
 * with every leg negated, naming the one it reverses (at most once, by a unique index). An issuance's reversal
 * takes the shares out of the control book's issued count again, a cancellation's puts them back. Postings
 * that moved certificates are not reversed: a cancelled certificate stays cancelled, so they are corrected by
 * a new transfer or conversion. Each debit the reversal makes must be covered, on every day since its date.
 */
export async function postReversal(
  deps: AppDeps,
  actor: Actor,
  transactionId: string,
  input: ReversalInput,
  meta: RequestMeta | null,
) {
  return withPostingErrors(() =>
    deps.db.transaction(async (tx) => {
      const [original] = await tx.select().from(ledgerTransactions).where(eq(ledgerTransactions.id, transactionId));
      if (!original) throw notFound('Transaction not found');
      if (original.reversesId) throw new AppError('CONFLICT', M.reversalOfReversal);
      const [earlier] = await tx
        .select({ id: ledgerTransactions.id })
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.reversesId, transactionId));
      if (earlier) throw new AppError('CONFLICT', M.alreadyReversed);
      const legs = await tx
        .select()
        .from(ledgerLegs)
        .where(eq(ledgerLegs.transactionId, transactionId))
        .orderBy(asc(ledgerLegs.id));
      if (legs.length === 0) throw new AppError('CONFLICT', M.reversalNothingToReverse);
      if (legs.some((leg) => leg.form !== 'DRS')) throw new AppError('CONFLICT', M.reversalOfCertificates);

      const postingClass = await loadClass(tx, original.classId);
      const effectiveDate = input.effectiveDate ?? issuerToday(deps, postingClass);
      checkEffectiveDate(deps, postingClass, { effectiveDate, memo: input.reason });
      const reversed = legs.map((leg) => ({
        accountId: leg.accountId,
        quantity: Big(leg.quantity).neg(),
        form: 'DRS' as const,
      }));
      const positions = await lockPositions(
        tx,
        reversed.map((leg) => leg.accountId),
      );
      const backDated = effectiveDate < issuerToday(deps, postingClass);
      for (const leg of reversed.filter((l) => l.quantity.lt(0))) {
        const needed = leg.quantity.neg();
        if (positions.get(leg.accountId)!.drs.lt(needed))
          throw new AppError('INSUFFICIENT_SHARES', M.insufficientShares);
        if (backDated && (await leastDrsFrom(tx, leg.accountId, effectiveDate)).lt(needed))
          throw new AppError('INSUFFICIENT_SHARES', M.insufficientSharesOnDate);
      }
      const net = reversed.reduce((sum, leg) => sum.plus(leg.quantity), Big(0));
      if (original.type === 'ISSUANCE')
        await moveControlBook(tx, postingClass.id, { issued: net }, { requireAuthorized: false });
      if (original.type === 'CANCELLATION')
        await moveControlBook(tx, postingClass.id, { cancelled: net.neg() }, { requireAuthorized: false });

      const header = { type: original.type, postingClass, effectiveDate, actor, memo: input.reason };
      // The unique index on reverses_id turns a second reversal (even a simultaneous one) into a 409 below.
      const id = await insertTransaction(tx, { ...header, reversesId: original.id }).catch((error: unknown) => {
        throw isReversedTwice(error) ? new AppError('CONFLICT', M.alreadyReversed) : error;
      });
      await writeLegs(tx, id, { ...header, reversesId: original.id }, reversed, deps);
      await recordActivity(tx, {
        actor,
        action: 'LEDGER_TRANSACTION_REVERSED',
        resourceType: 'ledger',
        resourceId: id,
        details: { reverses: original.id, type: original.type, reason: input.reason },
        meta,
      });
      return readTransaction(tx, id);
    }),
  );
}

function isReversedTwice(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { constraint?: unknown }).constraint === 'ledger_transactions_reverses_idx') return true;
  }
  return false;
}
