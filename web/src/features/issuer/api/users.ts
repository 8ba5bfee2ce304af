import {
  issuerInvitationSentResponseSchema,
  issuerUsersListResponseSchema,
  type InviteIssuerUserInput,
  type IssuerInvitationRow,
  type IssuerUsersList,
} from '@ledgerwell/shared/issuer-users';
import { messageResponseSchema } from '@ledgerwell/shared/api-response';
import { apiPaths } from '../../../config/paths';
import { apiRequest } from '../../../lib/api-client';

/**
 * The issuer's users and invitations (decision 025), with the issuer's own session. The writes need a recent
 * proof: a 403 MFA_STEP_UP_REQUIRED opens the area's step-up dialog and the call is sent again once confirmed.
 */
export async function fetchIssuerUsers(signal?: AbortSignal): Promise<IssuerUsersList> {
  const body = await apiRequest(apiPaths.issuer.users, {
    auth: 'issuer',
    schema: issuerUsersListResponseSchema,
    signal,
    failureMessage: 'The users could not be loaded.',
  });
  return body.data;
}

export async function inviteIssuerUser(input: InviteIssuerUserInput): Promise<IssuerInvitationRow> {
  const body = await apiRequest(apiPaths.issuer.users, {
    method: 'POST',
    auth: 'issuer',
    body: input,
    schema: issuerInvitationSentResponseSchema,
    failureMessage: 'The invitation could not be sent.',
  });
  return body.data;
}

export async function removeIssuerUser(id: string): Promise<void> {
  await apiRequest(apiPaths.issuer.user(id), {
    method: 'DELETE',
    auth: 'issuer',
    schema: messageResponseSchema,
    failureMessage: 'The user could not be removed.',
  });
}

export async function revokeIssuerInvitation(id: string): Promise<void> {
  await apiRequest(apiPaths.issuer.userInvitation(id), {
    method: 'DELETE',
    auth: 'issuer',
    schema: messageResponseSchema,
    failureMessage: 'The invitation could not be revoked.',
  });
}
