import { issuerMeResponseSchema, type IssuerUserProfile } from '@ledgerwell/shared/issuer-auth';
import { apiPaths } from '../../../config/paths';
import { apiRequest } from '../../../lib/api-client';

export type { IssuerUserProfile };

/** The signed-in issuer user, whose role says what the screens offer (the server checks it on every call). */
export async function fetchIssuerUser(signal?: AbortSignal): Promise<IssuerUserProfile> {
  const body = await apiRequest(apiPaths.issuer.me, {
    auth: 'issuer',
    schema: issuerMeResponseSchema,
    signal,
    failureMessage: 'Failed to load your account',
  });
  return body.user;
}
