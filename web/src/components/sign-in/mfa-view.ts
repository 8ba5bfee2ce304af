import { ADMIN_MESSAGES } from '@ledgerwell/shared/admin-auth';
import { fieldErrors as zodFieldErrors } from '@ledgerwell/shared/api-error';
import { MFA_MESSAGES, mfaCodeSchema, totpCodeSchema } from '@ledgerwell/shared/admin-mfa';
import { APP_NAME } from '@ledgerwell/shared/app-info';
import { isApiRequestError } from '../../lib/api-client';

/** What the code field accepts: the app's 6 digits, or one of the recovery codes. */
export type CodeKind = 'totp' | 'recovery' | 'either';

export const RECOVERY_CODE_REQUIRED = 'Enter one of your recovery codes';
export const EITHER_CODE_REQUIRED = 'Enter a code from your authenticator app or a recovery code';

/** The secret as the apps ask for it when it is typed in: groups of 4, so a misread character is easy to find. */
export function groupSecret(secret: string): string {
  return (secret.replace(/\s+/g, '').match(/.{1,4}/g) ?? []).join(' ');
}

/** The code the visitor typed, checked before it is sent: the code itself, or the message to show under the field. */
export function checkCode(value: string, kind: CodeKind): { code: string } | { error: string } {
  const parsed = (kind === 'totp' ? totpCodeSchema : mfaCodeSchema).safeParse(value);
  if (parsed.success) return { code: parsed.data };
  const message = zodFieldErrors(parsed.error)._ ?? MFA_MESSAGES.codeInvalid;
  if (message !== MFA_MESSAGES.codeRequired)
    return { error: kind === 'recovery' ? MFA_MESSAGES.recoveryCodeInvalid : message };
  if (kind === 'recovery') return { error: RECOVERY_CODE_REQUIRED };
  return { error: kind === 'either' ? EITHER_CODE_REQUIRED : MFA_MESSAGES.codeRequired };
}

/**
 * A refused code, in plain words: the server's own message under the field (a wrong or used
 * code), as an alert for everything else, and `expired` when the sign-in has to start over.
 */
export function codeFailure(error: unknown, fallback: string): { field?: string; form?: string; expired?: boolean } {
  if (!isApiRequestError(error)) return { form: ADMIN_MESSAGES.loginError };
  if (error.isNetworkError) return { form: ADMIN_MESSAGES.networkError };
  if (error.code === 'MFA_TOKEN_INVALID')
    return { form: error.fromServer ? error.message : MFA_MESSAGES.mfaTokenExpired, expired: true };
  const field = error.fieldErrors.code;
  if (field) return { field };
  if (error.status < 400) return { form: ADMIN_MESSAGES.loginError };
  if (error.code === 'INVALID_CREDENTIALS' || error.code === 'VALIDATION_ERROR')
    return { field: error.fromServer ? error.message : fallback };
  return { form: error.fromServer ? error.message : fallback };
}

export function recoveryCodesFileName(username: string): string {
  const safe = username.replace(/[^A-Za-z0-9._-]+/g, '-');
  return `${APP_NAME.toLowerCase()}-recovery-codes-${safe}.txt`;
}

/** The downloaded file: who the codes are for (`label`: the kind of account, e.g. 'admin'), when they were made, and how they work. */
export function recoveryCodesText(codes: readonly string[], username: string, issuedAt: Date, label: string): string {
  return [
    `${APP_NAME} ${label} recovery codes for ${username}`,
    `Created ${issuedAt.toISOString().slice(0, 10)}. Each code works once. Creating new codes voids these.`,
    'Use one when you cannot use your authenticator app: choose "Use a recovery code" when signing in.',
    '',
    ...codes,
    '',
  ].join('\n');
}

/** A failed call in plain words: the network text, the server's own message, else `fallback`. */
export function messageOf(error: unknown, fallback: string): string {
  if (isApiRequestError(error)) {
    if (error.isNetworkError) return ADMIN_MESSAGES.networkError;
    if (error.fromServer && error.message) return error.message;
  }
  return fallback;
}

/** A day as the Security screen shows it, e.g. 'Nov 24, 2026'. */
export const formatDay = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' });
