import { eq } from 'drizzle-orm';
import { adminUsers } from '@ledgerwell/db/schema';
import type { AdminContext, AppDeps, RequestMeta } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { recordActivity } from '../activity/record-activity';
import { revokeUserSessions } from './sessions';

/** Deactivating is the only way to remove an admin (spec 4); their sessions end at once. */
export async function deactivateAdminUser(deps: AppDeps, actor: AdminContext, userId: string, meta: RequestMeta) {
  await deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(adminUsers)
      .set({ isActive: false, updatedAt: deps.clock.now() })
      .where(eq(adminUsers.id, userId))
      .returning({ id: adminUsers.id, username: adminUsers.username });
    if (!updated) throw notFound('User not found');
    await revokeUserSessions(tx, deps.clock, userId, 'deactivated');
    await recordActivity(tx, {
      actor: { id: actor.profile.id, username: actor.profile.username },
      action: 'ADMIN_DEACTIVATED',
      resourceType: 'admin_user',
      resourceId: userId,
      details: { username: updated.username },
      meta,
    });
  });
  deps.sessionCache?.forget(userId);
}
