import { portalDocumentsResponseSchema, type PortalDocumentsPage } from '@ledgerwell/shared/portal-documents';
import { apiPaths } from '../../config/paths';
import { apiBlob, apiRequest } from '../../lib/api-client';
import { bearer } from './api';

/** One page of the holder's documents, newest first (issue 30). */
export async function fetchDocuments(token: string, page: number, signal?: AbortSignal): Promise<PortalDocumentsPage> {
  const { success: _, ...rest } = await apiRequest(apiPaths.portal.documents, {
    auth: bearer(token),
    query: { page: String(page) },
    schema: portalDocumentsResponseSchema,
    signal,
  });
  return rest;
}

/** A transaction advice as a PDF. */
export const fetchDocumentPdf = (token: string, id: string) =>
  apiBlob(apiPaths.portal.document(id), { auth: bearer(token) });

/** A statement of one account's holding at the end of a date, as a PDF. */
export const fetchStatementPdf = (token: string, accountId: string, asOf: string) =>
  apiBlob(apiPaths.portal.statement, { auth: bearer(token), query: { accountId, asOf } });
