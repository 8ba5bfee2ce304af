import { eq } from 'drizzle-orm';
import type { Db } from '@ledgerwell/db/client';
import { adminUsers } from '@ledgerwell/db/schema';
import { ADMIN_USER_MESSAGES } from '@ledgerwell/shared/admin-users';
import { SESSION_MESSAGES, type AdminSession } from '@ledgerwell/shared/admin-sessions';
import type { AdminContext, AppDeps, RequestMeta } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import type { Actor } from '../activity/record-activity';
import { endSessions, liveSessions, lockLiveSessionIds } from '../../identity/live-sessions';
import { logout } from '../../identity/logout';
import { browserLabel } from './browser-label';

const actorOf = (admin: AdminContext): Actor => ({ id: admin.profile.id, username: admin.profile.username });

export async function listSessions(
  deps: AppDeps,
  userId: string,
  currentSessionId: string | null,
): Promise<AdminSession[]> {
  const rows = await liveSessions(deps.db, deps.clock, userId);
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    ipAddress: row.ipAddress,
    browser: browserLabel(row.userAgent),
    current: row.id === currentSessionId,
  }));
}

/** A SUPER_ADMIN's view of another user: 404 for an unknown user, as the rest of User Management. */
export async function listUserSessions(deps: AppDeps, admin: AdminContext, userId: string): Promise<AdminSession[]> {
  await assertUserExists(deps.db, userId);
  return listSessions(deps, userId, admin.sessionId);
}

async function assertUserExists(db: Db, userId: string): Promise<string> {
  if (!isUuid(userId)) throw notFound(ADMIN_USER_MESSAGES.userNotFound);
  const [user] = await db
    .select({ username: adminUsers.username })
    .from(adminUsers)
    .where(eq(adminUsers.id, userId))
    .limit(1);
  if (!user) throw notFound(ADMIN_USER_MESSAGES.userNotFound);
  return user.username;
}

/**
 * Ends one live session of `userId`; 404 when there is no such live session of that user (another
 * user's id included, so an id reveals nothing). The caller's own current session is a sign-out.
 */
export async function endSession(
  deps: AppDeps,
  admin: AdminContext,
  userId: string,
  sessionId: string,
  meta: RequestMeta,
): Promise<void> {
  if (!isUuid(sessionId)) throw notFound(SESSION_MESSAGES.sessionNotFound);
  const own = userId === admin.profile.id;
  if (own && sessionId === admin.sessionId) return logout(deps, admin, meta);
  const username = own ? admin.profile.username : await assertUserExists(deps.db, userId);
  await deps.db.transaction(async (tx) => {
    const live = await lockLiveSessionIds(tx, deps.clock, userId);
    if (!live.includes(sessionId)) throw notFound(SESSION_MESSAGES.sessionNotFound);
    await endSessions(
      tx,
      deps.clock,
      { sessionIds: [sessionId], username, reason: own ? 'signed_out_elsewhere' : 'ended_by_admin' },
      actorOf(admin),
      meta,
    );
  });
  // This process's next call with that token must not find it in its cache; the others hear it from the database.
  deps.sessionCache?.forget(userId);
}

/** Ends every live session of the caller but the current one; how many it ended. */
export async function signOutOthers(deps: AppDeps, admin: AdminContext, meta: RequestMeta): Promise<number> {
  const userId = admin.profile.id;
  const count = await deps.db.transaction(async (tx) => {
    const others = await lockLiveSessionIds(tx, deps.clock, userId, admin.sessionId);
    await endSessions(
      tx,
      deps.clock,
      { sessionIds: others, username: admin.profile.username, reason: 'signed_out_elsewhere' },
      actorOf(admin),
      meta,
    );
    return others.length;
  });
  if (count > 0) deps.sessionCache?.forget(userId);
  return count;
}
