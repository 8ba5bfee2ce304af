import { and, eq } from 'drizzle-orm';
import { shareClasses } from '@ledgerwell/db/ledger-schema';
import type { AppDeps } from '../../lib/context';
import { notFound } from '../../lib/errors';

/**
 * A class the issuer may read: its own. Another issuer's class is not found, exactly as one that does not exist (and
 * the query's schema has checked the id is a uuid), so an issuer learns nothing of another's classes by guessing ids.
 */
export async function requireIssuerClass(deps: AppDeps, issuerId: string, classId: string): Promise<void> {
  const [row] = await deps.db
    .select({ id: shareClasses.id })
    .from(shareClasses)
    .where(and(eq(shareClasses.id, classId), eq(shareClasses.issuerId, issuerId)));
  if (!row) throw notFound('Share class not found');
}
