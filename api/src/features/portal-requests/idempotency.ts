import { createHmac } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '@ledgerwell/db/client';
import { idempotencyKeys } from '@ledgerwell/db/schema';
import type { SubmitRequestInput } from '@ledgerwell/shared/portal-requests';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { FieldCipher } from '../../lib/field-encryption';

/** How long a key is remembered: a retry comes within minutes; after this the record is gone. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

export const TAX_ID_FIELDS = ['shareholder_tax_id', 'buyerTaxId'] as const;

/**
 * What the record keeps of a request body: two HMACs under keys derived from the encryption key,
 * so a database dump alone cannot test guesses against it. The body's MAC leaves the tax IDs out;
 * they get their own MAC under their own key only so that a retry whose sole change is a corrected
 * tax ID is refused (422) rather than answered with the first request, which kept the old one.
 * Decision 005.
 */
export function requestFingerprint(cipher: Pick<FieldCipher, 'deriveKey'>, input: SubmitRequestInput): string {
  const formData: Record<string, unknown> = { ...input.formData };
  const taxIds: Record<string, unknown> = {};
  for (const field of TAX_ID_FIELDS) {
    if (field in formData) taxIds[field] = formData[field];
    delete formData[field];
  }
  const mac = (purpose: string, value: unknown) =>
    createHmac('sha256', cipher.deriveKey(purpose)).update(JSON.stringify(value)).digest('base64url');
  return `${mac('idempotency-body', { ...input, formData })}.${mac('idempotency-tax-ids', taxIds)}`;
}

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
