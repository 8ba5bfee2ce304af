import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, passwordWeakness } from './password';

export const ADMIN_ROLES = ['SUPER_ADMIN', 'ADMIN', 'REVIEWER', 'READ_ONLY'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

export const ADMIN_ROLE_LABELS: Record<AdminRole, string> = {
  SUPER_ADMIN: 'Super Admin',
  ADMIN: 'Admin',
  REVIEWER: 'Reviewer',
  READ_ONLY: 'Read Only',
};

/** Higher rank includes every permission of a lower one. */
export const ADMIN_ROLE_RANK: Record<AdminRole, number> = {
  READ_ONLY: 0,
  REVIEWER: 1,
  ADMIN: 2,
  SUPER_ADMIN: 3,
};

export const ADMIN_MESSAGES = {
  usernameRequired: 'Username is required',
  passwordRequired: 'Password is required',
  currentPasswordRequired: 'Current password is required',
  passwordTooWeak: 'Password is too weak',
  confirmPasswordRequired: 'Please confirm password',
  passwordsDoNotMatch: 'Passwords do not match',
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  passwordUnchanged: 'New password must be different from the current password',
  currentPasswordWrong: 'Current password is incorrect',
  invalidCredentials: 'Invalid credentials',
  loginFailed: 'Login failed',
  loginError: 'An error occurred. Please try again.',
  networkError: 'Network error. Please try again.',
  tooManyAttempts: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  passwordChangeRequired: 'You must change your password before continuing.',
  changePasswordFailed: 'Failed to change password',
  passwordChanged: 'Password changed successfully',
  profileFailed: 'Failed to fetch user profile',
} as const;

const requiredText = (message: string) =>
  z.string({ error: message }).refine((value) => value.trim().length > 0, { message });

export const adminLoginSchema = z.object({
  username: requiredText(ADMIN_MESSAGES.usernameRequired).pipe(z.string().max(100, 'Username is too long')),
  password: requiredText(ADMIN_MESSAGES.passwordRequired).pipe(
    z.string().max(PASSWORD_MAX_LENGTH, ADMIN_MESSAGES.passwordTooLong),
  ),
});
export type AdminLoginInput = z.infer<typeof adminLoginSchema>;

/** A password refused with its reason: the spec's minimums, then how easy it is to guess (issue 29). */
export const refuseWeakPassword = (password: string, context: z.RefinementCtx) => {
  const weakness = passwordWeakness(password);
  if (weakness) context.addIssue({ code: 'custom', message: weakness });
};

/** A new password: required, at most 256 characters, strength score 3 of 5 and 8+ characters, not easy to guess. */
export const newPasswordSchema = z
  .string({ error: ADMIN_MESSAGES.passwordRequired })
  .min(1, ADMIN_MESSAGES.passwordRequired)
  .max(PASSWORD_MAX_LENGTH, { message: ADMIN_MESSAGES.passwordTooLong, abort: true })
  .superRefine(refuseWeakPassword);

export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: ADMIN_MESSAGES.currentPasswordRequired })
      .min(1, ADMIN_MESSAGES.currentPasswordRequired)
      .max(PASSWORD_MAX_LENGTH, ADMIN_MESSAGES.passwordTooLong),
    newPassword: newPasswordSchema,
  })
  .refine((body) => body.currentPassword !== body.newPassword, {
    message: ADMIN_MESSAGES.passwordUnchanged,
    path: ['newPassword'],
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** The admin profile every auth call returns; never carries the password hash. */
export const adminProfileSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  role: z.enum(ADMIN_ROLES),
  isActive: z.boolean(),
  mustChangePassword: z.boolean(),
  /** A second factor (authenticator app) is set up. */
  mfaEnabled: z.boolean(),
  /** The role requires a second factor and there is none: the session can do nothing but enrol. */
  mustEnrollMfa: z.boolean(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminProfile = z.infer<typeof adminProfileSchema>;

export const adminLoginResponseSchema = z.object({
  success: z.literal(true),
  token: z.string(),
  expiresAt: z.string(),
  user: adminProfileSchema,
});

export const adminVerifyResponseSchema = z.object({
  success: z.literal(true),
  admin: adminProfileSchema,
});

export const adminMeResponseSchema = z.object({
  success: z.literal(true),
  data: adminProfileSchema,
});

/** Session lifetimes (foundation issue): idle 30 minutes, absolute 12 hours. */
export const ADMIN_SESSION_IDLE_MS = 30 * 60 * 1000;
export const ADMIN_SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
/** 10 failures for one account within 15 minutes, then 429 until the window passes. */
export const ADMIN_LOGIN_MAX_FAILURES_PER_ACCOUNT = 10;
export const ADMIN_LOGIN_MAX_FAILURES_PER_IP = 50;
export const ADMIN_LOGIN_WINDOW_MS = 15 * 60 * 1000;
