import { stepUpResponseSchema, type StepUpBody, type StepUpResult } from '@ledgerwell/shared/admin-mfa';
import { apiRequest } from '../../lib/api-client';
import type { AccountApi } from './account-api';
import { fetchMfaStatus } from './factor-api';

/** An account kind whose sessions can confirm it is them again. */
export type StepUpApi = AccountApi & Required<Pick<AccountApi, 'mfaStepUp'>>;

/** 'passkey': a code or one of the user's passkeys. */
export type StepUpProof = 'code' | 'passkey' | 'password';

/** What the dialog asks for: a code (or a passkey) when the user has any second factor, else the password (GET /mfa `methods`). */
export async function stepUpProofFor(api: AccountApi, signal?: AbortSignal): Promise<StepUpProof> {
  const status = await fetchMfaStatus(api, signal);
  if (status.methods.includes('webauthn') && api.mfaPasskeyOptions) return 'passkey';
  return status.methods.length > 0 ? 'code' : 'password';
}

/** POST …/mfa/step-up: this session may make sensitive changes again until `verifiedUntil`. */
export async function stepUp(api: StepUpApi, body: StepUpBody, altcha?: string): Promise<StepUpResult> {
  const response = await apiRequest(api.mfaStepUp, {
    method: 'POST',
    auth: api.kind,
    body: { ...body, altcha },
    schema: stepUpResponseSchema,
    failureMessage: 'Could not confirm it is you',
  });
  return response.data;
}
