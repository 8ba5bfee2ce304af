import { z } from 'zod';
import {
  REVIEW_FAILURES,
  requestDetailResponseSchema,
  requestListResponseSchema,
  requestListRowSchema,
  type FlagPriority,
  type RequestDetail,
  type ReviewDocument,
} from '@ledgerwell/shared/request-review';
import type { DocumentType } from '@ledgerwell/shared/verification';
import { apiPaths, type QueryValue } from '../../../config/paths';
import { apiBlob, apiRequest } from '../../../lib/api-client';
import type { ViewState } from '../utils/viewer-state';
import { imageStatePayload } from '../utils/viewer-state';

// Each call throws its spec 8 text (REVIEW_FAILURES) on a non-OK answer without a message of the server's own.

export type RequestList = z.infer<typeof requestListResponseSchema>;
export type RequestListRow = RequestList['requests'][number];

/**
 * The list's answer as the page reads it. A bare array of rows is also accepted (spec 7): it is
 * one page holding every row.
 */
export function normaliseRequestList(body: RequestList | RequestListRow[]): RequestList {
  if (!Array.isArray(body)) return body;
  return { success: true, requests: body, total: body.length, totalPages: 1, page: 1, nextCursor: null };
}

const listAnswerSchema = z.union([requestListResponseSchema, z.array(requestListRowSchema)]);

export async function fetchRequests(query: Record<string, QueryValue>, signal?: AbortSignal): Promise<RequestList> {
  const body = await apiRequest(apiPaths.admin.requests, {
    auth: 'admin',
    query,
    schema: listAnswerSchema,
    signal,
    failureMessage: REVIEW_FAILURES.fetchRequests,
  });
  return normaliseRequestList(body);
}

export type VerificationDocument = ReviewDocument;
export type { RequestDetail };

const okSchema = z.object({ success: z.literal(true), message: z.string().optional() });

export async function fetchRequest(id: string, signal?: AbortSignal): Promise<RequestDetail> {
  const body = await apiRequest(apiPaths.admin.request(id), {
    auth: 'admin',
    schema: requestDetailResponseSchema,
    signal,
    failureMessage: REVIEW_FAILURES.fetchRequest,
  });
  return body.data;
}

/** PUT status; answers the server's message ('Request approved successfully'). */
export async function changeRequestStatus(
  id: string,
  status: 'approved' | 'rejected' | 'PROCESSING',
  notes: string,
): Promise<string | undefined> {
  const body = await apiRequest(apiPaths.admin.requestStatus(id), {
    method: 'PUT',
    auth: 'admin',
    body: notes.trim() ? { status, notes: notes.trim() } : { status },
    schema: okSchema,
    failureMessage: REVIEW_FAILURES.updateRequest,
  });
  return body.message;
}

export async function addRequestNote(id: string, notes: string): Promise<void> {
  await apiRequest(apiPaths.admin.requestNotes(id), {
    method: 'POST',
    auth: 'admin',
    body: { notes },
    schema: okSchema,
    failureMessage: REVIEW_FAILURES.addNote,
  });
}

export async function flagRequest(
  id: string,
  input: { reason: string; priority: FlagPriority; assignTo?: string },
): Promise<void> {
  await apiRequest(apiPaths.admin.requestFlag(id), {
    method: 'POST',
    auth: 'admin',
    body: input,
    schema: okSchema,
    failureMessage: REVIEW_FAILURES.flagRequest,
  });
}

export async function unflagRequest(id: string): Promise<void> {
  await apiRequest(apiPaths.admin.requestFlag(id), {
    method: 'DELETE',
    auth: 'admin',
    schema: okSchema,
    failureMessage: REVIEW_FAILURES.unflagRequest,
  });
}

const documentReviewSchema = z.object({
  success: z.literal(true),
  data: z.object({ id: z.string(), status: z.string() }),
  requestStatus: z.object({ status: z.string(), allDocumentsVerified: z.boolean() }).optional(),
});
export type DocumentReviewResult = z.infer<typeof documentReviewSchema>;

export function reviewDocument(
  id: string,
  documentId: string,
  decision: { status: 'APPROVED' } | { status: 'REJECTED'; rejectionReason: string },
): Promise<DocumentReviewResult> {
  return apiRequest(apiPaths.admin.documentStatus(id, documentId), {
    method: 'PUT',
    auth: 'admin',
    body: decision,
    schema: documentReviewSchema,
    failureMessage: decision.status === 'APPROVED' ? REVIEW_FAILURES.approveDocument : REVIEW_FAILURES.rejectDocument,
  });
}

export async function saveImageState(id: string, imageType: DocumentType, state: ViewState): Promise<void> {
  await apiRequest(apiPaths.admin.requestImageState(id), {
    method: 'PUT',
    auth: 'admin',
    body: imageStatePayload(imageType, state),
    schema: okSchema,
    failureMessage: REVIEW_FAILURES.updateImageState,
  });
}

/** A lost-certificate report's affidavit signature (PNG), fetched with the bearer token. */
export function fetchAffidavitSignature(id: string, signal?: AbortSignal): Promise<Blob> {
  return apiBlob(apiPaths.admin.affidavitSignature(id), {
    auth: 'admin',
    signal,
    failureMessage: REVIEW_FAILURES.fetchImage,
  });
}

/** The identity image, fetched with the bearer token (an <img src> could not send it). */
export function fetchRequestImage(id: string, imageType: DocumentType, signal?: AbortSignal): Promise<Blob> {
  return apiBlob(apiPaths.admin.requestImage(id, imageType), {
    auth: 'admin',
    signal,
    failureMessage: REVIEW_FAILURES.fetchImage,
  });
}
