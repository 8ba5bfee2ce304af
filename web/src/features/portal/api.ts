import type { z } from 'zod';
import {
  portalSessionResponseSchema,
  validateAccountResponseSchema,
  validateCodeResponseSchema,
} from '@ledgerwell/shared/portal-auth';
import {
  IDEMPOTENCY_HEADER,
  ownRequestsResponseSchema,
  submitRequestResponseSchema,
  type OwnRequest,
  type SubmitRequestInput,
  type SubmitRequestResponse,
} from '@ledgerwell/shared/portal-requests';
import { checkVerificationStatusResponseSchema, type VerificationState } from '@ledgerwell/shared/verification';
import { apiPaths } from '../../config/paths';
import { apiRequest } from '../../lib/api-client';

/** Shareholder portal calls (public-site spec 7, calls 3-5, plus session, logout and the own list). */

export type PortalSignIn = z.infer<typeof validateAccountResponseSchema>;
export type PortalSessionSummary = Pick<PortalSignIn, 'shareholder' | 'account'>;

const bearer = (token: string) => ({ bearer: token });

/** Step one: the shareholder code. Returns the step-one token. */
export async function validateCode(code: string, altcha?: string): Promise<string> {
  const body = await apiRequest(apiPaths.portal.validateCode, { method: 'POST', body: { code, altcha }, schema: validateCodeResponseSchema });
  return body.token;
}

/** Step two, with the step-one token: the statement account number. Returns the signed-in token and the account. */
export function validateAccount(token: string, accountNumber: string, altcha?: string): Promise<PortalSignIn> {
  return apiRequest(apiPaths.portal.validateAccount, {
    method: 'POST',
    auth: bearer(token),
    body: { accountNumber, altcha },
    schema: validateAccountResponseSchema,
  });
}

/** The holder and account behind a stored token; 401 when it has expired. */
export async function fetchPortalSession(token: string, signal?: AbortSignal): Promise<PortalSessionSummary> {
  const body = await apiRequest(apiPaths.portal.session, { auth: bearer(token), schema: portalSessionResponseSchema, signal });
  return { shareholder: body.shareholder, account: body.account };
}

export async function logoutPortal(token: string): Promise<void> {
  await apiRequest(apiPaths.portal.logout, { method: 'POST', auth: bearer(token) });
}

/** Files a request. The same key with the same body is answered once: a retry never files twice. */
export function submitRequest(token: string, input: SubmitRequestInput, idempotencyKey: string): Promise<SubmitRequestResponse> {
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

/** Spec call 8: where a transfer's identity check stands (bearer token and X-CSRF-Token). */
export async function checkVerificationStatus(token: string, requestId: string, signal?: AbortSignal): Promise<VerificationState> {
  const body = await apiRequest(apiPaths.portal.checkVerificationStatus, {
    auth: bearer(token),
    csrf: true,
    query: { requestId },
    schema: checkVerificationStatusResponseSchema,
    signal,
  });
  return body.data;
}
