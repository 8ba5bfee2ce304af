import { z } from 'zod';
import { newPasswordSchema } from './admin-auth';
import { emailAddressSchema } from './email';
import { PASSWORD_MAX_LENGTH } from './password';

/**
 * Issuer accounts (decision 023): the issuer portal's sign-in, invitation and second factor, for the API and the
 * web alike. Issuer users are their own kind of account, never staff; the second-factor bodies and answers are
 * the staff ones (shared/src/admin-mfa.ts), since both kinds go through one identity core.
 */
export const ISSUER_USER_ROLES = ['ISSUER_ADMIN', 'ISSUER_VIEWER'] as const;
export type IssuerUserRole = (typeof ISSUER_USER_ROLES)[number];

/** An invitation link works for 72 hours, once. */
export const ISSUER_INVITATION_TTL_MS = 72 * 60 * 60 * 1000;
/** The link's path; the token rides in the fragment, so it never reaches a server log or a Referer. */
export const ISSUER_INVITATION_PATH = '/issuer/invitation';

export const ISSUER_AUTH_MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  tooManyAttempts: 'Too many login attempts. Please try again later.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  staffSessionRefused: 'This is the issuer portal: sign in with an issuer account.',
  invitationInvalid: 'This invitation link is not valid. Check that you opened the whole link from the e-mail.',
  invitationGone: 'This invitation has expired or was already used. Ask Ledgerwell to send a new one.',
  invitationSent: 'Invitation sent',
  invitationRevoked: 'Invitation revoked',
  noInvitation: 'This application has no open invitation.',
  notApproved: 'Only an approved application can invite its issuer.',
  accountExists: 'An issuer account with this e-mail address already exists.',
  accountCreated: 'Your account is ready. Set up a second factor to continue.',
  tokenRequired: 'Invitation token is required',
  loggedOut: 'Logged out',
} as const;

/** 256 random bits as base64url (43 characters); anything else cannot be a token. */
const invitationToken = z
  .string({ error: ISSUER_AUTH_MESSAGES.tokenRequired })
  .min(1, ISSUER_AUTH_MESSAGES.tokenRequired)
  .max(200, ISSUER_AUTH_MESSAGES.invitationInvalid);

export const acceptInvitationSchema = z.object({ token: invitationToken, password: newPasswordSchema });
export type AcceptInvitationInput = z.infer<typeof acceptInvitationSchema>;

export const issuerLoginSchema = z.object({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .pipe(emailAddressSchema('Please enter a valid email address')),
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
});
export type IssuerLoginInput = z.infer<typeof issuerLoginSchema>;

/** The signed-in issuer user as the portal shows it. */
export const issuerUserProfileSchema = z.object({
  id: z.string(),
  issuerId: z.string(),
  issuerName: z.string(),
  email: z.string(),
  role: z.enum(ISSUER_USER_ROLES),
  mfaEnabled: z.boolean(),
  /** Every issuer user needs a second factor: until one exists the session reaches enrolment only. */
  mustEnrollMfa: z.boolean(),
  lastLoginAt: z.string().nullable(),
});
export type IssuerUserProfile = z.infer<typeof issuerUserProfileSchema>;

const sessionAnswer = {
  success: z.literal(true),
  token: z.string(),
  expiresAt: z.string(),
  user: issuerUserProfileSchema,
};
export const issuerSessionResponseSchema = z.object(sessionAnswer);

/** POST /api/issuer/login: a session, or (with a factor, which every enrolled user has) the second step. */
export const issuerLoginAnswerSchema = z.union([
  z.object({ ...sessionAnswer, mfaRequired: z.literal(false).optional() }),
  z.object({
    success: z.literal(true),
    mfaRequired: z.literal(true),
    mfaToken: z.string(),
    methods: z.array(z.enum(['totp', 'webauthn', 'recovery'])),
  }),
]);

export const issuerMeResponseSchema = z.object({ success: z.literal(true), user: issuerUserProfileSchema });

/** Staff's answer after sending or resending an invitation (never the token: it goes only to the contact). */
export const issuerInvitationResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ invitationId: z.string(), issuerId: z.string(), email: z.string(), expiresAt: z.string() }),
});
