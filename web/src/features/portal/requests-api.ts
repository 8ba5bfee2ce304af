import {
  IDEMPOTENCY_HEADER,
  ownRequestsResponseSchema,
  submitRequestResponseSchema,
  type OwnRequest,
  type SubmitRequestInput,
  type SubmitRequestResponse,
} from '@ledgerwell/shared/portal-requests';
import { ownRequestDetailResponseSchema, type OwnRequestDetail } from '@ledgerwell/shared/portal-request-detail';
import { checkVerificationStatusResponseSchema, type VerificationState } from '@ledgerwell/shared/verification';
import { apiPaths } from '../../config/paths';
import { apiRequest } from '../../lib/api-client';
import { bearer } from './api';

/** The signed-in holder's calls (public-site spec 7, call 5, the own list, one own request and call 8). */

/** Files a request. The same key with the same body is answered once: a retry never files twice. */
export function submitRequest(
  token: string,
  input: SubmitRequestInput,
  idempotencyKey: string,
): Promise<SubmitRequestResponse> {
  return apiRequest(apiPaths.portal.submitRequest, {
    method: 'POST',
    auth: bearer(token),
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
    body: input,
    schema: submitRequestResponseSchema,
  });
}

/** The signed-in holder's own requests, newest first. */
export async function fetchOwnRequests(token: string): Promise<OwnRequest[]> {
  const body = await apiRequest(apiPaths.portal.requests, { auth: bearer(token), schema: ownRequestsResponseSchema });
  return body.requests;
}

/** One of the holder's own requests: its status history, what was sent, what is still needed (404 for any other). */
export async function fetchOwnRequestDetail(
  token: string,
  requestId: string,
  signal?: AbortSignal,
): Promise<OwnRequestDetail> {
  const body = await apiRequest(apiPaths.portal.request(requestId), {
    auth: bearer(token),
    schema: ownRequestDetailResponseSchema,
    signal,
  });
  return body.request;
}

/** Spec call 8: where a transfer's identity check stands (bearer token and X-CSRF-Token). */
export async function checkVerificationStatus(
  token: string,
  requestId: string,
  signal?: AbortSignal,
): Promise<VerificationState> {
  const body = await apiRequest(apiPaths.portal.checkVerificationStatus, {
    auth: bearer(token),
    csrf: true,
    query: { requestId },
    schema: checkVerificationStatusResponseSchema,
    signal,
  });
  return body.data;
}
