import type { z } from 'zod';
import {
  portalSessionResponseSchema,
  validateAccountResponseSchema,
  validateCodeResponseSchema,
} from '@ledgerwell/shared/portal-auth';
import { messageResponseSchema } from '@ledgerwell/shared/api-response';
import { apiPaths } from '../../config/paths';
import { apiRequest } from '../../lib/api-client';

/**
 * Shareholder portal sign-in calls (public-site spec 7, calls 3-4, plus session and logout). The calls of
 * a signed-in holder are in requests-api.ts, with the request schemas the portal's first view does without.
 */

export type PortalSignIn = z.infer<typeof validateAccountResponseSchema>;
export type PortalSessionSummary = Pick<PortalSignIn, 'shareholder' | 'account'>;

export const bearer = (token: string) => ({ bearer: token });

/** Step one: the shareholder code. Returns the step-one token. */
export async function validateCode(code: string, altcha?: string): Promise<string> {
  const body = await apiRequest(apiPaths.portal.validateCode, {
    method: 'POST',
    body: { code, altcha },
    schema: validateCodeResponseSchema,
  });
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

/** With the step-one token, once the code's guesses for the day are spent: e-mails a one-time sign-in link. */
export async function sendSignInLink(token: string): Promise<string> {
  const body = await apiRequest(apiPaths.portal.signInLink, {
    method: 'POST',
    auth: bearer(token),
    schema: messageResponseSchema,
  });
  return body.message;
}

/** Signs in with an e-mailed link's token (one use): the signed-in token and the account. */
export function redeemSignInLink(linkToken: string): Promise<PortalSignIn> {
  return apiRequest(apiPaths.portal.redeemSignInLink, {
    method: 'POST',
    body: { token: linkToken },
    schema: validateAccountResponseSchema,
  });
}

/** The holder and account behind a stored token; 401 when it has expired. */
export async function fetchPortalSession(token: string, signal?: AbortSignal): Promise<PortalSessionSummary> {
  const body = await apiRequest(apiPaths.portal.session, {
    auth: bearer(token),
    schema: portalSessionResponseSchema,
    signal,
  });
  return { shareholder: body.shareholder, account: body.account };
}

export async function logoutPortal(token: string): Promise<void> {
  await apiRequest(apiPaths.portal.logout, { method: 'POST', auth: bearer(token) });
}
