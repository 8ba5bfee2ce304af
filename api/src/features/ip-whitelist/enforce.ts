import { createMiddleware } from 'hono/factory';
import { IP_RULE_MESSAGES } from '@ledgerwell/shared/ip-rules';
import { throttleAddress } from '../../lib/client-address';
import type { ActiveIpRule, AppDeps, AppEnv } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { recordActivity } from '../activity/record-activity';
import { admits } from './rule-cache';
import { activeRules } from './rules';

/** A refused address is recorded at most once per window, and a window records at most this many addresses. */
export const BLOCKED_RECORD_WINDOW_MS = 60 * 1000;
export const BLOCKED_RECORDS_PER_WINDOW = 100;

/**
 * Which refusals this process still records: one row per address (an IPv6 client by its /64) per
 * minute and at most BLOCKED_RECORDS_PER_WINDOW rows a minute, so a flood, even from many addresses,
 * writes a bounded number of rows and holds bounded memory. The 403 itself always applies.
 */
export function blockedRecorder(windowMs = BLOCKED_RECORD_WINDOW_MS, perWindow = BLOCKED_RECORDS_PER_WINDOW) {
  let windowStart = 0;
  let recorded = new Set<string>();
  let suppressed = 0;
  return {
    /** Whether to record this refusal; `suppressedBefore` counts the ones skipped for the window cap. */
    shouldRecord(ip: string, now: number): { record: boolean; suppressedBefore: number } {
      let suppressedBefore = 0;
      if (now - windowStart >= windowMs || now < windowStart) {
        suppressedBefore = suppressed;
        windowStart = now;
        recorded = new Set();
        suppressed = 0;
      }
      const key = throttleAddress(ip);
      if (recorded.has(key)) return { record: false, suppressedBefore };
      if (recorded.size >= perWindow) {
        suppressed += 1;
        return { record: false, suppressedBefore };
      }
      recorded.add(key);
      return { record: true, suppressedBefore };
    },
  };
}

/** The active rules from the database, kept in the process's cache unless a change overlapped the read. */
async function readActiveRules(deps: AppDeps): Promise<ActiveIpRule[]> {
  const mark = deps.ipRuleCache?.mark() ?? 0;
  const rules = await activeRules(deps.db);
  deps.ipRuleCache?.keep(rules, mark);
  return rules;
}

/**
 * In front of every /api/admin route, login included: while at least one rule is in force, a client
 * whose address none of them includes gets 403. With no rule in force admin access is open.
 * The rules come from the process's cache while it hears the database's announcements (decision
 * 011); a refusal is always decided on the database's rules, so an address allowed a moment ago in
 * another process is let in at once, and only an allowance is ever taken from the cache.
 */
export function enforceIpWhitelist(deps: AppDeps) {
  const recorder = blockedRecorder();
  return createMiddleware<AppEnv>(async (c, next) => {
    const meta = c.get('meta');
    const cached = deps.ipRuleCache?.get();
    if (cached && admits(cached, meta.ip, deps.clock.now())) return next();
    if (admits(await readActiveRules(deps), meta.ip, deps.clock.now())) return next();

    const { record, suppressedBefore } = recorder.shouldRecord(meta.ip, deps.clock.now().getTime());
    if (suppressedBefore > 0)
      c.get('log').warn(
        { suppressed: suppressedBefore },
        'admin access refusals not recorded in the activity log (per-minute cap)',
      );
    if (record) {
      try {
        await recordActivity(deps.db, {
          actor: { id: null, username: null },
          action: 'ADMIN_ACCESS_BLOCKED',
          resourceType: 'ip_rule',
          details: { ip: meta.ip, method: c.req.method, path: c.req.path.slice(0, 200) },
          meta,
        });
      } catch (error) {
        // The refusal matters more than its record.
        c.get('log').error({ err: error }, 'recording a refused admin address failed');
      }
    }
    c.get('log').info({ ip: meta.ip }, 'admin access refused by the IP whitelist');
    throw new AppError('FORBIDDEN', IP_RULE_MESSAGES.blocked);
  });
}
