/** The SUPER_ADMIN that e2e/serve.ts bootstraps on its fresh database. */
export const E2E_ADMIN = {
  username: 'e2e-admin',
  password: 'E2e-Admin-Pass-1',
  email: 'e2e-admin@example.com',
} as const;

/** A REVIEWER seeded with mustChangePassword, as a reset password would leave them. */
export const E2E_NEWCOMER = {
  username: 'e2e-newcomer',
  password: 'Temporary-Pass-1',
  email: 'e2e-newcomer@example.com',
} as const;

/**
 * A REVIEWER whose current password is guessed wrong past the account's limit (proof-of-work.spec.ts):
 * an account of its own, so that the failures it leaves challenge no other test's sign-in.
 */
export const E2E_ROTATOR = {
  username: 'e2e-rotator',
  password: 'Rotator-Pass-123',
  email: 'e2e-rotator@example.com',
} as const;

/** A READ_ONLY admin: reads every screen, acts on nothing. */
export const E2E_READER = {
  username: 'e2e-reader',
  password: 'Reader-Pass-123',
  email: 'e2e-reader@example.com',
} as const;
