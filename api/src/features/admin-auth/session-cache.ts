import type { Database } from '@ledgerwell/db/client';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';

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
 *  - the cache answers only while it hears the announcements: when the listening connection is lost
 *    it empties itself and every call reads the database until it listens again;
 *  - a read that overlapped an announcement is not kept (it may have seen the state before);
 *  - an entry is read again after SESSION_CACHE_MAX_AGE_MS whatever happens.
 * The process that makes a change forgets at once too (`forget`), so its own next call sees it.
 */
export class SessionCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private changes = 0;
  private listening = false;

  constructor(private readonly clock: Clock) {}

  /** Whether the cache may answer: only while announcements are heard. */
  get active(): boolean {
    return this.listening;
  }

  /** Announcements are heard (again): anything cached before may have missed some. */
  heard(): void {
    this.forgetAll();
    this.listening = true;
  }

  /** Announcements may be missed from now on: answer nothing until heard() again. */
  deaf(): void {
    this.listening = false;
    this.forgetAll();
  }

  /** An announced change: `*` means every user. */
  announced(payload: string): void {
    if (payload === '*') this.forgetAll();
    else this.forget(payload);
  }

  /** Drops a user's sessions (their user, sessions or rights changed). */
  forget(userId: string): void {
    this.changes += 1;
    for (const [key, entry] of this.entries) if (entry.userId === userId) this.entries.delete(key);
  }

  forgetAll(): void {
    this.changes += 1;
    this.entries.clear();
  }

  /** Taken before reading the database; `keep` refuses the read if anything changed meanwhile. */
  mark(): number {
    return this.changes;
  }

  get(key: string): T | undefined {
    if (!this.listening) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.clock.now().getTime() - entry.storedAt >= SESSION_CACHE_MAX_AGE_MS) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  keep(key: string, userId: string, value: T, mark: number): void {
    if (!this.listening || mark !== this.changes) return;
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
  const stop = await database.listen(ADMIN_AUTH_CHANNEL, {
    onMessage: (payload) => cache.announced(payload),
    onListening: () => cache.heard(),
    onLost: (error) => {
      cache.deaf();
      logger.warn({ err: error }, 'lost the admin session announcements; reading every session from the database until they are back');
    },
  });
  return { cache, stop };
}
