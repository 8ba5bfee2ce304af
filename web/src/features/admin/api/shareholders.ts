import {
  IMPORT_COLUMNS,
  shareholderCreatedSchema as createdSchema,
  shareholderImportResultSchema as importResultSchema,
  shareholderListSchema,
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

export const SHAREHOLDERS_PAGE_SIZE = 20;

export function fetchShareholders(query: { search: string; page: number }, signal?: AbortSignal): Promise<ShareholderList> {
  return apiRequest(apiPaths.admin.shareholders, {
    auth: 'admin',
    query: { search: query.search, page: query.page, limit: SHAREHOLDERS_PAGE_SIZE },
    schema: shareholderListSchema,
    signal,
  });
}

export async function createShareholder(input: ShareholderInput): Promise<ShareholderView> {
  const body = await apiRequest(apiPaths.admin.shareholders, { method: 'POST', auth: 'admin', body: input, schema: createdSchema });
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
