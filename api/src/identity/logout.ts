import type { AdminContext, AppDeps, RequestMeta } from '../lib/context';
import { recordActivity } from '../features/activity/record-activity';
import { accountActor, sessionResource, staffAccount, type Account } from './account';
import { revokeSession } from './sessions';

/** Ends the caller's own session of either kind, with its LOGOUT activity row. */
export async function endOwnSession(deps: AppDeps, account: Account, sessionId: string, meta: RequestMeta) {
  await deps.db.transaction(async (tx) => {
    await revokeSession(tx, deps.clock, sessionId, 'logout');
    await recordActivity(tx, {
      actor: accountActor(account),
      action: 'LOGOUT',
      resourceType: sessionResource(account.kind),
      resourceId: sessionId,
      meta,
    });
  });
}

export async function logout(deps: AppDeps, admin: AdminContext, meta: RequestMeta): Promise<void> {
  await endOwnSession(deps, staffAccount(admin.profile), admin.sessionId, meta);
  // This process's next call must not find the session in its cache; the others hear it from the database.
  deps.sessionCache?.forget(admin.profile.id);
}
