import {
  PAPER_ADVICE_MESSAGES as M,
  PAPER_ADVICES_PAGE_SIZE,
  markMailedResponseSchema,
  paperAdvicesResponseSchema,
  type MarkMailedResult,
  type PaperAdvice,
  type PaperAdviceStatus,
  type PaperAdvicesPage,
} from '@ledgerwell/shared/paper-advices';
import { apiPaths } from '../../../config/paths';
import { apiBlob } from '../../../lib/api-client';
import { adminRequest } from './admin-request';

export type { PaperAdvice, PaperAdviceStatus, PaperAdvicesPage };

/** One page of the paper advices: pending oldest first, mailed newest first. */
export async function fetchPaperAdvices(
  status: PaperAdviceStatus,
  page: number,
  signal?: AbortSignal,
): Promise<PaperAdvicesPage> {
  const query = { status, page, limit: PAPER_ADVICES_PAGE_SIZE };
  return (
    await adminRequest(apiPaths.admin.paperAdvices, paperAdvicesResponseSchema, {
      query,
      signal,
      failureMessage: M.loadFailed,
    })
  ).data;
}

/** The advice's PDF, to print (the server records who took it). */
export const fetchPaperAdvicePdf = (id: string): Promise<Blob> =>
  apiBlob(apiPaths.admin.paperAdvicePdf(id), { auth: 'admin', failureMessage: M.pdfFailed });

/** Records the advices as mailed: all of them, or (409) none. */
export const markPaperAdvicesMailed = (documentIds: string[]): Promise<MarkMailedResult> =>
  adminRequest(apiPaths.admin.paperAdvicesMailed, markMailedResponseSchema, {
    method: 'POST',
    body: { documentIds },
    failureMessage: M.markFailed,
  });
