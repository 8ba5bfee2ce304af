import { AppError } from './errors';
import type { AppDeps } from './context';
import { forgiveAttempts, lockKeys, recordAttempt, retryAfterSeconds, type WindowState } from './throttle';

/** One counted limit: at most `limit` attempts under `key` per `windowMs`; past it, `message`. */
export interface ThrottleRule {
  key: string;
  limit: number;
  windowMs: number;
  message: string;
}

/** An attempt that was let through; the caller forgives it when it turns out to be a success. */
export interface Attempt {
  forgive(db?: AppDeps['db']): Promise<void>;
}

export interface GuardOptions {
  /** Written (outside the refused transaction) when the attempt is refused, e.g. an activity row. */
  onRefused?: (rule: ThrottleRule) => Promise<void>;
}

/**
 * The one throttle every guessable secret goes through. The attempt is recorded first, under a
 * per-key lock, and the decision is taken on the count that includes it, so a burst of parallel
 * guesses cannot all read a count below the limit. A refused attempt is rolled back: only the
 * attempts that were evaluated count.
 */
export async function guardAttempt(deps: AppDeps, rules: readonly ThrottleRule[], options: GuardOptions = {}): Promise<Attempt> {
  const outcome = await deps.db
    .transaction(async (tx) => {
      await lockKeys(tx, rules.map((rule) => rule.key));
      const states: (WindowState & { id: number })[] = [];
      for (const rule of rules) states.push(await recordAttempt(tx, deps.clock, rule.key, rule.windowMs));
      const tripped = rules.findIndex((rule, i) => states[i]!.count > rule.limit);
      if (tripped >= 0) throw new Refused(rules[tripped]!, states[tripped]!);
      return states.map((state) => state.id);
    })
    .catch((error: unknown) => {
      if (error instanceof Refused) return error;
      throw error;
    });

  if (outcome instanceof Refused) {
    await options.onRefused?.(outcome.rule);
    throw new AppError('RATE_LIMITED', outcome.rule.message, undefined, {
      'Retry-After': String(retryAfterSeconds(deps.clock, outcome.state)),
    });
  }
  const ids = outcome;
  return { forgive: (db = deps.db) => forgiveAttempts(db, ids) };
}

/** Thrown inside the transaction to roll the refused attempt back. */
class Refused extends Error {
  constructor(
    readonly rule: ThrottleRule,
    readonly state: WindowState,
  ) {
    super('throttled');
  }
}
