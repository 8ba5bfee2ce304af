import { z } from 'zod';
import {
  ADMIN_MESSAGES,
  adminLoginResponseSchema,
  adminMeResponseSchema,
  adminVerifyResponseSchema,
  type AdminLoginInput,
  type AdminProfile,
  type ChangePasswordInput,
} from '@ledgerwell/shared/admin-auth';
import {
  mfaLoginChallengeSchema,
  mfaStatusResponseSchema,
  recoveryCodesResponseSchema,
  totpSetupResponseSchema,
  type MfaLoginBody,
  type MfaStatus,
  type TotpSetup,
} from '@ledgerwell/shared/admin-mfa';
import { apiRequest } from '../../lib/api-client';
import { apiPaths } from '../../config/paths';
import type { FactorProof } from './passkeys-api';

/** A password sign-in answers with a session, or (for a user with a second factor) with the token for the code step. */
const passwordLoginResponseSchema = z.union([adminLoginResponseSchema, mfaLoginChallengeSchema]);

/** Throws the server's message, else 'Login failed'; 'Network error. Please try again.' when no answer came (spec 8). */
export function loginAdmin(input: AdminLoginInput, altcha?: string) {
  return apiRequest(apiPaths.admin.login, {
    method: 'POST',
    body: { ...input, altcha },
    schema: passwordLoginResponseSchema,
    failureMessage: ADMIN_MESSAGES.loginFailed,
    networkErrorMessage: ADMIN_MESSAGES.networkError,
  });
}

/** The second step: the token of the password step and a TOTP or recovery code; answers like a password login. */
export function loginWithMfaCode(input: MfaLoginBody, altcha?: string) {
  return apiRequest(apiPaths.admin.loginMfa, {
    method: 'POST',
    body: { ...input, altcha },
    schema: adminLoginResponseSchema,
    failureMessage: ADMIN_MESSAGES.loginFailed,
    networkErrorMessage: ADMIN_MESSAGES.networkError,
  });
}

export async function verifyAdminSession(signal?: AbortSignal): Promise<AdminProfile> {
  const body = await apiRequest(apiPaths.admin.verify, { auth: 'admin', schema: adminVerifyResponseSchema, signal });
  return body.admin;
}

export async function fetchMyProfile(): Promise<AdminProfile> {
  const body = await apiRequest(apiPaths.admin.me, {
    auth: 'admin',
    schema: adminMeResponseSchema,
    failureMessage: ADMIN_MESSAGES.profileFailed,
  });
  return body.data;
}

export async function logoutAdmin(): Promise<void> {
  await apiRequest(apiPaths.admin.logout, { method: 'POST', auth: 'admin' });
}

const changePasswordResponseSchema = z.object({ success: z.literal(true), message: z.string().optional() });

/** `altcha`: the solved proof of work, when the last answer asked for one (past the account's limit). */
export async function changeMyPassword(input: ChangePasswordInput, altcha?: string): Promise<string | undefined> {
  const body = await apiRequest(apiPaths.admin.myPassword, {
    method: 'PUT',
    auth: 'admin',
    body: { ...input, altcha },
    schema: changePasswordResponseSchema,
    failureMessage: ADMIN_MESSAGES.changePasswordFailed,
  });
  return body.message;
}

const MFA_FAILED = 'Failed to update your second factor';

export async function fetchMfaStatus(signal?: AbortSignal): Promise<MfaStatus> {
  const body = await apiRequest(apiPaths.admin.mfa, {
    auth: 'admin',
    schema: mfaStatusResponseSchema,
    signal,
    failureMessage: 'Failed to load your security settings',
  });
  return body.data;
}

/** A new pending secret (each call replaces the last one) for the authenticator app to scan. */
export async function setUpTotp(): Promise<TotpSetup> {
  const body = await apiRequest(apiPaths.admin.mfaTotpSetup, {
    method: 'POST',
    auth: 'admin',
    schema: totpSetupResponseSchema,
    failureMessage: MFA_FAILED,
  });
  return body.data;
}

/** Confirms the app with its current code; answers the recovery codes, shown once. */
export async function enableTotp(code: string, altcha?: string): Promise<string[]> {
  const body = await apiRequest(apiPaths.admin.mfaTotpEnable, {
    method: 'POST',
    auth: 'admin',
    body: { code, altcha },
    schema: recoveryCodesResponseSchema,
    failureMessage: MFA_FAILED,
  });
  return body.data.recoveryCodes;
}

/** `{ code }` for a code, or a passkey's `{ webauthn }` as it is. */
const proofBody = (proof: string | FactorProof) => (typeof proof === 'string' ? { code: proof } : proof);

/** New recovery codes (the old ones stop working), against a current app or recovery code, or a passkey. */
export async function regenerateRecoveryCodes(proof: string | FactorProof, altcha?: string): Promise<string[]> {
  const body = await apiRequest(apiPaths.admin.mfaRecoveryCodes, {
    method: 'POST',
    auth: 'admin',
    body: { ...proofBody(proof), altcha },
    schema: recoveryCodesResponseSchema,
    failureMessage: MFA_FAILED,
  });
  return body.data.recoveryCodes;
}

export async function disableTotp(proof: string | FactorProof, altcha?: string): Promise<void> {
  await apiRequest(apiPaths.admin.mfaTotpDisable, {
    method: 'POST',
    auth: 'admin',
    body: { ...proofBody(proof), altcha },
    failureMessage: MFA_FAILED,
  });
}
