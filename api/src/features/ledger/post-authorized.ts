import Big from 'big.js';
import { eq, sql } from 'drizzle-orm';
import { controlBooks } from '@ledgerwell/db/ledger-schema';
import { LEDGER_MESSAGES as M, type AuthorizedAdjustmentInput } from '@ledgerwell/shared/ledger';
import type { Db } from '@ledgerwell/db/client';
import type { AppDeps, RequestMeta } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { recordActivity, type Actor } from '../activity/record-activity';
import { checkEffectiveDate } from './effective-date';
import { insertTransaction, loadClass } from './journal';
import { withPostingErrors } from './posting-errors';
import { readTransaction } from './transaction-view';

/**
 * AUTHORIZED_ADJUSTMENT: records the class's authorized shares as the issuer's charter or board sets them, with
 * the written authorization named in the journal. It moves no shares, so it has no legs; it may never go below
 * what is outstanding (the control book's CHECK stands behind this check).
 */
export async function postAuthorizedAdjustment(
  deps: AppDeps,
  actor: Actor,
  input: AuthorizedAdjustmentInput,
  meta: RequestMeta | null,
) {
  return withPostingErrors(() =>
    deps.db.transaction(async (tx) => {
      const { id, from } = await postAuthorizedAdjustmentIn(tx, deps, actor, input);
      await recordActivity(tx, {
        actor,
        action: 'LEDGER_AUTHORIZED_ADJUSTED',
        resourceType: 'ledger',
        resourceId: id,
        details: { classId: input.classId, from, to: input.authorizedShares },
        meta,
      });
      return readTransaction(tx, id);
    }),
  );
}

/** The AUTHORIZED_ADJUSTMENT inside the caller's transaction: its id and the figure it replaced. */
export async function postAuthorizedAdjustmentIn(
  tx: Db,
  deps: AppDeps,
  actor: Actor,
  input: AuthorizedAdjustmentInput,
): Promise<{ id: string; from: string | null }> {
  const postingClass = await loadClass(tx, input.classId);
  checkEffectiveDate(deps, postingClass, { effectiveDate: input.effectiveDate, memo: input.authorization });
  const [book] = await tx
    .select({
      outstanding: sql<string>`(${controlBooks.issuedShares} - ${controlBooks.cancelledShares})::text`,
      authorized: controlBooks.authorizedShares,
    })
    .from(controlBooks)
    .where(eq(controlBooks.classId, input.classId))
    .for('update');
  const authorized = Big(input.authorizedShares);
  if (authorized.lt(book!.outstanding))
    throw new AppError('AUTHORIZED_EXCEEDED', M.authorizedBelowOutstanding, {
      authorizedShares: M.authorizedBelowOutstanding,
    });
  const id = await insertTransaction(tx, {
    type: 'AUTHORIZED_ADJUSTMENT',
    postingClass,
    effectiveDate: input.effectiveDate,
    actor,
    memo: input.authorization,
    authorizedShares: authorized,
  });
  await tx
    .update(controlBooks)
    .set({ authorizedShares: authorized.toFixed(6), updatedAt: sql`now()` })
    .where(eq(controlBooks.classId, input.classId));
  return { id, from: book!.authorized };
}
