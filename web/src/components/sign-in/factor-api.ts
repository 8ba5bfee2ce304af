import {
  mfaStatusResponseSchema,
  recoveryCodesResponseSchema,
  totpSetupResponseSchema,
  type MfaStatus,
  type TotpSetup,
} from '@ledgerwell/shared/admin-mfa';
import { apiRequest } from '../../lib/api-client';
import type { AccountApi } from './account-api';
import type { FactorProof } from './passkeys-api';

const MFA_FAILED = 'Failed to update your second factor';

export async function fetchMfaStatus(api: AccountApi, signal?: AbortSignal): Promise<MfaStatus> {
  const body = await apiRequest(api.mfa, {
    auth: api.kind,
    schema: mfaStatusResponseSchema,
    signal,
    failureMessage: 'Failed to load your security settings',
  });
  return body.data;
}

/** A new pending secret (each call replaces the last one) for the authenticator app to scan. */
export async function setUpTotp(api: AccountApi): Promise<TotpSetup> {
  const body = await apiRequest(api.mfaTotpSetup, {
    method: 'POST',
    auth: api.kind,
    schema: totpSetupResponseSchema,
    failureMessage: MFA_FAILED,
  });
  return body.data;
}

/** Confirms the app with its current code; answers the recovery codes, shown once. */
export async function enableTotp(api: AccountApi, code: string, altcha?: string): Promise<string[]> {
  const body = await apiRequest(api.mfaTotpEnable, {
    method: 'POST',
    auth: api.kind,
    body: { code, altcha },
    schema: recoveryCodesResponseSchema,
    failureMessage: MFA_FAILED,
  });
  return body.data.recoveryCodes;
}

/** `{ code }` for a code, or a passkey's `{ webauthn }` as it is. */
const proofBody = (proof: string | FactorProof) => (typeof proof === 'string' ? { code: proof } : proof);

/** New recovery codes (the old ones stop working), against a current app or recovery code, or a passkey. */
export async function regenerateRecoveryCodes(
  api: AccountApi & Required<Pick<AccountApi, 'mfaRecoveryCodes'>>,
  proof: string | FactorProof,
  altcha?: string,
): Promise<string[]> {
  const body = await apiRequest(api.mfaRecoveryCodes, {
    method: 'POST',
    auth: api.kind,
    body: { ...proofBody(proof), altcha },
    schema: recoveryCodesResponseSchema,
    failureMessage: MFA_FAILED,
  });
  return body.data.recoveryCodes;
}

export async function disableTotp(
  api: AccountApi & Required<Pick<AccountApi, 'mfaTotpDisable'>>,
  proof: string | FactorProof,
  altcha?: string,
): Promise<void> {
  await apiRequest(api.mfaTotpDisable, {
    method: 'POST',
    auth: api.kind,
    body: { ...proofBody(proof), altcha },
    failureMessage: MFA_FAILED,
  });
}
