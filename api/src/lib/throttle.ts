import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '@ledgerwell/db/client';
import { rateLimitHits } from '@ledgerwell/db/schema';
import type { Clock } from './clock';

/**
 * Sliding-window counters kept in the database, so that every API process and every restart sees
 * the same count. A key names what is counted, e.g. `admin-login:user:alice`.
 */
export interface WindowState {
  count: number;
  /** When the oldest counted hit leaves the window: the earliest moment the limit may lift. */
  resetsAt: Date | null;
}

/** Anything that runs queries: the database or an open transaction. */
type Queryable = Db;

/**
 * Holds a per-key lock until the surrounding transaction ends. Callers lock every key they are
 * about to count, in sorted order, so two calls over overlapping keys never wait on each other.
 */
export async function lockKeys(tx: Queryable, keys: readonly string[]): Promise<void> {
  for (const key of [...new Set(keys)].sort()) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
  }
}

/** The hits under `key` in the window, without recording one. */
export async function windowOf(db: Queryable, clock: Clock, key: string, windowMs: number): Promise<WindowState> {
  const since = new Date(clock.now().getTime() - windowMs);
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`, oldest: sql<string | null>`min(${rateLimitHits.createdAt})` })
    .from(rateLimitHits)
    .where(and(eq(rateLimitHits.key, key), gt(rateLimitHits.createdAt, since)));
  const count = row?.count ?? 0;
  const oldest = row?.oldest ? new Date(row.oldest) : null;
  return { count, resetsAt: oldest ? new Date(oldest.getTime() + windowMs) : null };
}

/**
 * Records one attempt and returns the window's count with it included. Must run inside a
 * transaction that already holds `lockKeys` for the key: the count is then exact even when many
 * attempts arrive at once, which a read-then-write throttle is not.
 */
export async function recordAttempt(
  tx: Queryable,
  clock: Clock,
  key: string,
  windowMs: number,
): Promise<WindowState & { id: number }> {
  const [row] = await tx
    .insert(rateLimitHits)
    .values({ key, createdAt: clock.now() })
    .returning({ id: rateLimitHits.id });
  if (!row) throw new Error('rate limit insert returned no row');
  return { id: row.id, ...(await windowOf(tx, clock, key, windowMs)) };
}

/** Takes back attempts that turned out to be successes. */
export async function forgiveAttempts(db: Queryable, ids: readonly number[]): Promise<void> {
  if (ids.length > 0) await db.delete(rateLimitHits).where(inArray(rateLimitHits.id, [...ids]));
}

export async function clearHits(db: Queryable, key: string): Promise<void> {
  // SKIP LOCKED: two successes at once each delete their own attempt first (forgiveAttempts), so
  // each would wait for the other's row here: a deadlock (40P01, found by tests/faults). A row
  // another transaction holds is being deleted by it anyway.
  const unlocked = db
    .select({ id: rateLimitHits.id })
    .from(rateLimitHits)
    .where(eq(rateLimitHits.key, key))
    .for('update', { skipLocked: true });
  await db.delete(rateLimitHits).where(inArray(rateLimitHits.id, unlocked));
}

/** Drops hits older than any window we use, so the table stays small. */
export async function pruneHits(db: Db, clock: Clock, olderThanMs = 24 * 60 * 60 * 1000): Promise<void> {
  await db.delete(rateLimitHits).where(lt(rateLimitHits.createdAt, new Date(clock.now().getTime() - olderThanMs)));
}

export function retryAfterSeconds(clock: Clock, state: WindowState): number {
  if (!state.resetsAt) return 1;
  return Math.max(1, Math.ceil((state.resetsAt.getTime() - clock.now().getTime()) / 1000));
}
