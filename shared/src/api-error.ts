import { z } from 'zod';
import { challengeSchema } from './challenge';

/** Every failure the API sends has this shape; the web client parses it with the same schema. */
export const API_ERROR_CODES = [
  'VALIDATION_ERROR',
  'INVALID_CREDENTIALS',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'PASSWORD_CHANGE_REQUIRED',
  'MFA_ENROLLMENT_REQUIRED',
  'MFA_STEP_UP_REQUIRED',
  'MFA_TOKEN_INVALID',
  'CSRF_INVALID',
  'NOT_FOUND',
  'CONFLICT',
  'UNPROCESSABLE',
  'PAYLOAD_TOO_LARGE',
  'RATE_LIMITED',
  'CHALLENGE_REQUIRED',
  // The day's account-number guesses for a shareholder code are spent (decision 018): a sign-in link instead.
  'ACCOUNT_GUESSES_EXHAUSTED',
  // The ledger refused a posting (decision 019): each names the rule, all are 409.
  'INSUFFICIENT_SHARES',
  'CERTIFICATE_STOPPED',
  'CERTIFICATE_CANCELLED',
  'CERTIFICATE_NOT_HELD',
  'CERTIFICATE_NOT_STOPPED',
  'CLASS_MISMATCH',
  'AUTHORIZED_EXCEEDED',
  'AUTHORIZED_NOT_RECORDED',
  // An issuer invitation link (decision 023): not a token at all (400), or one that expired, was used or revoked (410).
  'INVITATION_INVALID',
  'INVITATION_GONE',
  'INTERNAL_ERROR',
  'SERVICE_UNAVAILABLE',
] as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

/** One object an uploaded bundle's import refused; objectId null when the problem is the file's own. */
export const importProblemSchema = z.object({ file: z.string(), objectId: z.string().nullable(), reason: z.string() });

export const apiErrorSchema = z.object({
  success: z.literal(false),
  code: z.enum(API_ERROR_CODES),
  message: z.string(),
  /**
   * On VALIDATION_ERROR: field name → the spec's message for it; for an uploaded file (CSV import),
   * the list of bad lines instead.
   */
  errors: z
    .union([z.record(z.string(), z.string()), z.array(z.object({ line: z.number(), message: z.string() }))])
    .optional(),
  requestId: z.string().optional(),
  /** On UNPROCESSABLE from an OCF import: every object refused (the file inside the bundle, its id, why). */
  problems: z.array(importProblemSchema).optional(),
  /** On CHALLENGE_REQUIRED: the proof of work to solve before the call is evaluated (shared/src/challenge.ts). */
  challenge: challengeSchema.optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const API_ERROR_STATUS: Record<ApiErrorCode, number> = {
  VALIDATION_ERROR: 400,
  INVALID_CREDENTIALS: 401,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  PASSWORD_CHANGE_REQUIRED: 403,
  MFA_ENROLLMENT_REQUIRED: 403,
  MFA_STEP_UP_REQUIRED: 403,
  MFA_TOKEN_INVALID: 401,
  CSRF_INVALID: 403,
  NOT_FOUND: 404,
  INVITATION_INVALID: 400,
  INVITATION_GONE: 410,
  CONFLICT: 409,
  UNPROCESSABLE: 422,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  CHALLENGE_REQUIRED: 429,
  ACCOUNT_GUESSES_EXHAUSTED: 429,
  INSUFFICIENT_SHARES: 409,
  CERTIFICATE_STOPPED: 409,
  CERTIFICATE_CANCELLED: 409,
  CERTIFICATE_NOT_HELD: 409,
  CERTIFICATE_NOT_STOPPED: 409,
  CLASS_MISMATCH: 409,
  AUTHORIZED_EXCEEDED: 409,
  AUTHORIZED_NOT_RECORDED: 409,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
};

/** The first message of each field, keyed by its dotted path; '_' for the body as a whole. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : '_';
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}
