import { eq, sql } from 'drizzle-orm';
import type { Db } from '@ledgerwell/db/client';
import { shareholderAddressHistory, shareholders } from '@ledgerwell/db/schema';
import { calendarDateIn, DEFAULT_ISSUER_TIME_ZONE } from '@ledgerwell/shared/ledger';
import type { Actor } from '../activity/record-activity';
import type { RequestRow } from './request-detail';

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * An approved address change becomes the holder's address of record from today, in the approval's transaction,
 * and the registration's address history keeps both: the address on file (from the day the holder was registered,
 * the first time) and the new one with the day it took effect. Statements and record-date lists as of a past date
 * can so name the address that was on file then.
 */
export async function applyAddressChange(tx: Db, request: RequestRow, now: Date, actor: Actor): Promise<void> {
  const [holder] = await tx.select().from(shareholders).where(eq(shareholders.id, request.shareholderId)).for('update');
  if (!holder) return;
  const [kept] = await tx
    .select({ rows: sql<number>`count(*)::int` })
    .from(shareholderAddressHistory)
    .where(eq(shareholderAddressHistory.shareholderId, holder.id));
  if (kept!.rows === 0) {
    await tx.insert(shareholderAddressHistory).values({
      shareholderId: holder.id,
      addressLine1: holder.addressLine1,
      addressLine2: holder.addressLine2,
      city: holder.city,
      state: holder.state,
      postalCode: holder.postalCode,
      effectiveFrom: calendarDateIn(DEFAULT_ISSUER_TIME_ZONE, holder.createdAt),
      recordedByUsername: 'system',
      recordedAt: now,
    });
  }
  const address = {
    addressLine1: text(request.formData.new_address_line1),
    addressLine2: null,
    city: text(request.formData.new_city),
    state: text(request.formData.new_state).toUpperCase(),
    postalCode: text(request.formData.new_postal_code),
  };
  await tx.insert(shareholderAddressHistory).values({
    shareholderId: holder.id,
    ...address,
    effectiveFrom: calendarDateIn(DEFAULT_ISSUER_TIME_ZONE, now),
    sourceRequestId: request.id,
    recordedByUsername: actor.username,
    recordedAt: now,
  });
  await tx
    .update(shareholders)
    .set({ ...address, updatedAt: now })
    .where(eq(shareholders.id, holder.id));
}
