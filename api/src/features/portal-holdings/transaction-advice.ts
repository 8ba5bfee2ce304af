import { parseAdviceDocumentId } from '@ledgerwell/shared/portal-documents';
import type { AppDeps } from '../../lib/context';
import { transactionAdvicePdf } from './document-pdfs';
import { postingOnAccount } from './documents';
import { holdersAccount, type HolderScope } from './holdings';

/** A transaction advice as a file: what the holder reads in the portal and what staff print for the post. */
export interface TransactionAdviceFile {
  accountId: string;
  pdf: Buffer;
  fileName: string;
}

/**
 * The advice a document id names, made from the ledger as its holder sees it (their account, their own request's
 * reference only); null when the id is malformed or names no posting on an account of `holder`. The portal asks
 * for the signed-in holder; staff mailing a paper advice ask for the account's own holder, so the printed advice
 * is the one the holder would read on screen.
 */
export async function transactionAdviceFile(
  deps: AppDeps,
  holder: HolderScope,
  documentId: string,
): Promise<TransactionAdviceFile | null> {
  const named = parseAdviceDocumentId(documentId);
  const account = named && (await holdersAccount(deps, holder, named.accountId));
  const posting = account && (await postingOnAccount(deps, holder, account.id, named.transactionId));
  if (!account || !posting) return null;
  return {
    accountId: account.id,
    pdf: await transactionAdvicePdf(account, posting),
    fileName: `transaction-advice-${posting.effectiveDate}.pdf`,
  };
}
