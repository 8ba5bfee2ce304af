import {
  IMPORT_COLUMNS,
  shareholderCreatedSchema as createdSchema,
  shareholderImportResultSchema as importResultSchema,
  shareholderListSchema,
  SHAREHOLDERS_PAGE_SIZE,
  type ShareholderInput,
  type ShareholderView,
} from '@ledgerwell/shared/registry';
import type { z } from 'zod';
import { apiPaths } from '../../../config/paths';
import { apiRequest } from '../../../lib/api-client';

export type { ShareholderView };
export type ShareholderList = z.infer<typeof shareholderListSchema>;
export type ImportResult = z.infer<typeof importResultSchema>['data'];

/** The header an import file must start with. */
export const IMPORT_HEADER = IMPORT_COLUMNS.join(',');

// The page size the server's schema defaults to, so the screen never asks past its limit.
export { SHAREHOLDERS_PAGE_SIZE };

export function fetchShareholders(
  query: { search: string; page: number },
  signal?: AbortSignal,
): Promise<ShareholderList> {
  return apiRequest(apiPaths.admin.shareholders, {
    auth: 'admin',
    query: { search: query.search, page: query.page, limit: SHAREHOLDERS_PAGE_SIZE },
    schema: shareholderListSchema,
    signal,
  });
}

export async function createShareholder(input: ShareholderInput): Promise<ShareholderView> {
  const body = await apiRequest(apiPaths.admin.shareholders, {
    method: 'POST',
    auth: 'admin',
    body: input,
    schema: createdSchema,
  });
  return body.data;
}

export async function importShareholders(csv: string): Promise<ImportResult> {
  const body = await apiRequest(apiPaths.admin.shareholdersImport, {
    method: 'POST',
    auth: 'admin',
    body: csv,
    contentType: 'text/csv',
    schema: importResultSchema,
  });
  return body.data;
}
