import { createHash, createHmac } from 'node:crypto';
import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { lt } from 'drizzle-orm';
import type { Db } from '@ledgerwell/db/client';
import { challengeRedemptions } from '@ledgerwell/db/schema';
import { challengePayloadSchema, type Challenge } from '@ledgerwell/shared/challenge';
import type { AppDeps } from './context';

/** PBKDF2 runs natively in every browser's WebCrypto and in the widget's bundled worker. */
const ALGORITHM = 'PBKDF2/SHA-256';
/** Key derivations a solver needs at factor 1 (the counter is drawn from half of it to all of it). */
const BASE_STEPS = 200;
/** The hardest challenge is this many times the first: still solvable in a page (decision 010). */
export const MAX_FACTOR = 16;
export const CHALLENGE_TTL_MS = 10 * 60 * 1000;

/**
 * How much harder than the first challenge the next one is: ×1 for the first `limit` attempts past
 * the limit, then doubling every `limit` more, up to MAX_FACTOR.
 */
export function challengeFactor(count: number, limit: number): number {
  const over = Math.max(0, count - limit - 1);
  return Math.min(MAX_FACTOR, 2 ** Math.floor(over / Math.max(1, limit)));
}

/** A challenge is good only for the call it was issued to (same throttle keys): a hash of them. */
export function challengeScope(keys: readonly string[]): string {
  return createHash('sha256')
    .update([...keys].sort().join('\n'))
    .digest('base64url')
    .slice(0, 22);
}

/**
 * Two HMAC keys from one key derived from ENCRYPTION_KEY (never stored in the database, so a dump
 * forges no challenge): one signs the challenge, one the expected key (so checks cost an HMAC, not a derivation).
 */
function secrets(deps: Pick<AppDeps, 'cipher'>) {
  const key = deps.cipher.deriveKey('altcha-hmac');
  const derive = (label: string) => createHmac('sha256', key).update(label).digest('base64');
  return { hmacSignatureSecret: derive('altcha challenge'), hmacKeySignatureSecret: derive('altcha key') };
}

export async function issueChallenge(deps: AppDeps, scope: string, factor: number): Promise<Challenge> {
  const steps = BASE_STEPS * factor;
  const challenge = await createChallenge({
    algorithm: ALGORITHM,
    cost: deps.config.CHALLENGE_COST,
    counter: randomInt(Math.ceil(steps / 2), steps),
    deriveKey,
    data: { scope, factor },
    expiresAt: new Date(deps.clock.now().getTime() + CHALLENGE_TTL_MS),
    ...secrets(deps),
  });
  return challenge as Challenge;
}

export interface VerifiedProof {
  signature: string;
  factor: number;
  expiresAt: Date;
}

/**
 * Checks a solved payload (the widget's base64 string) for this call: signed by us, for this scope,
 * not expired by our clock, and solved. Whether it was used before is the redemption's business.
 */
export async function verifyProof(
  deps: AppDeps,
  payload: string | undefined,
  scope: string,
): Promise<VerifiedProof | null> {
  if (!payload) return null;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
  } catch {
    return null;
  }
  const parsed = challengePayloadSchema.safeParse(decoded);
  if (!parsed.success) return null;
  const { challenge, solution } = parsed.data;
  const { data, expiresAt } = challenge.parameters;
  if (data?.scope !== scope || typeof data.factor !== 'number') return null;
  if (!expiresAt || expiresAt * 1000 <= deps.clock.now().getTime()) return null;
  const result = await verifySolution({ challenge, solution, deriveKey, ...secrets(deps) }).catch(() => null);
  if (!result?.verified) return null;
  return { signature: challenge.signature, factor: data.factor, expiresAt: new Date(expiresAt * 1000) };
}

/** Marks a proof used; false when it already was (a replay). */
export async function redeemProof(tx: Db, proof: VerifiedProof): Promise<boolean> {
  const rows = await tx
    .insert(challengeRedemptions)
    .values({ signature: proof.signature, expiresAt: proof.expiresAt })
    .onConflictDoNothing()
    .returning({ signature: challengeRedemptions.signature });
  return rows.length === 1;
}

/** A redeemed proof is worth nothing once its challenge has expired anyway. */
export async function pruneRedemptions(db: Db, now: Date): Promise<void> {
  await db.delete(challengeRedemptions).where(lt(challengeRedemptions.expiresAt, now));
}
