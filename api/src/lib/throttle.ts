import { and, eq, gt, lt, sql } from 'drizzle-orm';
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

export async function readWindow(db: Db, clock: Clock, key: string, windowMs: number): Promise<WindowState> {
  const since = new Date(clock.now().getTime() - windowMs);
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`, oldest: sql<string | null>`min(${rateLimitHits.createdAt})` })
    .from(rateLimitHits)
    .where(and(eq(rateLimitHits.key, key), gt(rateLimitHits.createdAt, since)));
  const count = row?.count ?? 0;
  const oldest = row?.oldest ? new Date(row.oldest) : null;
  return { count, resetsAt: oldest ? new Date(oldest.getTime() + windowMs) : null };
}

export async function recordHit(db: Db, clock: Clock, key: string): Promise<void> {
  await db.insert(rateLimitHits).values({ key, createdAt: clock.now() });
}

export async function clearHits(db: Db, key: string): Promise<void> {
  await db.delete(rateLimitHits).where(eq(rateLimitHits.key, key));
}

/** Drops hits older than any window we use, so the table stays small. */
export async function pruneHits(db: Db, clock: Clock, olderThanMs = 24 * 60 * 60 * 1000): Promise<void> {
  await db.delete(rateLimitHits).where(lt(rateLimitHits.createdAt, new Date(clock.now().getTime() - olderThanMs)));
}

export function retryAfterSeconds(clock: Clock, state: WindowState): number {
  if (!state.resetsAt) return 1;
  return Math.max(1, Math.ceil((state.resetsAt.getTime() - clock.now().getTime()) / 1000));
}
