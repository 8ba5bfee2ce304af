import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { certificates, ledgerLegs, ledgerTransactions } from '@ledgerwell/db/ledger-schema';
import { shareholderRequests } from '@ledgerwell/db/schema';
import { signedDecimal } from '@ledgerwell/shared/ledger';
import type { PortalPosting, PortalTransactionsPage } from '@ledgerwell/shared/portal-holdings';
import type { AppDeps } from '../../lib/context';
import type { PortalSession } from '../portal-auth/portal-sessions';

const legs = ledgerLegs;
const t = ledgerTransactions;

/**
 * One account's postings, newest effective date first, as its holder sees them: only the account's own
 * legs (never the other side of a transfer), with the balance after each. The balance is a running sum over
 * the account's postings in effective-date order, worked out before the page is cut: exact, and one query.
 * The caller has checked the account is the holder's.
 */
export async function accountPostings(
  deps: AppDeps,
  session: PortalSession,
  accountId: string,
  { page, limit, asOf }: { page: number; limit: number; asOf?: string },
): Promise<PortalTransactionsPage> {
  // Up to a date, the running balance stays right: it sums only postings before each row.
  const where = and(eq(legs.accountId, accountId), asOf ? lte(legs.effectiveDate, asOf) : undefined);
  const [rows, [count]] = await Promise.all([
    deps.db
      .select({
        id: t.id,
        type: t.type,
        effectiveDate: t.effectiveDate,
        postedAt: t.postedAt,
        sourceRequestId: t.sourceRequestId,
        sharesIn: sql<string>`coalesce(sum(${legs.quantity}) filter (where ${legs.quantity} > 0), 0)::text`,
        sharesOut: sql<string>`coalesce(-sum(${legs.quantity}) filter (where ${legs.quantity} < 0), 0)::text`,
        balanceAfter: sql<string>`(sum(sum(${legs.quantity})) over (order by ${t.effectiveDate}, ${t.sequence}))::text`,
        certificates: sql<{ number: string; shares: string }[]>`coalesce(json_agg(json_build_object(
          'number', ${certificates.number}, 'shares', ${legs.quantity}::text) order by ${legs.id})
          filter (where ${certificates.id} is not null), '[]')`,
      })
      .from(legs)
      .innerJoin(t, eq(t.id, legs.transactionId))
      .leftJoin(certificates, eq(certificates.id, legs.certificateId))
      .where(where)
      .groupBy(t.id)
      .orderBy(desc(t.effectiveDate), desc(t.sequence))
      .limit(limit)
      .offset((page - 1) * limit),
    deps.db
      .select({ total: sql<number>`count(distinct ${legs.transactionId})::int` })
      .from(legs)
      .where(where),
  ]);
  const references = await ownReferences(
    deps,
    session,
    rows.map((row) => row.sourceRequestId),
  );
  const data: PortalPosting[] = rows.map((row) => ({
    id: row.id,
    type: row.type,
    effectiveDate: row.effectiveDate,
    postedAt: new Date(row.postedAt).toISOString(),
    sharesIn: signedDecimal(row.sharesIn),
    sharesOut: signedDecimal(row.sharesOut),
    balanceAfter: signedDecimal(row.balanceAfter),
    certificates: parseJsonColumn(row.certificates).map((leg) => ({ ...leg, shares: signedDecimal(leg.shares) })),
    requestReference: (row.sourceRequestId && references.get(row.sourceRequestId)) ?? null,
  }));
  return { data, total: count!.total, page, limit };
}

/** A json column arrives parsed from node-postgres and, in some drivers, as text. */
const parseJsonColumn = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/**
 * The references of the requests behind the postings, for the holder's own requests only: a transfer
 * credited from another holder's request says nothing of that request.
 */
async function ownReferences(deps: AppDeps, session: PortalSession, ids: (string | null)[]) {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map<string, string>();
  const rows = await deps.db
    .select({ id: shareholderRequests.id, reference: shareholderRequests.referenceNumber })
    .from(shareholderRequests)
    .where(and(inArray(shareholderRequests.id, wanted), eq(shareholderRequests.shareholderId, session.shareholderId)));
  return new Map(rows.map((row) => [row.id, row.reference]));
}
