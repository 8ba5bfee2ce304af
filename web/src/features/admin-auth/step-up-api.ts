import { stepUpResponseSchema, type StepUpBody, type StepUpResult } from '@ledgerwell/shared/admin-mfa';
import { apiPaths } from '../../config/paths';
import { apiRequest } from '../../lib/api-client';
import { fetchMfaStatus } from './api';

/** 'passkey': a code or one of the user's passkeys. */
export type StepUpProof = 'code' | 'passkey' | 'password';

/** What the dialog asks for: a code (or a passkey) when the user has any second factor, else the password (GET /mfa `methods`). */
export async function stepUpProofFor(signal?: AbortSignal): Promise<StepUpProof> {
  const status = await fetchMfaStatus(signal);
  if (status.methods.includes('webauthn')) return 'passkey';
  return status.methods.length > 0 ? 'code' : 'password';
}

/** POST /api/admin/mfa/step-up: this session may make sensitive changes again until `verifiedUntil`. */
export async function stepUp(body: StepUpBody, altcha?: string): Promise<StepUpResult> {
  const response = await apiRequest(apiPaths.admin.mfaStepUp, {
    method: 'POST',
    auth: 'admin',
    body: { ...body, altcha },
    schema: stepUpResponseSchema,
    failureMessage: 'Could not confirm it is you',
  });
  return response.data;
}
