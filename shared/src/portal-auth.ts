import { z } from 'zod';
import { SHAREHOLDER_CODE_PATTERN } from './registry';

/** Portal sign-in messages (public-site spec 5 and 8). */
export const PORTAL_AUTH_MESSAGES = {
  codeFormat: 'Invalid code format. Please enter a valid shareholder code.',
  invalidCode: 'Invalid shareholder code',
  accountRequired: 'Please enter your account number.',
  invalidAccount: 'Invalid account number',
  codeScreenFallback: 'Invalid shareholder code. Please verify your code and try again.',
  accountScreenFallback: 'Invalid account number. Please verify and try again.',
  networkError: 'Network error. Please try again later.',
  tooManyCodeAttempts: 'Too many attempts from your connection. Please wait an hour and try again, or contact us.',
  tooManyAccountAttempts:
    'Too many incorrect account numbers for this shareholder code. Please wait an hour and try again, or contact us.',
  busy: 'The portal is receiving too many sign-in attempts. Please try again in a few minutes.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  signInFirst: 'Please enter your shareholder code first.',
  // Decision 018: past the day's account-number guesses for a code, a one-time link by e-mail instead.
  guessesExhausted:
    'Too many incorrect account numbers have been tried for this shareholder code today, so we cannot accept an account number for it until tomorrow. We can e-mail you a one-time sign-in link instead, to the address we have on file.',
  linkSent:
    'We sent a sign-in link to the e-mail address we have on file for you. Open it on this device within 15 minutes; it works once.',
  linkNotOffered: 'Please enter your account number. A sign-in link is offered only when account numbers are paused.',
  linkLimit: 'We have already sent 3 sign-in links today. Please use the latest one, or contact us.',
  linkInvalid: 'This sign-in link has expired or has already been used. Please sign in again.',
} as const;

/** A one-time sign-in link (decision 018) lives 15 minutes and works once. */
export const PORTAL_SIGN_IN_LINK_MS = 15 * 60 * 1000;
/** Sign-in links one address may receive in 24 hours. */
export const PORTAL_SIGN_IN_LINKS_PER_DAY = 3;
export { PORTAL_SIGN_IN_LINK_FRAGMENT } from './portal-sign-in-link';

export const validateCodeSchema = z.object({
  code: z
    .string({ error: PORTAL_AUTH_MESSAGES.codeFormat })
    .trim()
    .max(10, { message: PORTAL_AUTH_MESSAGES.codeFormat, abort: true })
    .regex(SHAREHOLDER_CODE_PATTERN, PORTAL_AUTH_MESSAGES.codeFormat),
});

/** The token of an e-mailed sign-in link, from the page's fragment. */
export const redeemSignInLinkSchema = z.object({
  token: z
    .string({ error: PORTAL_AUTH_MESSAGES.linkInvalid })
    .trim()
    .min(1, PORTAL_AUTH_MESSAGES.linkInvalid)
    .max(100, { message: PORTAL_AUTH_MESSAGES.linkInvalid, abort: true })
    .regex(/^[A-Za-z0-9_-]+$/, PORTAL_AUTH_MESSAGES.linkInvalid),
});

export const validateAccountSchema = z.object({
  accountNumber: z
    .string({ error: PORTAL_AUTH_MESSAGES.accountRequired })
    .trim()
    .min(1, PORTAL_AUTH_MESSAGES.accountRequired)
    .max(40, PORTAL_AUTH_MESSAGES.invalidAccount),
});

/** Step one (code accepted) lives 10 minutes; a signed-in portal session idles out after 15 minutes and ends after 2 hours. */
export const PORTAL_CODE_TOKEN_MS = 10 * 60 * 1000;
export const PORTAL_SESSION_IDLE_MS = 15 * 60 * 1000;
export const PORTAL_SESSION_ABSOLUTE_MS = 2 * 60 * 60 * 1000;

export const PORTAL_THROTTLE = {
  windowMs: 60 * 60 * 1000,
  failedCodesPerIp: 20,
  failedAccountsPerCode: 10,
  failedAccountsPerIp: 30,
  /** Failures of all kinds, all addresses: a brake on a distributed attack. */
  failuresOverall: 2000,
  /**
   * Wrong account numbers one shareholder code accepts in 24 hours from all addresses together, solved
   * challenges included (decision 018): past them no account number is evaluated; the link is the way in.
   */
  accountGuessesPerCodePerDay: 50,
  guessWindowMs: 24 * 60 * 60 * 1000,
} as const;

/** The account a portal session is signed in to: what the portal shows and checks share counts against. */
export const portalAccountSchema = z.object({
  accountNumber: z.string(),
  registrationName: z.string(),
  issuer: z.string(),
  shareClass: z.string(),
  /** From the ledger, an exact decimal string ("1500", "12.5"). */
  sharesHeld: z.string(),
  holdingType: z.string(),
});
export type PortalAccount = z.infer<typeof portalAccountSchema>;

export const validateCodeResponseSchema = z.object({
  success: z.literal(true),
  token: z.string(),
  message: z.string(),
});

const portalHolderSchema = z.object({ name: z.string(), code: z.string() });

export const validateAccountResponseSchema = z.object({
  success: z.literal(true),
  token: z.string(),
  message: z.string(),
  shareholder: portalHolderSchema,
  account: portalAccountSchema,
});

export const portalSessionResponseSchema = z.object({
  success: z.literal(true),
  shareholder: portalHolderSchema,
  account: portalAccountSchema,
});
