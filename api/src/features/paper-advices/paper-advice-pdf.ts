import { and, eq } from 'drizzle-orm';
import { adviceDeliveries } from '@ledgerwell/db/ledger-schema';
import { shareholderAccounts } from '@ledgerwell/db/schema';
import { parseAdviceDocumentId } from '@ledgerwell/shared/portal-documents';
import type { AppDeps } from '../../lib/context';
import { transactionAdviceFile, type TransactionAdviceFile } from '../portal-holdings/transaction-advice';

/**
 * A paper advice's PDF, to print: the very document its holder reads in the portal (made by the portal's own
 * code, as that holder), so paper and screen never differ. Null when the id names no paper advice: an e-mailed
 * advice is the holder's to read, not staff's to print.
 */
export async function paperAdvicePdf(
  deps: AppDeps,
  documentId: string,
): Promise<(TransactionAdviceFile & { shareholderId: string }) | null> {
  const key = parseAdviceDocumentId(documentId);
  if (!key) return null;
  const [holder] = await deps.db
    .select({ shareholderId: shareholderAccounts.shareholderId })
    .from(adviceDeliveries)
    .innerJoin(shareholderAccounts, eq(shareholderAccounts.id, adviceDeliveries.accountId))
    .where(
      and(
        eq(adviceDeliveries.transactionId, key.transactionId),
        eq(adviceDeliveries.accountId, key.accountId),
        eq(adviceDeliveries.channel, 'PAPER'),
      ),
    );
  if (!holder) return null;
  const file = await transactionAdviceFile(deps, holder, documentId);
  return file && { ...file, shareholderId: holder.shareholderId };
}
