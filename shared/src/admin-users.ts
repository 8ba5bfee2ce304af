import { z } from 'zod';
import {
  ADMIN_MESSAGES,
  ADMIN_ROLES,
  adminProfileSchema,
  refuseWeakPassword,
  type AdminProfile,
  type AdminRole,
} from './admin-auth';
import { emailAddressSchema } from './email';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './password';

/** User management (admin-management spec 2.2, 5.2, 5.3, 8, 9): messages shared by the screen and the server. */
export const ADMIN_USER_MESSAGES = {
  usernameRequired: 'Username is required',
  usernameTooShort: 'Username must be at least 3 characters',
  usernameTooLong: 'Username must be at most 100 characters',
  usernameCharacters: 'Username may contain only letters, numbers and . _ - @',
  usernameTaken: 'This username is already taken',
  usernameLocked: 'Username cannot be changed',
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email format',
  emailTaken: 'This email is already in use',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  nameTooLong: 'Name must be at most 100 characters',
  roleRequired: 'Role is required',
  passwordRequired: ADMIN_MESSAGES.passwordRequired,
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordTooWeak: ADMIN_MESSAGES.passwordTooWeak,
  passwordTooLong: ADMIN_MESSAGES.passwordTooLong,
  confirmPasswordRequired: ADMIN_MESSAGES.confirmPasswordRequired,
  passwordsDoNotMatch: ADMIN_MESSAGES.passwordsDoNotMatch,
  phoneInvalid: 'Invalid phone number format',
  lastSuperAdminDeactivate: 'The last active Super Admin cannot be deactivated. Make another user a Super Admin first.',
  lastSuperAdminDemote: "The last active Super Admin's role cannot be changed. Make another user a Super Admin first.",
  cannotDeactivateSelf: 'You cannot deactivate your own account.',
  userNotFound: 'User not found',
  confirmDeactivate: 'Are you sure you want to deactivate this user? This action cannot be undone.',
  confirmResetPassword:
    "Are you sure you want to reset this user's password? A new temporary password will be generated.",
  fetchFailed: 'Failed to fetch users',
  loadFailed: 'Failed to load users',
  deactivateFailed: 'Failed to deactivate user',
  resetFailed: 'Failed to reset password',
  saveFailed: 'Failed to save user',
  networkError: 'Network error. Please try again.',
  deactivated: 'User deactivated successfully',
  passwordResetFor: (username: string) => `Password reset for ${username}`,
  passwordResetHint:
    'Give them this temporary password by a safe channel. It is shown only now; they choose their own at their next sign-in.',
  created: 'User created successfully',
  updated: 'User updated successfully',
  accessDenied: 'Only Super Administrators can access user management functionality.',
  emptyState: 'No users found matching your criteria.',
} as const;

export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 100;
export const NAME_MAX_LENGTH = 100;
export const PHONE_MAX_LENGTH = 30;
export const PHONE_MIN_DIGITS = 10;
/** A reset password: long enough that its entropy, not its classes, protects it. */
export const TEMPORARY_PASSWORD_LENGTH = 20;
/** Admin users are few; the list answers at most this many (with the true total beside it). */
export const ADMIN_USER_LIST_CAP = 1000;

const USERNAME_CHARACTERS = /^[A-Za-z0-9._@-]+$/;
// One character class, no nesting: linear on any input, and only read after the length check.
const PHONE_SHAPE = /^\+?[\d\s()-]+$/;

/** Spec 5.2: an optional plus, then digits, spaces, hyphens or parentheses, with at least 10 digits (spec 9). */
export function isAdminPhone(value: string): boolean {
  if (value.length > PHONE_MAX_LENGTH || !PHONE_SHAPE.test(value)) return false;
  let digits = 0;
  for (const char of value) if (char >= '0' && char <= '9') digits++;
  return digits >= PHONE_MIN_DIGITS;
}

const trimmed = (message: string) =>
  z
    .string({ error: message })
    .transform((value) => value.trim())
    .pipe(z.string().min(1, { message, abort: true }));

const usernameSchema = trimmed(ADMIN_USER_MESSAGES.usernameRequired).pipe(
  z
    .string()
    .max(USERNAME_MAX_LENGTH, { message: ADMIN_USER_MESSAGES.usernameTooLong, abort: true })
    .min(USERNAME_MIN_LENGTH, { message: ADMIN_USER_MESSAGES.usernameTooShort, abort: true })
    .regex(USERNAME_CHARACTERS, ADMIN_USER_MESSAGES.usernameCharacters),
);

