import type { Database } from '@ledgerwell/db/client';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';
import { AnnouncedCache, followAnnouncements } from '../../lib/pg-listener';

/** The channel on which PostgreSQL announces changes to admin users and sessions (migration 0014). */
export const ADMIN_AUTH_CHANNEL = 'admin_auth_changed';

/** However reliable the announcements, a session is read from the database again after this long. */
export const SESSION_CACHE_MAX_AGE_MS = 30 * 1000;
const MAX_ENTRIES = 10_000;

interface Entry<T> {
  value: T;
  userId: string;
  storedAt: number;
}

/**
 * The sessions this process has checked, so that an admin call need not read its session again on
 * every request (a round trip of its own before any work). The database stays the only truth:
 *  - PostgreSQL announces every change to an admin user and every revoked, expired or removed session
 *    (triggers, migration 0014) when its transaction commits; each process forgets that user's
 *    sessions on hearing it, so a revocation reaches every process within milliseconds;
 *  - it answers only while it hears them, and keeps no read that overlapped one (AnnouncedCache);
 *  - an entry is read again after SESSION_CACHE_MAX_AGE_MS whatever happens.
 * The process that makes a change forgets at once too (`forget`), so its own next call sees it.
 */
export class SessionCache<T> extends AnnouncedCache {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(private readonly clock: Clock) {
    super();
  }

  /** An announced change: `*` means every user. */
  announced(payload: string): void {
    if (payload === '*') this.forgetAll();
    else this.forget(payload);
  }

  /** Drops a user's sessions (their user, sessions or rights changed). */
  forget(userId: string): void {
    this.changed();
    for (const [key, entry] of this.entries) if (entry.userId === userId) this.entries.delete(key);
  }

  protected clear(): void {
    this.entries.clear();
  }

  get(key: string): T | undefined {
    if (!this.active) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.clock.now().getTime() - entry.storedAt >= SESSION_CACHE_MAX_AGE_MS) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  keep(key: string, userId: string, value: T, mark: number): void {
    if (!this.mayKeep(mark)) return;
    // The oldest entry goes first: a Map iterates in insertion order.
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, userId, storedAt: this.clock.now().getTime() });
  }

  drop(key: string): void {
    this.entries.delete(key);
  }
}

/** A cache that follows the database's announcements; `stop` ends the listening. */
export async function startSessionCache<T>(database: Database, clock: Clock, logger: Logger) {
  const cache = new SessionCache<T>(clock);
  const stop = await followAnnouncements(
    database,
    ADMIN_AUTH_CHANNEL,
    cache,
    logger,
    'lost the admin session announcements; reading every session from the database until they are back',
  );
  return { cache, stop };
}
