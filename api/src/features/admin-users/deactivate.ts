import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '@ledgerwell/db/client';
import { adminUsers } from '@ledgerwell/db/schema';
import { ADMIN_USER_MESSAGES } from '@ledgerwell/shared/admin-users';
import type { AdminContext, AppDeps, RequestMeta } from '../../lib/context';
import { AppError, notFound } from '../../lib/errors';
import { changedFields } from '../activity/changes';
import { recordActivity } from '../activity/record-activity';
import { revokeUserSessions } from '../../identity/sessions';
import { isUuid } from '../../lib/ids';

/**
 * Inside a transaction: locks every active SUPER_ADMIN row (in id order, so two callers cannot
 * deadlock), then the target row, and returns the target. A concurrent change to any of them waits
 * for this transaction, and PostgreSQL re-reads a row it waited for: two super admins deactivating
 * each other at once cannot both succeed.
 */
export async function lockUserAndSuperAdmins(tx: Db, userId: string) {
  if (!isUuid(userId)) throw notFound(ADMIN_USER_MESSAGES.userNotFound);
  const superAdmins = await tx
    .select({ id: adminUsers.id })
    .from(adminUsers)
    .where(and(eq(adminUsers.role, 'SUPER_ADMIN'), eq(adminUsers.isActive, true)))
    .orderBy(asc(adminUsers.id))
    .for('update');
  const [user] = await tx.select().from(adminUsers).where(eq(adminUsers.id, userId)).for('update');
  if (!user) throw notFound(ADMIN_USER_MESSAGES.userNotFound);
  const otherActiveSuperAdmins = superAdmins.filter((row) => row.id !== userId).length;
  return { user, otherActiveSuperAdmins };
}

/** Refuses a change that would leave no active SUPER_ADMIN (the one thing nobody could repair from the screen). */
export function assertSuperAdminRemains(
  locked: Awaited<ReturnType<typeof lockUserAndSuperAdmins>>,
  after: { role: string; isActive: boolean },
): void {
  const { user, otherActiveSuperAdmins } = locked;
  const wasActiveSuperAdmin = user.isActive && user.role === 'SUPER_ADMIN';
  if (!wasActiveSuperAdmin || otherActiveSuperAdmins > 0) return;
  if (!after.isActive) throw new AppError('CONFLICT', ADMIN_USER_MESSAGES.lastSuperAdminDeactivate);
  if (after.role !== 'SUPER_ADMIN')
    throw new AppError('CONFLICT', ADMIN_USER_MESSAGES.lastSuperAdminDemote, {
      role: ADMIN_USER_MESSAGES.lastSuperAdminDemote,
    });
}

/**
 * Deactivating is the only way to remove an admin (spec 4); their sessions end at once. Refused for
 * the last active SUPER_ADMIN and for the caller's own account. Deactivating an inactive user changes
 * nothing and records nothing.
 */
export async function deactivateAdminUser(deps: AppDeps, actor: AdminContext, userId: string, meta: RequestMeta) {
  await deps.db.transaction(async (tx) => {
    const locked = await lockUserAndSuperAdmins(tx, userId);
    assertSuperAdminRemains(locked, { role: locked.user.role, isActive: false });
    if (userId === actor.profile.id) throw new AppError('CONFLICT', ADMIN_USER_MESSAGES.cannotDeactivateSelf);
    if (!locked.user.isActive) return;
    await tx.update(adminUsers).set({ isActive: false, updatedAt: deps.clock.now() }).where(eq(adminUsers.id, userId));
    await revokeUserSessions(tx, deps.clock, userId, 'deactivated');
    await recordActivity(tx, {
      actor: { id: actor.profile.id, username: actor.profile.username },
      action: 'ADMIN_DEACTIVATED',
      resourceType: 'admin_user',
      resourceId: userId,
      details: { username: locked.user.username, changes: changedFields({ isActive: true }, { isActive: false }) },
      meta,
    });
  });
  deps.sessionCache?.forget(userId);
}
