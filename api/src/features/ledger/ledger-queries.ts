import Big from 'big.js';
import { and, desc, eq, exists, sql } from 'drizzle-orm';
import {
  controlBooks,
  issuers,
  ledgerLegs,
  ledgerPositions,
  ledgerTransactions,
  shareClasses,
} from '@ledgerwell/db/ledger-schema';
import { shareholderAccounts } from '@ledgerwell/db/schema';
import { normalizeDecimal, type ControlBookView, type PositionView } from '@ledgerwell/shared/ledger';
import type { AppDeps } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { issuerToday } from './effective-date';
import { transactionViews } from './transaction-view';

/** A signed decimal from PostgreSQL in the API's one spelling. */
export const signedDecimal = (value: string) =>
  value.startsWith('-') ? `-${normalizeDecimal(value.slice(1))}` : normalizeDecimal(value);

async function accountWithClass(deps: AppDeps, accountId: string) {
  const [row] = await deps.db
    .select({ id: shareholderAccounts.id, classId: shareholderAccounts.classId, timeZone: issuers.timeZone })
    .from(shareholderAccounts)
    .innerJoin(shareClasses, eq(shareClasses.id, shareholderAccounts.classId))
    .innerJoin(issuers, eq(issuers.id, shareClasses.issuerId))
    .where(eq(shareholderAccounts.id, accountId));
  if (!row) throw notFound('Account not found');
  return row;
}

/** The account's position at the end of `asOf` (inclusive; the issuer's today when absent), from the journal alone. */
export async function positionAsOf(deps: AppDeps, accountId: string, asOf?: string): Promise<PositionView> {
  const account = await accountWithClass(deps, accountId);
  const date = asOf ?? issuerToday(deps, account);
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
    classId: account.classId,
    asOf: date,
    drsShares: normalizeDecimal(sums!.drs),
    certificatedShares: normalizeDecimal(sums!.certificated),
    totalShares: normalizeDecimal(sums!.total),
  };
}

/** The account's transactions, newest effective date first. */
export async function accountTransactions(deps: AppDeps, accountId: string, query: { page: number; limit: number }) {
  await accountWithClass(deps, accountId);
  const touches = exists(
    deps.db
      .select({ one: sql`1` })
      .from(ledgerLegs)
      .where(and(eq(ledgerLegs.transactionId, ledgerTransactions.id), eq(ledgerLegs.accountId, accountId))),
  );
  const [rows, [count]] = await Promise.all([
    deps.db
      .select()
      .from(ledgerTransactions)
      .where(touches)
      .orderBy(desc(ledgerTransactions.effectiveDate), desc(ledgerTransactions.sequence))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    deps.db.select({ total: sql<number>`count(*)::int` }).from(ledgerTransactions).where(touches),
  ]);
  return { data: await transactionViews(deps.db, rows), total: count!.total, page: query.page, limit: query.limit };
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
