import Big from 'big.js';
import { and, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import {
  controlBooks,
  issuers,
  ledgerLegs,
  ledgerPositions,
  ledgerTransactions,
  shareClasses,
} from '@ledgerwell/db/ledger-schema';
import { shareholderAccounts } from '@ledgerwell/db/schema';
import {
  normalizeDecimal,
  signedDecimal,
  type ControlBookView,
  type JournalQuery,
  type PositionView,
  type TransactionView,
} from '@ledgerwell/shared/ledger';
import type { AppDeps } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { issuerToday } from './effective-date';
import { transactionViews } from './transaction-view';

export async function accountWithClass(deps: AppDeps, accountId: string) {
  const [row] = await deps.db
    .select({
      id: shareholderAccounts.id,
      accountNumber: shareholderAccounts.accountNumber,
      registrationName: shareholderAccounts.registrationName,
      classId: shareholderAccounts.classId,
      className: shareClasses.name,
      issuerId: issuers.id,
      issuerName: issuers.legalName,
      timeZone: issuers.timeZone,
    })
    .from(shareholderAccounts)
    .innerJoin(shareClasses, eq(shareClasses.id, shareholderAccounts.classId))
    .innerJoin(issuers, eq(issuers.id, shareClasses.issuerId))
    .where(eq(shareholderAccounts.id, accountId));
  if (!row) throw notFound('Account not found');
  return row;
}

/** The account's position at the end of `asOf` (inclusive; the issuer's today when absent), from the journal alone. */
export async function positionAsOf(deps: AppDeps, accountId: string, asOf?: string): Promise<PositionView> {
  const { timeZone, id: _, ...account } = await accountWithClass(deps, accountId);
  const date = asOf ?? issuerToday(deps, { timeZone });
  const [sums] = await deps.db
    .select({
      drs: sql<string>`coalesce(sum(${ledgerLegs.quantity}) filter (where ${ledgerLegs.form} = 'DRS'), 0)::text`,
      certificated: sql<string>`coalesce(sum(${ledgerLegs.quantity}) filter (where ${ledgerLegs.form} = 'CERTIFICATE'), 0)::text`,
      total: sql<string>`coalesce(sum(${ledgerLegs.quantity}), 0)::text`,
    })
    .from(ledgerLegs)
    .where(and(eq(ledgerLegs.accountId, accountId), sql`${ledgerLegs.effectiveDate} <= ${date}`));
  return {
    accountId,
    ...account,
    asOf: date,
    drsShares: normalizeDecimal(sums!.drs),
    certificatedShares: normalizeDecimal(sums!.certificated),
    totalShares: normalizeDecimal(sums!.total),
  };
}

const t = ledgerTransactions;

/** The transactions with a leg on the account (the legs' account index finds them). */
const touchesAccount = (accountId: string) =>
  inArray(
    t.id,
    sql`(select ${ledgerLegs.transactionId} from ${ledgerLegs} where ${ledgerLegs.accountId} = ${accountId})`,
  );

/**
 * The journal, newest effective date first (then newest posted), narrowed by the query's filters. An unknown
 * account number narrows to nothing. Filtered to one account, each transaction carries the account's
 * balance after it: the sum of its legs up to the newest on the page, then walked back through the page.
 */
export async function listJournal(deps: AppDeps, query: JournalQuery & { accountId?: string }) {
  const accountId =
    query.accountId ?? (query.accountNumber ? await accountIdByNumber(deps, query.accountNumber) : undefined);
  if (query.accountNumber && !accountId) return { data: [], total: 0, page: query.page, limit: query.limit };
  const where = and(
    query.classId ? eq(t.classId, query.classId) : undefined,
    query.issuerId
      ? inArray(
          t.classId,
          deps.db.select({ id: shareClasses.id }).from(shareClasses).where(eq(shareClasses.issuerId, query.issuerId)),
        )
      : undefined,
    query.type ? eq(t.type, query.type) : undefined,
    query.from ? gte(t.effectiveDate, query.from) : undefined,
    query.to ? lte(t.effectiveDate, query.to) : undefined,
    accountId ? touchesAccount(accountId) : undefined,
  );
  const [rows, [count]] = await Promise.all([
    deps.db
      .select()
      .from(t)
      .where(where)
      .orderBy(desc(t.effectiveDate), desc(t.sequence))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    deps.db.select({ total: sql<number>`count(*)::int` }).from(t).where(where),
  ]);
  const views = await transactionViews(deps.db, rows);
  const data = accountId ? await withBalances(deps, accountId, views, rows[0]) : views;
  return { data, total: count!.total, page: query.page, limit: query.limit };
}

async function accountIdByNumber(deps: AppDeps, accountNumber: string) {
  const [row] = await deps.db
    .select({ id: shareholderAccounts.id })
    .from(shareholderAccounts)
    .where(sql`upper(${shareholderAccounts.accountNumber}) = upper(${accountNumber})`);
  return row?.id;
}

async function withBalances(
  deps: AppDeps,
  accountId: string,
  views: TransactionView[],
  newest: typeof t.$inferSelect | undefined,
): Promise<TransactionView[]> {
  if (!newest) return views;
  const [sum] = await deps.db
    .select({ balance: sql<string>`coalesce(sum(${ledgerLegs.quantity}), 0)::text` })
    .from(ledgerLegs)
    .where(
      and(
        eq(ledgerLegs.accountId, accountId),
        lte(ledgerLegs.effectiveDate, newest.effectiveDate),
        // Each leg carries its transaction's place in the journal: an index-only scan, no join.
        sql`(${ledgerLegs.effectiveDate}, ${ledgerLegs.transactionSequence}) <= (${newest.effectiveDate}, ${newest.sequence})`,
      ),
    );
  let balance = Big(sum!.balance);
  return views.map((view) => {
    const after = signedDecimal(balance.toFixed(6));
    for (const leg of view.legs) if (leg.accountId === accountId) balance = balance.minus(leg.shares);
    return { ...view, balanceAfter: after };
  });
}

/** The account's transactions, newest effective date first, each with the balance after it. */
export async function accountTransactions(deps: AppDeps, accountId: string, query: { page: number; limit: number }) {
  await accountWithClass(deps, accountId);
  return listJournal(deps, { ...query, accountId });
}

/** The class's control book against its master file (the sum of every position): in balance when they agree. */
export async function controlBook(deps: AppDeps, classId: string): Promise<ControlBookView> {
  const [book] = await deps.db
    .select({
      authorized: controlBooks.authorizedShares,
      issued: controlBooks.issuedShares,
      cancelled: controlBooks.cancelledShares,
      outstanding: sql<string>`(${controlBooks.issuedShares} - ${controlBooks.cancelledShares})::text`,
      masterFile: sql<string>`(select coalesce(sum(${ledgerPositions.drsShares} + ${ledgerPositions.certificatedShares}), 0) from ${ledgerPositions} where ${ledgerPositions.classId} = ${classId})::text`,
    })
    .from(controlBooks)
    .where(eq(controlBooks.classId, classId));
  if (!book) throw notFound('Share class not found');
  return {
    classId,
    authorizedShares: book.authorized === null ? null : normalizeDecimal(book.authorized),
    issuedShares: normalizeDecimal(book.issued),
    cancelledShares: normalizeDecimal(book.cancelled),
    outstandingShares: normalizeDecimal(book.outstanding),
    masterFileTotal: normalizeDecimal(book.masterFile),
    difference: signedDecimal(Big(book.masterFile).minus(book.outstanding).toFixed(6)),
  };
}
