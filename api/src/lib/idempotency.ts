import type { Context } from 'hono';
import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '@ledgerwell/db/client';
import { idempotencyKeys } from '@ledgerwell/db/schema';
import { IDEMPOTENCY_HEADER } from '@ledgerwell/shared/portal-requests';
import type { Clock } from './clock';
import { AppError } from './errors';

/** How long a key is remembered: a retry comes within minutes; after this the record is gone. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

const KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;

/** The request's Idempotency-Key, or null without one; a malformed key is a 400. */
export function idempotencyKeyOf(c: Context): string | null {
  const key = c.req.header(IDEMPOTENCY_HEADER) ?? null;
  if (key !== null && !KEY_PATTERN.test(key))
    throw new AppError('VALIDATION_ERROR', `${IDEMPOTENCY_HEADER} must be 8 to 100 letters, digits, - or _`);
  return key;
}

/** The header as the OpenAPI document describes it, for `documented({ extraParameters })`. */
export const idempotencyParameter = (effect: string) => ({
  name: IDEMPOTENCY_HEADER,
  in: 'header' as const,
  description: `8 to 100 letters, digits, - or _: ${effect}`,
  schema: { maxLength: 100, pattern: KEY_PATTERN.source },
});

/**
 * Claims `key` for this request inside the caller's transaction. Null: the caller goes on and
 * files the request. Otherwise the first answer to replay; another body with the key is a 422.
 * A record older than the TTL counts as absent even before the sweep deletes it.
 */
export async function claimIdempotencyKey(
  tx: Db,
  clock: Clock,
  claim: { scope: string; key: string; fingerprint: string },
): Promise<{ status: number; body: Record<string, unknown> } | null> {
  const now = clock.now();
  const match = and(eq(idempotencyKeys.scope, claim.scope), eq(idempotencyKeys.key, claim.key));
  const inserted = await tx
    .insert(idempotencyKeys)
    .values({
      scope: claim.scope,
      key: claim.key,
      requestHash: claim.fingerprint,
      responseStatus: 0,
      responseBody: {},
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (inserted.length > 0) return null;

  const [previous] = await tx.select().from(idempotencyKeys).where(match);
  // Pruned between the two statements: claim it afresh.
  if (!previous) return claimIdempotencyKey(tx, clock, claim);
  if (previous.createdAt.getTime() <= now.getTime() - IDEMPOTENCY_TTL_MS) {
    // Taken over only if nobody renewed it meanwhile; a concurrent renewal wins and is compared below.
    const renewed = await tx
      .update(idempotencyKeys)
      .set({ requestHash: claim.fingerprint, responseStatus: 0, responseBody: {}, createdAt: now })
      .where(and(match, eq(idempotencyKeys.createdAt, previous.createdAt)))
      .returning({ key: idempotencyKeys.key });
    if (renewed.length > 0) return null;
    return claimIdempotencyKey(tx, clock, claim);
  }
  if (previous.requestHash !== claim.fingerprint) {
    throw new AppError('UNPROCESSABLE', 'This Idempotency-Key was already used for a different request.');
  }
  return { status: previous.responseStatus, body: previous.responseBody };
}

/** Stores the answer a retry will get, in the transaction that claimed the key. */
export async function recordIdempotentAnswer(
  tx: Db,
  claim: { scope: string; key: string },
  status: number,
  body: Record<string, unknown>,
) {
  await tx
    .update(idempotencyKeys)
    .set({ responseStatus: status, responseBody: body })
    .where(and(eq(idempotencyKeys.scope, claim.scope), eq(idempotencyKeys.key, claim.key)));
}

/** Deletes records past the TTL; run by every process's hourly sweep. */
export async function pruneIdempotencyKeys(db: Db, clock: Clock): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(clock.now().getTime() - IDEMPOTENCY_TTL_MS)));
}
