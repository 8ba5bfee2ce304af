import type { Database } from '@ledgerwell/db/client';
import { addressAllowed } from '@ledgerwell/shared/ip-rules';
import type { ActiveIpRule, AdminIpRuleCache } from '../../lib/context';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';
import { AnnouncedCache, followAnnouncements } from '../../lib/pg-listener';

/** The channel on which PostgreSQL announces any write to ip_whitelist_rules (migration 0020). */
export const IP_RULES_CHANNEL = 'ip_whitelist_changed';

/** However reliable the announcements, the rules are read from the database again after this long. */
export const IP_RULE_CACHE_MAX_AGE_MS = 30 * 1000;

/** The rules of `rules` in force at `now`: expiry is judged here, at each check, never when caching. */
export function inForce(rules: readonly ActiveIpRule[], now: Date): string[] {
  const at = now.getTime();
  return rules.filter((rule) => rule.expiresAt === null || rule.expiresAt > at).map((rule) => rule.ipAddress);
}

/** Whether `ip` may call the admin API under these active rules at `now`: open while no rule is in force. */
export function admits(rules: readonly ActiveIpRule[], ip: string, now: Date): boolean {
  const rulesNow = inForce(rules, now);
  return rulesNow.length === 0 || addressAllowed(ip, rulesNow);
}

/**
 * The active IP whitelist rules (with their expiry) as this process last read them, so that an admin
 * call need not read them again on every request. The database stays the only truth, as for the
 * session cache (decision 009):
 *  - PostgreSQL announces every write to ip_whitelist_rules (a trigger, migration 0020) when its
 *    transaction commits; each process forgets the rules on hearing it;
 *  - it answers only while it hears them, and keeps no read that overlapped one (AnnouncedCache);
 *  - the rules are read again after IP_RULE_CACHE_MAX_AGE_MS whatever happens.
 * The process that changes a rule forgets at once too (`forget`), so its own next call sees it.
 */
export class IpRuleCache extends AnnouncedCache implements AdminIpRuleCache {
  private rules: readonly ActiveIpRule[] | undefined;
  private storedAt = 0;

  constructor(private readonly clock: Clock) {
    super();
  }

  /** Any write: the payload does not matter, the few rules are read again. */
  announced(): void {
    this.forgetAll();
  }

  forget(): void {
    this.forgetAll();
  }

  protected clear(): void {
    this.rules = undefined;
  }

  get(): readonly ActiveIpRule[] | undefined {
    if (!this.active || !this.rules) return undefined;
    const age = this.clock.now().getTime() - this.storedAt;
    // A clock that went back is no proof of freshness either.
    if (age >= IP_RULE_CACHE_MAX_AGE_MS || age < 0) {
      this.rules = undefined;
      return undefined;
    }
    return this.rules;
  }

  keep(rules: readonly ActiveIpRule[], mark: number): void {
    if (!this.mayKeep(mark)) return;
    this.rules = rules;
    this.storedAt = this.clock.now().getTime();
  }
}

/** A cache that follows the database's announcements; `stop` ends the listening. */
export async function startIpRuleCache(database: Database, clock: Clock, logger: Logger) {
  const cache = new IpRuleCache(clock);
  const stop = await followAnnouncements(
    database,
    IP_RULES_CHANNEL,
    cache,
    logger,
    'lost the IP whitelist announcements; reading the rules from the database on every admin call until they are back',
  );
  return { cache, stop };
}
