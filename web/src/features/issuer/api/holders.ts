import { holderListSchema } from '@ledgerwell/shared/ledger';
import type { HolderList } from '../../../components/ledger/holder-table';
import { apiPaths } from '../../../config/paths';
import { apiBlob, apiRequest } from '../../../lib/api-client';

export type { HolderList };

/** A class's holders of record at the end of `asOf` (the issuer's today when absent), paged by account number. */
export function fetchHolders(
  classId: string,
  query: { asOf?: string; page: number },
  signal?: AbortSignal,
): Promise<HolderList> {
  return apiRequest(apiPaths.issuer.classHolders(classId), {
    auth: 'issuer',
    query: { ...(query.asOf ? { asOf: query.asOf } : {}), page: query.page, limit: 50 },
    schema: holderListSchema,
    signal,
    failureMessage: 'Failed to load the holders',
  });
}

/** The whole record-date list as CSV, tax IDs masked by the server, through the bearer fetch. */
export function downloadHoldersCsv(classId: string, asOf: string): Promise<Blob> {
  return apiBlob(apiPaths.issuer.classHoldersCsv(classId), {
    auth: 'issuer',
    query: { asOf },
    failureMessage: 'Failed to download the holders',
  });
}
