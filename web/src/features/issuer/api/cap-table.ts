import type { z } from 'zod';
import { capTableSchema, type CapTableClass, type CapTableHolder } from '@ledgerwell/shared/issuer-portal';
import { apiPaths } from '../../../config/paths';
import { apiBlob, apiRequest } from '../../../lib/api-client';

export type CapTable = z.infer<typeof capTableSchema>['data'];
export type { CapTableClass, CapTableHolder };

/** Holders per page of a class on the cap table: the largest first, more on demand. */
export const CAP_TABLE_HOLDERS_PAGE = 50;

/**
 * The issuer's cap table: every class with its first page of holders, or one class (`classId`) with the page of
 * holders asked for. `limit: 1` reads a class's figures and name without its list.
 */
export async function fetchCapTable(
  query: { classId?: string; page?: number; limit?: number } = {},
  signal?: AbortSignal,
): Promise<CapTable> {
  const body = await apiRequest(apiPaths.issuer.capTable, {
    auth: 'issuer',
    query: { limit: CAP_TABLE_HOLDERS_PAGE, ...query },
    schema: capTableSchema,
    signal,
    failureMessage: 'Failed to load the cap table',
  });
  return body.data;
}

/** The issuer's Open Cap Table Format bundle (a zip), for its administrators; the server may ask for step-up first. */
export function downloadOcfBundle(): Promise<Blob> {
  return apiBlob(apiPaths.issuer.ocf, { auth: 'issuer', failureMessage: 'Failed to export the cap table' });
}
