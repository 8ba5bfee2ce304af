import { eq } from 'drizzle-orm';
import type { Db } from '@ledgerwell/db/client';
import { adminUsers } from '@ledgerwell/db/schema';
import { ADMIN_USER_MESSAGES } from '@ledgerwell/shared/admin-users';
import { SESSION_MESSAGES } from '@ledgerwell/shared/admin-sessions';
import type { Clock } from '../../lib/clock';
import type { AdminContext, AppDeps, RequestMeta } from '../../lib/context';
import { AppError, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { changedFields } from '../activity/changes';
import { recordActivity, type Actor } from '../activity/record-activity';
import { revokeUserSessions } from '../../identity/sessions';
import { removeSecondFactors } from '../../identity/remove-factors';
import { queueFactorChangeNotice } from '../../identity/factor-notices';
import { endSessions, lockLiveSessionIds } from '../../identity/live-sessions';

export interface MfaResetResult {
  username: string;
  endedSessions: number;
}

/**
 * Removes every second factor of a user and ends all their sessions, in one transaction: the
 * SUPER_ADMIN's reset (POST /users/{id}/reset-mfa) and `pnpm admin:reset-mfa` (actor 'system').
 * A user whose role requires a factor enrols again at the next sign-in. An admin cannot reset their
 * own here (409): the Security screen manages one's own methods, with the code they prove.
 */
export async function resetSecondFactor(
  db: Db,
  clock: Clock,
  actor: Actor,
  userId: string,
  meta: RequestMeta | null,
  /** In the reset's transaction: the route e-mails the user (the shell has no cipher, and its user knows). */
  afterReset?: (tx: Db) => Promise<void>,
): Promise<MfaResetResult> {
  if (!isUuid(userId)) throw notFound(ADMIN_USER_MESSAGES.userNotFound);
  if (actor.id === userId) throw new AppError('CONFLICT', SESSION_MESSAGES.resetMfaSelf);
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ username: adminUsers.username, mfaEnabledAt: adminUsers.mfaEnabledAt })
      .from(adminUsers)
      .where(eq(adminUsers.id, userId))
      .for('update');
    if (!user) throw notFound(ADMIN_USER_MESSAGES.userNotFound);
    await removeSecondFactors(tx, clock, userId);
    // Each live session gets its own record; any other unrevoked row (idle, past its limit) is closed too.
    const live = await lockLiveSessionIds(tx, clock, userId);
    await endSessions(tx, clock, { sessionIds: live, username: user.username, reason: 'mfa_reset' }, actor, meta);
    await revokeUserSessions(tx, clock, userId, 'mfa_reset');
    await recordActivity(tx, {
      actor,
      action: 'ADMIN_MFA_RESET',
      resourceType: 'admin_user',
      resourceId: userId,
      details: {
        username: user.username,
        endedSessions: live.length,
        changes: changedFields({ mfaEnabled: user.mfaEnabledAt !== null }, { mfaEnabled: false }),
      },
      meta,
    });
    await afterReset?.(tx);
    return { username: user.username, endedSessions: live.length };
  });
}

/** The route's verb: the reset, then this process forgets the user's cached sessions (the others hear the database). */
export async function resetUserMfa(
  deps: AppDeps,
  admin: AdminContext,
  userId: string,
  meta: RequestMeta,
): Promise<MfaResetResult> {
  const result = await resetSecondFactor(
    deps.db,
    deps.clock,
    { id: admin.profile.id, username: admin.profile.username },
    userId,
    meta,
    (tx) =>
      queueFactorChangeNotice(
        deps,
        tx,
        { kind: 'staff', id: userId, label: '' },
        { kind: 'reset-by-administrator' },
        meta,
      ),
  );
  deps.sessionCache?.forget(userId);
  return result;
}
