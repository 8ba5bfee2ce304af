import {
  issuerTransactionListSchema,
  type IssuerTransaction,
  type IssuerTransactionsQuery,
} from '@ledgerwell/shared/issuer-portal';
import { apiPaths } from '../../../config/paths';
import { apiRequest } from '../../../lib/api-client';
import { pageOf, type ListPage } from '../../../lib/list-page';

export type { IssuerTransaction };
export type JournalFilters = Partial<Pick<IssuerTransactionsQuery, 'classId' | 'type' | 'from' | 'to'>>;

/** The postings in the issuer's classes, newest effective date first, narrowed by the filters that are set. */
export async function fetchIssuerJournal(
  filters: JournalFilters,
  page: number,
  signal?: AbortSignal,
): Promise<ListPage<IssuerTransaction>> {
  const body = await apiRequest(apiPaths.issuer.transactions, {
    auth: 'issuer',
    query: { ...filters, page, limit: 25 },
    schema: issuerTransactionListSchema,
    signal,
    failureMessage: 'Failed to load the journal',
  });
  return pageOf(body);
}
