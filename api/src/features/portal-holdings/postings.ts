import { and, desc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { certificates, ledgerLegs, ledgerTransactions } from '@ledgerwell/db/ledger-schema';
import { shareholderRequests } from '@ledgerwell/db/schema';
import { signedDecimal } from '@ledgerwell/shared/ledger';
import type { PortalPosting, PortalTransactionsPage } from '@ledgerwell/shared/portal-holdings';
import type { AppDeps } from '../../lib/context';
import type { HolderScope } from './holdings';

const legs = ledgerLegs;
const t = ledgerTransactions;

/**
 * One account's postings, newest effective date first, as its holder sees them: only the account's own
 * legs (never the other side of a transfer), with the balance after each. The balance is a running sum over
 * the account's postings in journal order, worked out before the page is cut: exact, and one query. The page is
 * cut from the account's legs alone (an index-only scan of ledger_legs_account_history_idx, which carries each
 * leg's transaction sequence), so only the page's own transactions and certificates are read.
 * The caller has checked the account is the holder's.
 */
export async function accountPostings(
  deps: AppDeps,
  session: HolderScope,
  accountId: string,
  { page, limit, asOf }: { page: number; limit: number; asOf?: string },
): Promise<PortalTransactionsPage> {
  // Up to a date, the running balance stays right: it sums only postings before each row.
  const where = and(eq(legs.accountId, accountId), asOf ? lte(legs.effectiveDate, asOf) : undefined);
  const journalOrder = [legs.effectiveDate, legs.transactionSequence];
  const pageRows = await deps.db
    .select({
      transactionId: legs.transactionId,
      effectiveDate: legs.effectiveDate,
      sharesIn: sql<string>`coalesce(sum(${legs.quantity}) filter (where ${legs.quantity} > 0), 0)::text`,
      sharesOut: sql<string>`coalesce(-sum(${legs.quantity}) filter (where ${legs.quantity} < 0), 0)::text`,
      balanceAfter: sql<string>`(sum(sum(${legs.quantity})) over (order by ${sql.join(journalOrder, sql`, `)}))::text`,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(legs)
    .where(where)
    .groupBy(...journalOrder, legs.transactionId)
    .orderBy(...journalOrder.map((column) => desc(column)))
    .limit(limit)
    .offset((page - 1) * limit);
  const details = await transactionDetails(
    deps,
    accountId,
    pageRows.map((row) => row.transactionId),
  );
  const rows = pageRows.map((row) => ({ ...row, ...details.get(row.transactionId)! }));
  const total = rows[0]?.total ?? (await countPostings(deps, where));
  const references = await ownReferences(
    deps,
    session,
    rows.map((row) => row.sourceRequestId),
  );
  const data: PortalPosting[] = rows.map((row) => ({
    id: row.transactionId,
    type: row.type,
    effectiveDate: row.effectiveDate,
    postedAt: new Date(row.postedAt).toISOString(),
    sharesIn: signedDecimal(row.sharesIn),
    sharesOut: signedDecimal(row.sharesOut),
    balanceAfter: signedDecimal(row.balanceAfter),
    certificates: parseJsonColumn(row.certificates).map((leg) => ({ ...leg, shares: signedDecimal(leg.shares) })),
    requestReference: (row.sourceRequestId && references.get(row.sourceRequestId)) ?? null,
  }));
  return { data, total, page, limit };
}

/**
 * The page's transactions and the account's certificate legs in them, by id: a second query rather than a join,
 * because for a statement's 1,000 rows the planner hashes the whole transactions table (a sequential scan that
 * grows with the journal: 120 ms of the statement at 1,000,000 entries), where 1,000 primary-key lookups take a
 * few milliseconds whatever its size.
 */
async function transactionDetails(deps: AppDeps, accountId: string, ids: string[]) {
  if (ids.length === 0) return new Map<string, never>();
  const rows = await deps.db
    .select({
      id: t.id,
      type: t.type,
      postedAt: t.postedAt,
      sourceRequestId: t.sourceRequestId,
      // Qualified by hand: drizzle writes a single-table select's columns bare, and `id` would be the leg's here.
      certificates: sql<{ number: string; shares: string }[]>`(select coalesce(json_agg(json_build_object(
          'number', c.number, 'shares', l.quantity::text) order by l.id), '[]')
        from ${legs} l join ${certificates} c on c.id = l.certificate_id
        where l.transaction_id = ${t}.id and l.account_id = ${accountId})`,
    })
    .from(t)
    .where(inArray(t.id, ids));
  return new Map(rows.map(({ id, ...row }) => [id, row]));
}

/** The count when the page is past the end (the page's rows carry it otherwise). */
async function countPostings(deps: AppDeps, where: SQL | undefined) {
  const [row] = await deps.db
    .select({ total: sql<number>`count(distinct ${legs.transactionId})::int` })
    .from(legs)
    .where(where);
  return row!.total;
}

/** A json column arrives parsed from node-postgres and, in some drivers, as text. */
const parseJsonColumn = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/**
 * The references of the requests behind the postings, for the holder's own requests only: a transfer
 * credited from another holder's request says nothing of that request.
 */
async function ownReferences(deps: AppDeps, session: HolderScope, ids: (string | null)[]) {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map<string, string>();
  const rows = await deps.db
    .select({ id: shareholderRequests.id, reference: shareholderRequests.referenceNumber })
    .from(shareholderRequests)
    .where(and(inArray(shareholderRequests.id, wanted), eq(shareholderRequests.shareholderId, session.shareholderId)));
  return new Map(rows.map((row) => [row.id, row.reference]));
}
