import { z } from 'zod';
import { REQUEST_STATUSES, REQUEST_TYPES } from '@ledgerwell/shared/portal-requests';
import { FLAG_PRIORITIES, requestListResponseSchema, STATUS_ACTIONS, type FlagPriority } from '@ledgerwell/shared/request-review';
import { DOCUMENT_TYPES, type DocumentType } from '@ledgerwell/shared/verification';
import { apiPaths, type QueryValue } from '../../../config/paths';
import { apiBlob, apiRequest } from '../../../lib/api-client';
import type { ViewState } from '../utils/viewer-state';
import { imageStatePayload } from '../utils/viewer-state';

export type RequestList = z.infer<typeof requestListResponseSchema>;
export type RequestListRow = RequestList['requests'][number];

export function fetchRequests(query: Record<string, QueryValue>, signal?: AbortSignal): Promise<RequestList> {
  return apiRequest(apiPaths.admin.requests, { auth: 'admin', query, schema: requestListResponseSchema, signal });
}

const documentSchema = z.object({
  id: z.string(),
  type: z.enum(DOCUMENT_TYPES),
  status: z.string(),
  rejectionReason: z.string().nullable().catch(null),
  createdAt: z.string(),
  verifiedAt: z.string().nullable().catch(null),
  verifiedBy: z.string().nullable().catch(null),
  width: z.number().nullable().catch(null),
  height: z.number().nullable().catch(null),
});
export type VerificationDocument = z.infer<typeof documentSchema>;

const zoomStateSchema = z.object({ zoom: z.number(), x: z.number(), y: z.number() });

/** What the details page reads of GET /api/admin/requests/:id (api request-detail.ts). */
const requestDetailSchema = z.object({
  id: z.string(),
  referenceNumber: z.string(),
  type: z.enum(REQUEST_TYPES),
  status: z.enum(REQUEST_STATUSES),
  allowedStatusChanges: z.array(z.enum(STATUS_ACTIONS)).catch([]),
  shareholderName: z.string(),
  shareholderCode: z.string(),
  accountNumber: z.string().nullable().catch(null),
  account: z
    .object({ accountNumber: z.string(), registrationName: z.string(), issuer: z.string(), shareClass: z.string(), sharesHeld: z.number() })
    .nullable()
    .catch(null),
  createdAt: z.string(),
  updatedAt: z.string(),
  hasVerificationCode: z.boolean().catch(false),
  verificationExpiresAt: z.string().nullable().catch(null),
  verificationCompleted: z.boolean().catch(false),
  processedAt: z.string().nullable().catch(null),
  processedBy: z.string().nullable().catch(null),
  formData: z.record(z.string(), z.unknown()).catch({}),
  sharesCount: z.number().nullable().catch(null),
  transferAllShares: z.boolean().catch(false),
  isFlagged: z.boolean().catch(false),
  flagPriority: z.enum(FLAG_PRIORITIES).nullable().catch(null),
  flagReason: z.string().nullable().catch(null),
  flaggedBy: z.string().nullable().catch(null),
  flaggedAt: z.string().nullable().catch(null),
  assignedTo: z.string().nullable().catch(null),
  assignedToMe: z.boolean().catch(false),
  adminNotes: z.string().nullable().catch(null),
  history: z
    .array(z.object({ action: z.string(), description: z.string().catch(''), user: z.string().nullable().catch(null), createdAt: z.string() }))
    .catch([]),
  verificationDocuments: z.array(documentSchema).catch([]),
  previousDocuments: z.array(documentSchema).catch([]),
  image_rotations: z.record(z.string(), z.number()).catch({}),
  image_zoom_states: z.record(z.string(), zoomStateSchema).catch({}),
});
export type RequestDetail = z.infer<typeof requestDetailSchema>;

const detailResponseSchema = z.object({ success: z.literal(true), data: requestDetailSchema });
const okSchema = z.object({ success: z.literal(true), message: z.string().optional() });

export async function fetchRequest(id: string, signal?: AbortSignal): Promise<RequestDetail> {
  const body = await apiRequest(apiPaths.admin.request(id), { auth: 'admin', schema: detailResponseSchema, signal });
  return body.data;
}

/** PUT status; answers the server's message ('Request approved successfully'). */
export async function changeRequestStatus(id: string, status: 'approved' | 'rejected' | 'PROCESSING', notes: string): Promise<string | undefined> {
  const body = await apiRequest(apiPaths.admin.requestStatus(id), {
    method: 'PUT',
    auth: 'admin',
    body: notes.trim() ? { status, notes: notes.trim() } : { status },
    schema: okSchema,
  });
  return body.message;
}

export async function addRequestNote(id: string, notes: string): Promise<void> {
  await apiRequest(apiPaths.admin.requestNotes(id), { method: 'POST', auth: 'admin', body: { notes }, schema: okSchema });
}

export async function flagRequest(id: string, input: { reason: string; priority: FlagPriority; assignTo?: string }): Promise<void> {
  await apiRequest(apiPaths.admin.requestFlag(id), { method: 'POST', auth: 'admin', body: input, schema: okSchema });
}

export async function unflagRequest(id: string): Promise<void> {
  await apiRequest(apiPaths.admin.requestFlag(id), { method: 'DELETE', auth: 'admin', schema: okSchema });
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
  return apiRequest(apiPaths.admin.documentStatus(id, documentId), { method: 'PUT', auth: 'admin', body: decision, schema: documentReviewSchema });
}

export async function saveImageState(id: string, imageType: DocumentType, state: ViewState): Promise<void> {
  await apiRequest(apiPaths.admin.requestImageState(id), { method: 'PUT', auth: 'admin', body: imageStatePayload(imageType, state), schema: okSchema });
}

/** The identity image, fetched with the bearer token (an <img src> could not send it). */
export function fetchRequestImage(id: string, imageType: DocumentType, signal?: AbortSignal): Promise<Blob> {
  return apiBlob(apiPaths.admin.requestImage(id, imageType), { auth: 'admin', signal });
}
