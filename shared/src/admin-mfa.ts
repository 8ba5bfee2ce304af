import { z } from 'zod';
import { ADMIN_MESSAGES, adminLoginSchema } from './admin-auth';

/** Second-factor kinds a sign-in may offer. Passkeys (webauthn) come in a later slice. */
export const MFA_METHODS = ['totp', 'webauthn', 'recovery'] as const;
export type MfaMethod = (typeof MFA_METHODS)[number];

export const MFA_MESSAGES = {
  codeRequired: 'Enter the code from your authenticator app',
  codeInvalid: 'That code is not valid. Check that your phone shows the right time and try again.',
  recoveryCodeInvalid: 'That recovery code is not valid or has already been used.',
  mfaTokenExpired: 'Your sign-in has expired. Please sign in again with your password.',
  enrollmentRequired: 'Your role requires a second factor. Set up an authenticator app to continue.',
  totpEnabled: 'Authenticator app set up. Keep your recovery codes somewhere safe.',
  totpDisabled: 'Authenticator app removed.',
  totpAlreadyEnabled: 'An authenticator app is already set up. Remove it first to set up another.',
  totpNotSetUp: 'Start the set-up again: no authenticator app is waiting to be confirmed.',
  totpNotEnabled: 'No authenticator app is set up.',
  recoveryCodesRegenerated: 'New recovery codes created. The old ones no longer work.',
  lastMethod: 'Your role requires a second factor, so you cannot remove your only one.',
  tooManyAttempts: ADMIN_MESSAGES.tooManyAttempts,
  stepUpRequired: 'Confirm it is you to continue.',
  stepUpProofRequired: 'Enter a code from your authenticator app, a recovery code or your password.',
  stepUpUseSecondFactor: 'You have a second factor: confirm with a code from your authenticator app or a recovery code, not your password.',
  stepUpUsePassword: 'You have no second factor yet: confirm with your password.',
  stepUpPasswordWrong: 'That password is not right.',
} as const;

/** RFC 6238 as every common authenticator app reads it: SHA-1, 30-second steps, 6 digits. */
export const TOTP_ISSUER = 'Ledgerwell';
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** How long the token between the password and the second factor lives. */
export const MFA_TOKEN_TTL_MS = 5 * 60 * 1000;
export const RECOVERY_CODE_COUNT = 10;

const TOTP_CODE = /^\d{6}$/;
/** Two groups of 5 from lowercase base32 (a-z, 2-7); any letters and digits are accepted, and checked against the stored hashes. */
const RECOVERY_CODE = /^[a-z0-9]{5}-[a-z0-9]{5}$/;
const CODE_MAX_LENGTH = 32;

/** Spaces anywhere (apps show '123 456'), case ignored for recovery codes. */
const normalise = (value: string) => value.replace(/\s+/g, '').toLowerCase();

const codeText = z
  .string({ error: MFA_MESSAGES.codeRequired })
  .max(CODE_MAX_LENGTH * 4, { message: MFA_MESSAGES.codeInvalid, abort: true })
  .transform(normalise)
  .pipe(z.string().min(1, MFA_MESSAGES.codeRequired).max(CODE_MAX_LENGTH, MFA_MESSAGES.codeInvalid));

/** A 6-digit TOTP code only (enabling the app proves it works). */
export const totpCodeSchema = codeText.pipe(z.string().regex(TOTP_CODE, MFA_MESSAGES.codeInvalid));

/** A 6-digit TOTP code or a recovery code 'xxxxx-xxxxx'. */
export const mfaCodeSchema = codeText.pipe(
  z.string().refine((code) => TOTP_CODE.test(code) || RECOVERY_CODE.test(code), MFA_MESSAGES.codeInvalid),
);

export const isTotpCode = (code: string) => TOTP_CODE.test(code);

export const mfaLoginBodySchema = z.object({
  mfaToken: z
    .string({ error: MFA_MESSAGES.mfaTokenExpired })
    .min(1, MFA_MESSAGES.mfaTokenExpired)
    .max(200, MFA_MESSAGES.mfaTokenExpired),
  code: mfaCodeSchema,
});
export type MfaLoginBody = z.infer<typeof mfaLoginBodySchema>;

export const totpEnableBodySchema = z.object({ code: totpCodeSchema });
export type TotpEnableBody = z.infer<typeof totpEnableBodySchema>;

/** Regenerating recovery codes and removing the app: a current TOTP or recovery code. */
export const mfaCodeBodySchema = z.object({ code: mfaCodeSchema });
export type MfaCodeBody = z.infer<typeof mfaCodeBodySchema>;

/** POST /api/admin/login for a user with a second factor: no session yet. */
export const mfaLoginChallengeSchema = z.object({
  success: z.literal(true),
  mfaRequired: z.literal(true),
  mfaToken: z.string(),
  methods: z.array(z.enum(MFA_METHODS)),
});
export type MfaLoginChallenge = z.infer<typeof mfaLoginChallengeSchema>;

/** GET /api/admin/mfa `data`. */
export const mfaStatusSchema = z.object({
  required: z.boolean(),
  methods: z.array(z.enum(['totp'])),
  totp: z.object({ enabledAt: z.string() }).nullable(),
  passkeys: z.array(z.object({ id: z.string(), name: z.string(), createdAt: z.string(), lastUsedAt: z.string().nullable() })),
  recoveryCodesLeft: z.number().int(),
});
export type MfaStatus = z.infer<typeof mfaStatusSchema>;

export const totpSetupSchema = z.object({ secret: z.string(), otpauthUrl: z.string() });
export type TotpSetup = z.infer<typeof totpSetupSchema>;

export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

const ok = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });
export const mfaStatusResponseSchema = ok(mfaStatusSchema);
export const totpSetupResponseSchema = ok(totpSetupSchema);
export const recoveryCodesResponseSchema = ok(recoveryCodesSchema);

/**
 * POST /api/admin/mfa/step-up: one proof per body, told apart by its key. A user with a second factor
 * sends `{ code }` (TOTP or recovery code); a user without one, `{ password }`. A new kind of proof is
 * one more object in the list. The throttle's `altcha` rides beside it (read apart, so no strict objects).
 */
export const stepUpCodeBodySchema = z.object({ code: mfaCodeSchema });
export const stepUpPasswordBodySchema = z.object({ password: adminLoginSchema.shape.password });
export const stepUpBodySchema = z.union([stepUpCodeBodySchema, stepUpPasswordBodySchema], { error: MFA_MESSAGES.stepUpProofRequired });
export type StepUpBody = z.infer<typeof stepUpBodySchema>;

/** Until when this session may make sensitive changes without another proof. */
export const stepUpResultSchema = z.object({ verifiedUntil: z.string() });
export type StepUpResult = z.infer<typeof stepUpResultSchema>;
export const stepUpResponseSchema = z.object({ success: z.literal(true), data: stepUpResultSchema });
