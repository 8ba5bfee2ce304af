import type { Database } from '@ledgerwell/db/client';
import type { Logger } from './logger';

/**
 * What a per-process cache of database rows needs to stay true to the database while PostgreSQL
 * announces each change on a channel (decision 009; the session and IP rule caches):
 *  - it answers only while it hears the announcements: when the listening connection is lost it
 *    empties itself, and every call reads the database until it listens again;
 *  - every drop counts as a change, and a read taken before one (`mark`) is not kept (`mayKeep`):
 *    it may have seen the state before the change.
 * A subclass holds the values, drops them in `clear`, and says what an announcement drops.
 */
export abstract class AnnouncedCache {
  private changes = 0;
  private listening = false;

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

  forgetAll(): void {
    this.changed();
    this.clear();
  }

  /** Taken before reading the database; `keep` refuses the read if anything changed meanwhile. */
  mark(): number {
    return this.changes;
  }

  /** An announcement on the channel, with its payload. */
  abstract announced(payload: string): void;

  /** Drops every cached value. */
  protected abstract clear(): void;

  /** Something cached was dropped: a read that started before it must not be kept. */
  protected changed(): void {
    this.changes += 1;
  }

  /** Whether a read taken at `mark` may be kept now. */
  protected mayKeep(mark: number): boolean {
    return this.listening && mark === this.changes;
  }
}

/**
 * Has `cache` follow the announcements on `channel` through the database's listening connection
 * (which reconnects by itself); `lostMessage` is logged each time the connection is lost. Returns
 * the function that ends the listening.
 */
export function followAnnouncements(
  database: Database,
  channel: string,
  cache: AnnouncedCache,
  logger: Logger,
  lostMessage: string,
): Promise<() => Promise<void>> {
  return database.listen(channel, {
    onMessage: (payload) => cache.announced(payload),
    onListening: () => cache.heard(),
    onLost: (error) => {
      cache.deaf();
      logger.warn({ err: error }, lostMessage);
    },
  });
}
