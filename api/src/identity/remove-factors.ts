import { eq } from 'drizzle-orm';
import type { Db } from '@ledgerwell/db/client';
import { adminPasskeys, adminRecoveryCodes, adminTotp, adminUsers } from '@ledgerwell/db/schema';
import type { Clock } from '../lib/clock';

/**
 * Removes every second factor of a user (authenticator app, recovery codes, passkeys) in the caller's
 * transaction: the SUPER_ADMIN's reset and `pnpm admin:reset-mfa`. The caller ends the sessions and
 * writes the activity row; the user enrols again at the next sign-in when the role requires it.
 */
export async function removeSecondFactors(tx: Db, clock: Clock, userId: string): Promise<void> {
  await tx.delete(adminTotp).where(eq(adminTotp.adminUserId, userId));
  await tx.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminUserId, userId));
  await tx.delete(adminPasskeys).where(eq(adminPasskeys.adminUserId, userId));
  await tx.update(adminUsers).set({ mfaEnabledAt: null, updatedAt: clock.now() }).where(eq(adminUsers.id, userId));
}
