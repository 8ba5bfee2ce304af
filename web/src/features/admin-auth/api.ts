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
import { mfaLoginChallengeSchema, type MfaLoginBody } from '@ledgerwell/shared/admin-mfa';
import { apiRequest } from '../../lib/api-client';
import { apiPaths } from '../../config/paths';
import type { PasskeyLogin } from '../../components/sign-in/passkeys-api';

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

/** Sends the passkey's assertion for the sign-in's second step; answers like a password login. */
export function loginWithPasskey(input: PasskeyLogin, altcha?: string) {
  return apiRequest(apiPaths.admin.loginPasskeyVerify, {
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
