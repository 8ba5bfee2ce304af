import {
  portalHoldingsResponseSchema,
  portalTransactionsResponseSchema,
  type PortalHolding,
  type PortalTransactionsPage,
} from '@ledgerwell/shared/portal-holdings';
import { apiPaths } from '../../config/paths';
import { apiRequest } from '../../lib/api-client';
import { bearer } from './api';

/** The signed-in holder's accounts, read from the ledger (issue 30). */
export async function fetchHoldings(token: string, signal?: AbortSignal): Promise<PortalHolding[]> {
  const body = await apiRequest(apiPaths.portal.holdings, {
    auth: bearer(token),
    schema: portalHoldingsResponseSchema,
    signal,
  });
  return body.data.accounts;
}

/** One page of an account's postings, newest first. */
export async function fetchAccountPostings(
  token: string,
  accountId: string,
  page: number,
  signal?: AbortSignal,
): Promise<PortalTransactionsPage> {
  const { success: _, ...rest } = await apiRequest(apiPaths.portal.accountTransactions(accountId), {
    auth: bearer(token),
    query: { page: String(page) },
    schema: portalTransactionsResponseSchema,
    signal,
  });
  return rest;
}
