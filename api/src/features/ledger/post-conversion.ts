import type { ConversionInput } from '@ledgerwell/shared/ledger';
import type { AppDeps, RequestMeta } from '../../lib/context';
import { recordActivity, type Actor } from '../activity/record-activity';
import { postTransferIn } from './post-transfer';
import { withPostingErrors } from './posting-errors';
import { readTransaction } from './transaction-view';

/**
 * CONVERSION: the holder's certificates into DRS (each surrendered whole, the balance cut back on a new
 * certificate), or DRS shares onto a new certificate. A transfer from the account to itself in another form,
 * so it goes through the same debit, lineage and locks.
 */
export async function postConversion(deps: AppDeps, actor: Actor, input: ConversionInput, meta: RequestMeta | null) {
  return withPostingErrors(() =>
    deps.db.transaction(async (tx) => {
      const id = await postTransferIn(
        tx,
        deps,
        actor,
        {
          classId: input.classId,
          fromAccountId: input.accountId,
          toAccountId: input.accountId,
          shares: input.shares,
          certificateNumbers: input.certificateNumbers,
          toForm: input.toForm,
          effectiveDate: input.effectiveDate,
          memo: input.memo,
        },
        null,
        'CONVERSION',
      );
      await recordActivity(tx, {
        actor,
        action: 'LEDGER_CONVERSION_POSTED',
        resourceType: 'ledger',
        resourceId: id,
        details: { classId: input.classId, accountId: input.accountId, shares: input.shares, toForm: input.toForm },
        meta,
      });
      return readTransaction(tx, id);
    }),
  );
}
