import type { AdminContext, AppDeps, RequestMeta } from '../lib/context';
import { recordActivity } from '../features/activity/record-activity';
import { revokeSession } from './sessions';

export async function logout(deps: AppDeps, admin: AdminContext, meta: RequestMeta): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await revokeSession(tx, deps.clock, admin.sessionId, 'logout');
    await recordActivity(tx, {
      actor: { id: admin.profile.id, username: admin.profile.username },
      action: 'LOGOUT',
      resourceType: 'admin_session',
      resourceId: admin.sessionId,
      meta,
    });
  });
  // This process's next call must not find the session in its cache; the others hear it from the database.
  deps.sessionCache?.forget(admin.profile.id);
}
