import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { ADMIN_MESSAGES } from '@ledgerwell/shared/admin-auth';
import {
  PASSKEY_MESSAGES,
  passkeyAddedResponseSchema,
  webauthnOptionsResponseSchema,
} from '@ledgerwell/shared/admin-mfa';
import { apiRequest, isApiRequestError } from '../../lib/api-client';
import type { AccountApi } from './account-api';

/** The browser refused or the user cancelled: nothing reached the server. */
export class PasskeyBrowserError extends Error {
  override readonly name = 'PasskeyBrowserError';
}

/** Runs a WebAuthn ceremony; every refusal (cancel, timeout, no matching passkey) becomes one plain message. */
async function ceremony<T>(run: () => Promise<T>): Promise<T> {
  if (!browserSupportsWebAuthn()) throw new PasskeyBrowserError(PASSKEY_MESSAGES.unsupported);
  try {
    return await run();
  } catch (error) {
    throw new PasskeyBrowserError(PASSKEY_MESSAGES.browserRefused, { cause: error });
  }
}

/** What to tell the user when a passkey step failed. */
export function passkeyErrorMessage(error: unknown): string {
  if (error instanceof PasskeyBrowserError) return error.message;
  if (isApiRequestError(error)) {
    if (error.isNetworkError) return ADMIN_MESSAGES.networkError;
    if (error.fromServer && error.message) return error.message;
  }
  return PASSKEY_MESSAGES.assertionFailed;
}

const MFA_FAILED = 'Failed to update your second factor';

/** `api` given: a signed-in proof with that kind's session token; without it the sign-in's, which has none yet. */
async function assertion(path: string, body: object, api?: AccountApi): Promise<AuthenticationResponseJSON> {
  const options = await apiRequest(path, {
    method: 'POST',
    body,
    schema: webauthnOptionsResponseSchema,
    failureMessage: PASSKEY_MESSAGES.assertionFailed,
    networkErrorMessage: ADMIN_MESSAGES.networkError,
    auth: api ? api.kind : 'none',
  });
  // The server's options, passed through as it made them.
  const optionsJSON = options.data as unknown as PublicKeyCredentialRequestOptionsJSON;
  return ceremony(() => startAuthentication({ optionsJSON }));
}

export interface PasskeyLogin {
  mfaToken: string;
  response: AuthenticationResponseJSON;
}

/** The sign-in's second step with a passkey: options for this mfaToken, then the browser's assertion. */
export async function passkeyLoginAssertion(api: AccountApi, mfaToken: string): Promise<PasskeyLogin> {
  return { mfaToken, response: await assertion(api.loginPasskeyOptions, { mfaToken }) };
}

/** `{ webauthn }` proving a current factor while signed in (removals, recovery codes, step-up). */
export async function passkeyProof(api: AccountApi): Promise<{ webauthn: AuthenticationResponseJSON }> {
  if (!api.mfaPasskeyOptions) throw new PasskeyBrowserError(PASSKEY_MESSAGES.assertionFailed);
  return { webauthn: await assertion(api.mfaPasskeyOptions, {}, api) };
}

/** Registers a new passkey; the first factor of the user answers the recovery codes (shown once), else null. */
export async function addPasskey(api: AccountApi, name: string): Promise<string[] | null> {
  const options = await apiRequest(api.mfaPasskeyRegisterOptions, {
    method: 'POST',
    auth: api.kind,
    schema: webauthnOptionsResponseSchema,
    failureMessage: MFA_FAILED,
  });
  const optionsJSON = options.data as unknown as PublicKeyCredentialCreationOptionsJSON;
  const response = await ceremony(() => startRegistration({ optionsJSON }));
  const body = await apiRequest(api.mfaPasskeyRegisterVerify, {
    method: 'POST',
    auth: api.kind,
    body: { response, name },
    schema: passkeyAddedResponseSchema,
    failureMessage: MFA_FAILED,
  });
  return body.data.recoveryCodes;
}

export type FactorProof = { code: string } | { webauthn: AuthenticationResponseJSON };

export async function removePasskey(
  api: AccountApi & Required<Pick<AccountApi, 'mfaPasskeyRemove'>>,
  id: string,
  proof: FactorProof,
  altcha?: string,
): Promise<void> {
  await apiRequest(api.mfaPasskeyRemove(id), {
    method: 'POST',
    auth: api.kind,
    body: { ...proof, altcha },
    failureMessage: MFA_FAILED,
  });
}
