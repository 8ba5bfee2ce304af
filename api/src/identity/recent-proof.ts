import { eq } from 'drizzle-orm';
import { adminSessions } from '@ledgerwell/db/schema';
import { MFA_MESSAGES } from '@ledgerwell/shared/admin-mfa';
import type { AppDeps } from '../lib/context';
import { AppError } from '../lib/errors';

/**
 * 403 MFA_STEP_UP_REQUIRED unless the session (of either kind) proved the account's strongest credential
 * within ADMIN_STEP_UP_WINDOW_MS. Read from the database, not a cache: another process may have just
 * recorded the proof.
 */
export async function requireRecentProof(deps: AppDeps, sessionId: string): Promise<void> {
  const [session] = await deps.db
    .select({ mfaVerifiedAt: adminSessions.mfaVerifiedAt })
    .from(adminSessions)
    .where(eq(adminSessions.id, sessionId))
    .limit(1);
  const verifiedAt = session?.mfaVerifiedAt?.getTime();
  if (verifiedAt === undefined || deps.clock.now().getTime() - verifiedAt >= deps.config.ADMIN_STEP_UP_WINDOW_MS)
    throw new AppError('MFA_STEP_UP_REQUIRED', MFA_MESSAGES.stepUpRequired);
}
