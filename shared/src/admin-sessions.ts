import { z } from 'zod';

/** Active sessions on the Security screen and in User Management, and the SUPER_ADMIN's second-factor reset. */
export const SESSION_MESSAGES = {
  sessionNotFound: 'Session not found',
  sessionEnded: 'Session signed out.',
  othersEnded: (count: number) => (count === 1 ? 'Signed out 1 other session.' : `Signed out ${count} other sessions.`),
  loadFailed: 'Failed to load sessions',
  endFailed: 'Failed to sign out the session',
  confirmSignOutOthers: 'Sign out every other session? You stay signed in here.',
  resetMfaConfirmRequired: 'Confirm the reset of the second factor',
  resetMfaSelf: 'You cannot reset your own second factor here. Use the Security screen to manage your own methods.',
  resetMfaDone:
    'Second factor reset. The user is signed out everywhere and sets up a new method at the next sign-in if their role requires one.',
  resetMfaFailed: 'Failed to reset the second factor',
  confirmResetMfa:
    "Reset this user's second factor? It removes their authenticator app, passkeys and recovery codes, and signs them out everywhere.",
} as const;

/** The browser label is derived from the stored user agent; this caps it whatever the agent held. */
export const SESSION_BROWSER_MAX_LENGTH = 80;

export const adminSessionSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  ipAddress: z.string().nullable(),
  /** A short label such as 'Chrome 126 on Linux'; 'Unknown browser' when the agent says nothing useful. */
  browser: z.string(),
  /** The session making this call. */
  current: z.boolean(),
});
export type AdminSession = z.infer<typeof adminSessionSchema>;

export const adminSessionListResponseSchema = z.object({ success: z.literal(true), data: z.array(adminSessionSchema) });
export const sessionEndedResponseSchema = z.object({ success: z.literal(true), message: z.string() });
export const signOutOthersResponseSchema = z.object({
  success: z.literal(true),
  ended: z.number().int(),
  message: z.string(),
});

/** POST /api/admin/users/{id}/reset-mfa: the screen asked and the SUPER_ADMIN agreed. */
export const resetMfaBodySchema = z.object({
  confirm: z.literal(true, { error: SESSION_MESSAGES.resetMfaConfirmRequired }),
});
export type ResetMfaBody = z.infer<typeof resetMfaBodySchema>;
export const resetMfaResponseSchema = z.object({
  success: z.literal(true),
  endedSessions: z.number().int(),
  message: z.string(),
});
