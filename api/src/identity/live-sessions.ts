import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '@ledgerwell/db/client';
import { adminSessions } from '@ledgerwell/db/schema';
import { ADMIN_SESSION_IDLE_MS } from '@ledgerwell/shared/admin-auth';
import type { Clock } from '../lib/clock';
import type { RequestMeta } from '../lib/context';
import { recordActivity, type Actor } from '../features/activity/record-activity';
import { revokeSession, type RevokeReason } from './sessions';

/**
 * The sessions of a user that would still admit a call (findActiveSession's rules): not revoked,
 * before the absolute limit, seen within the idle limit. Newest last-seen first.
 */
export function liveSessions(db: Db, clock: Clock, userId: string) {
  const now = clock.now();
  return db
    .select({
      id: adminSessions.id,
      createdAt: adminSessions.createdAt,
      lastSeenAt: adminSessions.lastSeenAt,
      ipAddress: adminSessions.ipAddress,
      userAgent: adminSessions.userAgent,
    })
    .from(adminSessions)
    .where(
      and(
        eq(adminSessions.adminUserId, userId),
        isNull(adminSessions.revokedAt),
        gt(adminSessions.expiresAt, now),
        gt(adminSessions.lastSeenAt, new Date(now.getTime() - ADMIN_SESSION_IDLE_MS)),
      ),
    )
    .orderBy(desc(adminSessions.lastSeenAt), desc(adminSessions.createdAt));
}

/** The ids of a user's live sessions, locked until the transaction ends (two sign-outs at once record each session once). */
export async function lockLiveSessionIds(
  tx: Db,
  clock: Clock,
  userId: string,
  exceptSessionId?: string,
): Promise<string[]> {
  const rows = await liveSessions(tx, clock, userId).for('update');
  return rows.map((row) => row.id).filter((id) => id !== exceptSessionId);
}

/** Revokes sessions of one user and records each, in the caller's transaction. */
export async function endSessions(
  tx: Db,
  clock: Clock,
  ended: { sessionIds: readonly string[]; username: string; reason: RevokeReason },
  actor: Actor,
  meta: RequestMeta | null,
): Promise<void> {
  for (const sessionId of ended.sessionIds) {
    await revokeSession(tx, clock, sessionId, ended.reason);
    await recordActivity(tx, {
      actor,
      action: 'ADMIN_SESSION_ENDED',
      resourceType: 'admin_session',
      resourceId: sessionId,
      details: { username: ended.username, reason: ended.reason },
      meta,
    });
  }
}
