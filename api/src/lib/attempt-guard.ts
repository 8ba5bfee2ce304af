import type { ApiErrorCode } from '@ledgerwell/shared/api-error';
import { AppError } from './errors';
import type { AppDeps } from './context';
import { throttleChallengesIssued } from './metrics';
import { challengeFactor, challengeScope, issueChallenge, redeemProof, verifyProof } from './proof-of-work';
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
  /** The solved proof of work the client sent (the widget's base64 payload), if any. */
  proof?: string | undefined;
  /**
   * Past the limit: 'challenge' (default) asks for a proof of work, so nobody can lock a real user
   * out; 'refuse' answers a plain 429 until the window passes (a flood limit with no secret behind it).
   */
  pastLimit?: 'challenge' | 'refuse';
  /** With 'refuse': the code the refusal answers (429 either way); RATE_LIMITED unless said. */
  refusedCode?: Extract<ApiErrorCode, 'RATE_LIMITED' | 'ACCOUNT_GUESSES_EXHAUSTED'>;
  /** Written (outside the refused transaction) when the attempt is refused, e.g. an activity row. */
  onRefused?: (rule: ThrottleRule) => Promise<void>;
}

/**
 * The one throttle every guessable secret goes through. The attempt is recorded first, under a
 * per-key lock, and the decision is taken on the count that includes it, so a burst of parallel
 * guesses cannot all read a count below the limit. Past a limit the attempt goes on only with a
 * fresh, solved proof of work, and still counts. A refused attempt is rolled back: only evaluated
 * attempts count, so unsolved requests cannot raise the price for everyone else.
 */
export async function guardAttempt(
  deps: AppDeps,
  rules: readonly ThrottleRule[],
  options: GuardOptions = {},
): Promise<Attempt> {
  const challenging = (options.pastLimit ?? 'challenge') === 'challenge';
  const scope = challengeScope(rules.map((rule) => rule.key));
  // Checked before the lock: the HMACs need no database, and the lock is held as briefly as possible.
  const proof = challenging ? await verifyProof(deps, options.proof, scope) : null;

  const outcome = await deps.db
    .transaction(async (tx) => {
      await lockKeys(
        tx,
        rules.map((rule) => rule.key),
      );
      const states: (WindowState & { id: number })[] = [];
      for (const rule of rules) states.push(await recordAttempt(tx, deps.clock, rule.key, rule.windowMs));
      const tripped = rules.flatMap((rule, i) => (states[i]!.count > rule.limit ? [{ rule, state: states[i]! }] : []));
      if (tripped.length === 0) return states.map((state) => state.id);
      const factor = Math.max(...tripped.map(({ rule, state }) => challengeFactor(state.count, rule.limit)));
      // A proof solved while the price was lower does not buy an attempt at today's price.
      if (proof && proof.factor >= factor && (await redeemProof(tx, proof))) return states.map((state) => state.id);
      throw new Refused(tripped[0]!.rule, tripped[0]!.state, factor);
    })
    .catch((error: unknown) => {
      if (error instanceof Refused) return error;
      throw error;
    });

  if (outcome instanceof Refused) {
    await options.onRefused?.(outcome.rule);
    const headers = { 'Retry-After': String(retryAfterSeconds(deps.clock, outcome.state)) };
    if (!challenging)
      throw new AppError(options.refusedCode ?? 'RATE_LIMITED', outcome.rule.message, undefined, headers);
    const challenge = await issueChallenge(deps, scope, outcome.factor);
    throttleChallengesIssued.inc();
    throw new AppError('CHALLENGE_REQUIRED', outcome.rule.message, undefined, headers, challenge);
  }
  const ids = outcome;
  return { forgive: (db = deps.db) => forgiveAttempts(db, ids) };
}

/** Thrown inside the transaction to roll the refused attempt back. */
class Refused extends Error {
  constructor(
    readonly rule: ThrottleRule,
    readonly state: WindowState,
    readonly factor: number,
  ) {
    super('throttled');
  }
}
