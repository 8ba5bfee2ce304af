import { z } from 'zod';
import { ADMIN_MESSAGES, adminLoginResponseSchema, adminLoginSchema } from './admin-auth';

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
  stepUpUseSecondFactor:
    'You have a second factor: confirm with a code from your authenticator app or a recovery code, not your password.',
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
  methods: z.array(z.enum(['totp', 'webauthn'])),
  totp: z.object({ enabledAt: z.string() }).nullable(),
  passkeys: z.array(
    z.object({ id: z.string(), name: z.string(), createdAt: z.string(), lastUsedAt: z.string().nullable() }),
  ),
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

// Passkeys (WebAuthn), slice 2.

export const PASSKEY_MESSAGES = {
  nameTooLong: 'Use at most 60 characters for the passkey name',
  responseInvalid: 'The passkey response is not valid. Try again.',
  registrationFailed: 'The passkey could not be registered. Try again.',
  alreadyRegistered: 'This passkey is already registered.',
  assertionFailed: 'The passkey could not be verified. Try again or use a code.',
  counterError:
    'This passkey reported a signature counter that did not increase, which a copied passkey would do. Use another method and remove this passkey.',
  noPasskey: 'No passkey is registered for this account.',
  noFactor: 'No second factor is set up.',
  notFound: 'Passkey not found',
  added: 'Passkey added.',
  removed: 'Passkey removed.',
  browserRefused: 'The passkey was not used. Try again or use a code.',
  unsupported: 'This browser cannot use passkeys.',
} as const;

export const PASSKEY_NAME_MAX = 60;
export const PASSKEY_DEFAULT_NAME = 'Passkey';
/** How long a WebAuthn challenge may be answered. */
export const WEBAUTHN_CHALLENGE_TTL_MS = 5 * 60 * 1000;

/**
 * base64url text, length checked before the pattern. A credential id is at most 1023 bytes (1364
 * characters); client data and authenticator data are small; attestation objects carry certificates.
 */
const b64url = (max: number) =>
  z
    .string({ error: PASSKEY_MESSAGES.responseInvalid })
    .max(max, { message: PASSKEY_MESSAGES.responseInvalid, abort: true })
    .regex(/^[A-Za-z0-9_-]+$/, PASSKEY_MESSAGES.responseInvalid);

const credentialFields = {
  id: b64url(1400),
  rawId: b64url(1400),
  type: z.literal('public-key', { error: PASSKEY_MESSAGES.responseInvalid }),
  // None are requested; whatever the browser adds is dropped, never read.
  clientExtensionResults: z.unknown().transform(() => ({})),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
};

/** What @simplewebauthn/browser's startAuthentication returns: the shape only; the signature is the server's to check. */
export const webauthnAssertionSchema = z.object(
  {
    ...credentialFields,
    response: z.object(
      {
        clientDataJSON: b64url(4096),
        authenticatorData: b64url(4096),
        signature: b64url(2048),
        userHandle: b64url(1400).optional(),
      },
      { error: PASSKEY_MESSAGES.responseInvalid },
    ),
  },
  { error: PASSKEY_MESSAGES.responseInvalid },
);
export type WebauthnAssertion = z.infer<typeof webauthnAssertionSchema>;

/** What startRegistration returns. */
export const webauthnRegistrationSchema = z.object(
  {
    ...credentialFields,
    response: z.object(
      {
        clientDataJSON: b64url(4096),
        attestationObject: b64url(32768),
        authenticatorData: b64url(4096).optional(),
        publicKey: b64url(4096).optional(),
        publicKeyAlgorithm: z.number().int().optional(),
        transports: z.array(z.string().max(32)).max(10).optional(),
      },
      { error: PASSKEY_MESSAGES.responseInvalid },
    ),
  },
  { error: PASSKEY_MESSAGES.responseInvalid },
);
export type WebauthnRegistration = z.infer<typeof webauthnRegistrationSchema>;

const passkeyName = z
  .string()
  .max(PASSKEY_NAME_MAX * 4, { message: PASSKEY_MESSAGES.nameTooLong, abort: true })
  .transform((value) => value.trim())
  .pipe(z.string().max(PASSKEY_NAME_MAX, PASSKEY_MESSAGES.nameTooLong))
  .optional()
  .transform((value) => value || PASSKEY_DEFAULT_NAME);

export const passkeyRegisterBodySchema = z.object({ response: webauthnRegistrationSchema, name: passkeyName });
export type PasskeyRegisterBody = z.infer<typeof passkeyRegisterBodySchema>;

export const passkeyLoginOptionsBodySchema = mfaLoginBodySchema.pick({ mfaToken: true });
export const passkeyLoginBodySchema = mfaLoginBodySchema
  .pick({ mfaToken: true })
  .extend({ response: webauthnAssertionSchema });
export type PasskeyLoginBody = z.infer<typeof passkeyLoginBodySchema>;

/** Proof of a current second factor: a code (app or recovery) or a passkey assertion. */
export const mfaProofBodySchema = z
  .object({ code: mfaCodeSchema.optional(), webauthn: webauthnAssertionSchema.optional() })
  .transform((body, ctx): { code: string } | { webauthn: WebauthnAssertion } => {
    if (body.webauthn) return { webauthn: body.webauthn };
    if (body.code !== undefined) return { code: body.code };
    ctx.addIssue({ code: 'custom', path: ['code'], message: MFA_MESSAGES.codeRequired });
    return z.NEVER;
  });
export type MfaProofBody = z.infer<typeof mfaProofBodySchema>;

/** The JSON options handed to startRegistration / startAuthentication: passed through as the server made them. */
export const webauthnOptionsResponseSchema = ok(z.object({ challenge: z.string() }).loose());
/** POST /mfa/webauthn/register/verify: the recovery codes on the first factor only. */
export const passkeyAddedResponseSchema = ok(z.object({ recoveryCodes: z.array(z.string()).nullable() }));

/**
 * POST /api/admin/mfa/step-up: one proof per body, told apart by its key. A user with a second factor
 * sends `{ code }` (TOTP or recovery code); a user without one, `{ password }`. A new kind of proof is
 * one more object in the list. The throttle's `altcha` rides beside it (read apart, so no strict objects).
 */
export const stepUpCodeBodySchema = z.object({ code: mfaCodeSchema });
export const stepUpPasswordBodySchema = z.object({ password: adminLoginSchema.shape.password });
export const stepUpBodySchema = z.union(
  [stepUpCodeBodySchema, z.object({ webauthn: webauthnAssertionSchema }), stepUpPasswordBodySchema],
  {
    error: MFA_MESSAGES.stepUpProofRequired,
  },
);
export type StepUpBody = z.infer<typeof stepUpBodySchema>;

/** Until when this session may make sensitive changes without another proof. */
export const stepUpResultSchema = z.object({ verifiedUntil: z.string() });
export type StepUpResult = z.infer<typeof stepUpResultSchema>;
export const stepUpResponseSchema = z.object({ success: z.literal(true), data: stepUpResultSchema });

/** POST /api/admin/login: signed in, or (with a second factor) the challenge that POST /login/mfa completes. */
export const adminLoginAnswerSchema = z.union([adminLoginResponseSchema, mfaLoginChallengeSchema]);
/** Enabling TOTP and regenerating codes: the recovery codes, shown once, and a message. */
export const recoveryCodesIssuedResponseSchema = recoveryCodesResponseSchema.extend({ message: z.string() });
export const passkeyAddedMessageResponseSchema = passkeyAddedResponseSchema.extend({ message: z.string() });
