import { ADMIN_MESSAGES } from '@ledgerwell/shared/admin-auth';
import type { MfaLoginBody } from '@ledgerwell/shared/admin-mfa';
import {
  issuerLoginAnswerSchema,
  issuerMeResponseSchema,
  issuerSessionResponseSchema,
  type AcceptInvitationInput,
  type IssuerLoginInput,
  type IssuerUserProfile,
} from '@ledgerwell/shared/issuer-auth';
import { apiRequest } from '../../lib/api-client';
import { apiPaths } from '../../config/paths';
import type { PasskeyLogin } from '../../components/sign-in/passkeys-api';

const texts = { failureMessage: ADMIN_MESSAGES.loginFailed, networkErrorMessage: ADMIN_MESSAGES.networkError };

/** A session, or (for a user with a second factor) the token for the second step. */
export function loginIssuer(input: IssuerLoginInput, altcha?: string) {
  return apiRequest(apiPaths.issuer.login, {
    method: 'POST',
    body: { ...input, altcha },
    schema: issuerLoginAnswerSchema,
    ...texts,
  });
}

/** The second step with a code, or a passkey's assertion; answers a session. */
export function completeIssuerLogin(input: MfaLoginBody | PasskeyLogin, altcha?: string) {
  const path = 'response' in input ? apiPaths.issuer.loginPasskeyVerify : apiPaths.issuer.loginMfa;
  return apiRequest(path, {
    method: 'POST',
    body: { ...input, altcha },
    schema: issuerSessionResponseSchema,
    ...texts,
  });
}

/** Creates the invited administrator and signs them in (400 INVITATION_INVALID, 410 INVITATION_GONE, 409 taken). */
export function acceptInvitation(input: AcceptInvitationInput) {
  return apiRequest(apiPaths.issuer.acceptInvitation, {
    method: 'POST',
    body: input,
    schema: issuerSessionResponseSchema,
    ...texts,
  });
}

export async function fetchIssuerMe(signal?: AbortSignal): Promise<IssuerUserProfile> {
  const body = await apiRequest(apiPaths.issuer.me, { auth: 'issuer', schema: issuerMeResponseSchema, signal });
  return body.user;
}

export async function logoutIssuer(): Promise<void> {
  await apiRequest(apiPaths.issuer.logout, { method: 'POST', auth: 'issuer' });
}
