import { z } from 'zod';
import { dataResponse, messageDataResponse } from './api-response';
import { emailAddressSchema } from './email';
import { ISSUER_USER_ROLES } from './issuer-auth';

/**
 * An issuer's own users and its open invitations (decision 025): every user of the issuer reads the list; an
 * ISSUER_ADMIN invites colleagues, revokes invitations and removes users, each after a step-up.
 */
export const ISSUER_USERS_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  roleRequired: 'Choose a role: administrator or viewer',
  invited: 'Invitation sent',
  invitationRevoked: 'Invitation revoked',
  removed: 'User removed',
  accountExists: 'This e-mail address already has an issuer portal account.',
  invitationOpen: 'This e-mail address already has an open invitation. Revoke it first to send a new one.',
  userNotFound: 'User not found',
  invitationNotFound: 'Invitation not found',
  cannotRemoveSelf: 'You cannot remove yourself. Ask another administrator of your issuer to do it.',
  lastAdmin: 'This is the last administrator of your issuer: make another user an administrator first.',
  adminOnly: 'Only an issuer administrator can do this',
  lastFactor:
    'Issuer users must always have a second factor: add another authenticator app or passkey before removing this one.',
} as const;

export const ISSUER_ROLE_LABELS: Record<(typeof ISSUER_USER_ROLES)[number], string> = {
  ISSUER_ADMIN: 'Administrator',
  ISSUER_VIEWER: 'Viewer',
};

/** POST /api/issuer/users: the colleague's e-mail and the role the invitation gives. */
export const inviteIssuerUserSchema = z.object({
  email: z
    .string({ error: ISSUER_USERS_MESSAGES.emailRequired })
    .trim()
    .min(1, ISSUER_USERS_MESSAGES.emailRequired)
    .pipe(emailAddressSchema(ISSUER_USERS_MESSAGES.emailInvalid)),
  role: z.enum(ISSUER_USER_ROLES, { error: ISSUER_USERS_MESSAGES.roleRequired }),
});
export type InviteIssuerUserInput = z.infer<typeof inviteIssuerUserSchema>;

export const issuerUserRowSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(ISSUER_USER_ROLES),
  hasSecondFactor: z.boolean(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type IssuerUserRow = z.infer<typeof issuerUserRowSchema>;

export const issuerInvitationRowSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(ISSUER_USER_ROLES),
  expiresAt: z.string(),
  /** The e-mail of the colleague, or the Ledgerwell staff user, who sent it. */
  sentBy: z.string(),
  createdAt: z.string(),
});
export type IssuerInvitationRow = z.infer<typeof issuerInvitationRowSchema>;

export const issuerUsersListSchema = z.object({
  users: z.array(issuerUserRowSchema),
  invitations: z.array(issuerInvitationRowSchema),
  /** The caller, so the screen can tell its own row and whether to offer the writes (the API checks them anyway). */
  currentUserId: z.string(),
  canManage: z.boolean(),
});
export type IssuerUsersList = z.infer<typeof issuerUsersListSchema>;
export const issuerUsersListResponseSchema = dataResponse(issuerUsersListSchema);

export const issuerInvitationSentResponseSchema = messageDataResponse(issuerInvitationRowSchema);
