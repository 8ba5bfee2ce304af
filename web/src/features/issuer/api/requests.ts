import {
  issuerRequestListSchema,
  type IssuerRequest,
  type IssuerRequestsQuery,
  type Turnaround,
} from '@ledgerwell/shared/issuer-portal';
import { apiPaths } from '../../../config/paths';
import { apiRequest } from '../../../lib/api-client';
import { pageOf, type ListPage } from '../../../lib/list-page';

export type { IssuerRequest, Turnaround };
export type RequestFilters = Partial<Pick<IssuerRequestsQuery, 'type' | 'status'>>;

/** A page of the requests on the issuer's holders' accounts, newest first, with this month's transfer turnaround. */
export async function fetchIssuerRequests(
  filters: RequestFilters,
  page: number,
  signal?: AbortSignal,
): Promise<ListPage<IssuerRequest> & { turnaround: Turnaround }> {
  const body = await apiRequest(apiPaths.issuer.requests, {
    auth: 'issuer',
    query: { ...filters, page, limit: 25 },
    schema: issuerRequestListSchema,
    signal,
    failureMessage: 'Failed to load the requests',
  });
  return { ...pageOf(body), turnaround: body.turnaround };
}
