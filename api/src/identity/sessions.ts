import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '@ledgerwell/db/client';
import { adminSessions, adminUsers } from '@ledgerwell/db/schema';
import { ADMIN_SESSION_ABSOLUTE_MS, ADMIN_SESSION_IDLE_MS } from '@ledgerwell/shared/admin-auth';
import type { Clock } from '../lib/clock';
import { preparedQueries } from '../lib/prepared';
import type { AdminSessionCache, CachedAdminSession, RequestMeta } from '../lib/context';
import { profileColumns, type ProfileRow } from './profile';
import { hashToken, newSessionToken } from '../lib/tokens';
import { ownedBy, ownerValues, type Account } from './account';

/** Writing last_seen_at on every call would turn each read into a write; a minute's slack is harmless against a 30-minute idle limit. */
const TOUCH_AFTER_MS = 60 * 1000;

/** Stored in admin_sessions.revoked_reason (plain text, no constraint). */
export type RevokeReason =
  | 'logout'
  | 'password_changed'
  | 'password_reset'
  | 'deactivated'
  | 'expired'
  | 'signed_out_elsewhere'
  | 'ended_by_admin'
  | 'mfa_reset';

/** `mfaVerified`: the sign-in proved the user's strongest credential (recorded for step-up). Either kind of account. */
export async function createSession(tx: Db, clock: Clock, account: Account, meta: RequestMeta, mfaVerified = false) {
  const token = newSessionToken();
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + ADMIN_SESSION_ABSOLUTE_MS);
  const [session] = await tx
    .insert(adminSessions)
    .values({
      ...ownerValues(account),
      tokenHash: hashToken(token),
      createdAt: now,
      lastSeenAt: now,
      expiresAt,
      mfaVerifiedAt: mfaVerified ? now : null,
      ipAddress: meta.ip,
      userAgent: meta.userAgent,
    })
    .returning({ id: adminSessions.id });
  if (!session) throw new Error('session insert returned no row');
  return { token, sessionId: session.id, expiresAt };
}

export interface ActiveSession {
  sessionId: string;
  user: ProfileRow;
}

/** Every admin call starts with this lookup; the inner join leaves out issuer sessions (decision 023). */
const buildSessionQuery = (db: Db, name: string) =>
  db
    .select({
      session: {
        id: adminSessions.id,
        revokedAt: adminSessions.revokedAt,
        expiresAt: adminSessions.expiresAt,
        lastSeenAt: adminSessions.lastSeenAt,
      },
      user: profileColumns,
    })
    .from(adminSessions)
    .innerJoin(adminUsers, eq(adminUsers.id, adminSessions.adminUserId))
    .where(eq(adminSessions.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare(name);
const sessionQueries = preparedQueries<ReturnType<typeof buildSessionQuery>>('admin_session_by_token');

/** What the session cache keeps for a token (declared in lib/context.ts); the query above produces it. */
export type SessionCacheValue = CachedAdminSession;

/**
 * The session behind a token, or null when it is unknown, revoked, idle too long, past its absolute
 * limit, or its user is inactive. With a cache (session-cache.ts) a session checked recently is not
 * read again; one that looks expired there is read again before it is ended.
 */
export async function findActiveSession(
  db: Db,
  clock: Clock,
  token: string,
  cache?: AdminSessionCache,
): Promise<ActiveSession | null> {
  const tokenHash = hashToken(token);
  const cached = cache?.get(tokenHash);
  let row = cached;
  if (!row) {
    const mark = cache?.mark() ?? 0;
    [row] = await sessionQueries(db, '', (name) => buildSessionQuery(db, name)).execute({ tokenHash });
    if (row && cache) cache.keep(tokenHash, row.user.id, row, mark);
  }
  if (!row) return null;
  const { session, user } = row;
  const now = clock.now().getTime();
  if (session.revokedAt) return null;
  if (!user.isActive) return null;
  if (now >= session.expiresAt.getTime() || now - session.lastSeenAt.getTime() >= ADMIN_SESSION_IDLE_MS) {
    // Another process may have seen the session since this one cached it: ask the database.
    if (cached) {
      cache?.drop(tokenHash);
      return findActiveSession(db, clock, token, cache);
    }
    await revokeSession(db, clock, session.id, 'expired');
    return null;
  }
  if (now - session.lastSeenAt.getTime() >= TOUCH_AFTER_MS) {
    await db.update(adminSessions).set({ lastSeenAt: clock.now() }).where(eq(adminSessions.id, session.id));
    // The cached copy follows (touching announces nothing).
    session.lastSeenAt = clock.now();
  }
  return { sessionId: session.id, user };
}

export async function revokeSession(db: Db, clock: Clock, sessionId: string, reason: RevokeReason): Promise<void> {
  await db
    .update(adminSessions)
    .set({ revokedAt: clock.now(), revokedReason: reason })
    .where(and(eq(adminSessions.id, sessionId), isNull(adminSessions.revokedAt)));
}

/** Revokes every live session of an account of either kind, except `keepSessionId` when given. */
export async function revokeAccountSessions(
  db: Db,
  clock: Clock,
  account: Pick<Account, 'kind' | 'id'>,
  reason: RevokeReason,
  keepSessionId?: string,
): Promise<void> {
  const conditions = [ownedBy(adminSessions, account), isNull(adminSessions.revokedAt)];
  if (keepSessionId) conditions.push(ne(adminSessions.id, keepSessionId));
  await db
    .update(adminSessions)
    .set({ revokedAt: clock.now(), revokedReason: reason })
    .where(and(...conditions));
}

/** Revokes every live session of a staff user, except `keepSessionId` when given (the one that changed the password). */
export const revokeUserSessions = (
  db: Db,
  clock: Clock,
  userId: string,
  reason: RevokeReason,
  keepSessionId?: string,
): Promise<void> => revokeAccountSessions(db, clock, { kind: 'staff', id: userId }, reason, keepSessionId);
