import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '@ledgerwell/db/client';
import { requestHistory, shareholderRequests, verificationDocuments } from '@ledgerwell/db/schema';
import { isUuid } from '../../lib/ids';

/**
 * A request and its record as both its readers see them: staff review (every request) and the
 * shareholder portal (the holder's own). One reading, so the two screens cannot disagree on what a
 * request holds or in which order its history ran.
 */

export type RequestRow = typeof shareholderRequests.$inferSelect;

/**
 * The request with this id, or null: a malformed id finds nothing (never a uuid cast error). With
 * `shareholderId`, only that holder's request: another holder's is not found, exactly as an unknown one.
 * `forUpdate` locks the row for the rest of the transaction.
 */
export async function findRequest(
  db: Db,
  id: string,
  options: { forUpdate?: boolean; shareholderId?: string } = {},
): Promise<RequestRow | null> {
  if (!isUuid(id)) return null;
  const query = db
    .select()
    .from(shareholderRequests)
    .where(
      and(
        eq(shareholderRequests.id, id),
        options.shareholderId === undefined ? undefined : eq(shareholderRequests.shareholderId, options.shareholderId),
      ),
    );
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

/** The request's history lines in the order they were written. */
export const historyOf = (db: Db, requestId: string) =>
  db.select().from(requestHistory).where(eq(requestHistory.requestId, requestId)).orderBy(asc(requestHistory.id));

/** Every identity photo sent for the request, current and superseded, oldest first. */
export const identityDocumentsOf = (db: Db, requestId: string) =>
  db
    .select()
    .from(verificationDocuments)
    .where(eq(verificationDocuments.requestId, requestId))
    .orderBy(asc(verificationDocuments.uploadedAt));