const nameSchema = (required: string) =>
  trimmed(required).pipe(z.string().max(NAME_MAX_LENGTH, ADMIN_USER_MESSAGES.nameTooLong));

/** Empty or absent is no phone (null); anything else must have the spec's shape. */
const phoneSchema = z
  .union(
    [
      z
        .string({ error: ADMIN_USER_MESSAGES.phoneInvalid })
        // Room for spaces around the number, which are trimmed before its own limit applies.
        .max(PHONE_MAX_LENGTH + 20, { message: ADMIN_USER_MESSAGES.phoneInvalid, abort: true }),
      z.null(),
    ],
    { error: ADMIN_USER_MESSAGES.phoneInvalid },
  )
  .optional()
  .transform((value) => (value == null || value.trim() === '' ? null : value.trim()))
  .refine((value) => value === null || isAdminPhone(value), ADMIN_USER_MESSAGES.phoneInvalid);

const roleSchema = z.enum(ADMIN_ROLES, { error: ADMIN_USER_MESSAGES.roleRequired });

/**
 * Spec 5.2 and 9, checked on the server too: required, at least 8 characters, score at least 3 of 5, at most 256;
 * and not easy to guess (issue 29), refused with the reason.
 */
export const adminUserPasswordSchema = z
  .string({ error: ADMIN_USER_MESSAGES.passwordRequired })
  .min(1, { message: ADMIN_USER_MESSAGES.passwordRequired, abort: true })
  .max(PASSWORD_MAX_LENGTH, { message: ADMIN_USER_MESSAGES.passwordTooLong, abort: true })
  .min(PASSWORD_MIN_LENGTH, { message: ADMIN_USER_MESSAGES.passwordTooShort, abort: true })
  .superRefine(refuseWeakPassword);

const userFields = {
  username: usernameSchema,
  email: trimmed(ADMIN_USER_MESSAGES.emailRequired).pipe(emailAddressSchema(ADMIN_USER_MESSAGES.emailInvalid)),
  firstName: nameSchema(ADMIN_USER_MESSAGES.firstNameRequired),
  lastName: nameSchema(ADMIN_USER_MESSAGES.lastNameRequired),
  phone: phoneSchema,
};

/** POST /api/admin/users. The role defaults to READ_ONLY (spec 9). confirmPassword is the screen's alone. */
export const createAdminUserSchema = z.object({
  ...userFields,
  role: roleSchema.default('READ_ONLY'),
  password: adminUserPasswordSchema,
});
export type CreateAdminUserInput = z.infer<typeof createAdminUserSchema>;

/**
 * PUT /api/admin/users/:id: the create body without the password. The username is fixed after
 * creation: it may be sent (the form sends it back unchanged) but a different one is refused.
 * isActive is optional: false deactivates (as DELETE does), true reactivates.
 */
export const updateAdminUserSchema = z.object({
  username: z.string().max(USERNAME_MAX_LENGTH, ADMIN_USER_MESSAGES.usernameLocked).optional(),
  email: userFields.email,
  firstName: userFields.firstName,
  lastName: userFields.lastName,
  phone: phoneSchema,
  role: roleSchema,
  isActive: z.boolean({ error: 'isActive must be true or false' }).optional(),
});
export type UpdateAdminUserInput = z.infer<typeof updateAdminUserSchema>;

/** The add-user form: the create body plus the confirmation, which never leaves the browser. */
export const createAdminUserFormSchema = createAdminUserSchema
  .extend({ confirmPassword: z.string().optional() })
  .superRefine((form, ctx) => {
    if (!form.confirmPassword)
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: ADMIN_USER_MESSAGES.confirmPasswordRequired });
    else if (form.confirmPassword !== form.password)
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: ADMIN_USER_MESSAGES.passwordsDoNotMatch });
  });

export type AdminUser = AdminProfile;
export const adminUserSchema = adminProfileSchema;

export const adminUserListResponseSchema = z.object({
  success: z.literal(true),
  users: z.array(adminUserSchema),
  /** Every admin user, of which `users` holds at most ADMIN_USER_LIST_CAP. */
  total: z.number(),
});
export const adminUserResponseSchema = z.object({
  success: z.literal(true),
  data: adminUserSchema,
  message: z.string().optional(),
});
export const resetPasswordResponseSchema = z.object({
  success: z.literal(true),
  newPassword: z.string(),
  message: z.string(),
});

export type { AdminRole };
