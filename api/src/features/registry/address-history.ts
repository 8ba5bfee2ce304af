import { desc, eq } from 'drizzle-orm';
import { shareholderAddressHistory, shareholders } from '@ledgerwell/db/schema';
import type { z } from 'zod';
import type { addressHistoryEntrySchema } from '@ledgerwell/shared/registry';
import type { AppDeps } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';

/**
 * GET /shareholders/:id/addresses: the registration's addresses, newest first. A holder whose address never
 * changed has one: the address on file, from the day they were registered.
 */
export async function addressHistory(
  deps: AppDeps,
  shareholderId: string,
): Promise<z.infer<typeof addressHistoryEntrySchema>[]> {
  if (!isUuid(shareholderId)) throw notFound('Shareholder not found');
  const [holder] = await deps.db.select().from(shareholders).where(eq(shareholders.id, shareholderId));
  if (!holder) throw notFound('Shareholder not found');
  const rows = await deps.db
    .select()
    .from(shareholderAddressHistory)
    .where(eq(shareholderAddressHistory.shareholderId, shareholderId))
    .orderBy(desc(shareholderAddressHistory.recordedAt), desc(shareholderAddressHistory.effectiveFrom));
  if (rows.length === 0)
    return [
      {
        line1: holder.addressLine1,
        line2: holder.addressLine2,
        city: holder.city,
        state: holder.state,
        postalCode: holder.postalCode,
        effectiveFrom: holder.createdAt.toISOString().slice(0, 10),
        sourceRequestId: null,
        recordedBy: null,
        recordedAt: holder.createdAt.toISOString(),
      },
    ];
  return rows.map((row) => ({
    line1: row.addressLine1,
    line2: row.addressLine2,
    city: row.city,
    state: row.state,
    postalCode: row.postalCode,
    effectiveFrom: row.effectiveFrom,
    sourceRequestId: row.sourceRequestId,
    recordedBy: row.recordedByUsername,
    recordedAt: row.recordedAt.toISOString(),
  }));
}
