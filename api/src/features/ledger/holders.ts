import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@ledgerwell/db/client';
import { issuers, ledgerLegs, shareClasses } from '@ledgerwell/db/ledger-schema';
import { shareholderAccounts } from '@ledgerwell/db/schema';
import { LEDGER_MESSAGES, normalizeDecimal } from '@ledgerwell/shared/ledger';
import { maskTaxId } from '@ledgerwell/shared/registry';
import type { AppDeps } from '../../lib/context';
import type { CsvColumn } from '../../lib/csv-export';
import { AppError, notFound } from '../../lib/errors';
import { issuerToday } from './effective-date';

/**
 * The record-date list: every account of the class holding shares at the end of a date, by account number.
 * Each account's holding is its position less the legs dated after the record date (index (account_id,
 * effective_date)): record dates are recent, so few legs are read, where summing every leg up to the date read
 * the account's whole history (9,400 rows/s over 1,000,000 entries in `pnpm bench:ledger`). The position is the
 * sum of all legs (reconciliation checks it), and both are read in one statement, so a list for yesterday is the
 * same before and after today's postings.
 */
export interface HolderRow {
  accountId: string;
  accountNumber: string;
  registrationName: string;
  shares: string;
  /** Asked for with `taxIds`: the holder's tax ID's last four characters, for a masked column; never in JSON. */
  taxIdLast4?: string | null;
}

/**
 * Whose lists a caller may read: staff every class (no scope), an issuer's user only the issuer's classes. A class
 * outside the scope is not found, exactly as one that does not exist, so its existence does not leak.
 */
export interface HolderScope {
  issuerId?: string;
}

// Read per row by the holder's primary key, as the holding is: a join let the planner hash every holder of the
// registry for each page.
const taxIdLast4 = sql<
  string | null
>`(select s.tax_id_last4 from shareholders s where s.id = shareholder_accounts.shareholder_id)`;

async function classDate(deps: AppDeps, classId: string, asOf: string | undefined, scope: HolderScope) {
  const [row] = await deps.db
    .select({ timeZone: issuers.timeZone })
    .from(shareClasses)
    .innerJoin(issuers, eq(issuers.id, shareClasses.issuerId))
    .where(and(eq(shareClasses.id, classId), scope.issuerId ? eq(shareClasses.issuerId, scope.issuerId) : undefined));
  if (!row) throw notFound('Share class not found');
  const today = issuerToday(deps, row);
  // A list as of a day that has not ended would show today's holdings under a later date's name.
  if (asOf && asOf > today)
    throw new AppError('VALIDATION_ERROR', LEDGER_MESSAGES.recordDateInFuture, {
      asOf: LEDGER_MESSAGES.recordDateInFuture,
    });
  return asOf ?? today;
}

// Spelled out with table names: drizzle writes bare column names inside a select's sql, which a correlated
// subquery would bind to its own table.
const heldAsOf = (asOf: string) =>
  sql<string>`(select p.drs_shares + p.certificated_shares from ledger_positions p where p.account_id = shareholder_accounts.id)
    - (select coalesce(sum(l.quantity), 0) from ledger_legs l
       where l.account_id = shareholder_accounts.id and l.effective_date > ${asOf}::date)`;

function holdersQuery(db: Db, classId: string, asOf: string, after?: SQL, { taxIds = false } = {}) {
  const inner = db
    .select({
      accountId: shareholderAccounts.id,
      accountNumber: shareholderAccounts.accountNumber,
      registrationName: shareholderAccounts.registrationName,
      shares: heldAsOf(asOf).as('shares'),
      ...(taxIds ? { taxIdLast4: taxIdLast4.as('tax_id_last4') } : {}),
    })
    .from(shareholderAccounts)
    .where(and(eq(shareholderAccounts.classId, classId), after))
    .as('holders');
  return db
    .select()
    .from(inner)
    .where(sql`${inner.shares} <> 0`)
    .orderBy(asc(inner.accountNumber), asc(inner.accountId));
}

const toRow = <Row extends { shares: string }>(row: Row): Row => ({
  ...row,
  shares: normalizeDecimal(String(row.shares)),
});

export async function listHolders(
  deps: AppDeps,
  classId: string,
  query: { asOf?: string | undefined; page: number; limit: number },
  scope: HolderScope = {},
) {
  const asOf = await classDate(deps, classId, query.asOf, scope);
  const [rows, [totals]] = await Promise.all([
    holdersQuery(deps.db, classId, asOf)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    deps.db
      .select({
        total: sql<number>`count(*) filter (where s.held <> 0)::int`,
        shares: sql<string>`coalesce(sum(s.held), 0)::text`,
      })
      .from(
        sql`(select ${ledgerLegs.accountId}, sum(${ledgerLegs.quantity}) as held from ${ledgerLegs}
          where ${ledgerLegs.classId} = ${classId} and ${ledgerLegs.effectiveDate} <= ${asOf}
          group by ${ledgerLegs.accountId}) s`,
      ),
  ]);
  return {
    asOf,
    data: rows.map(toRow),
    total: totals!.total,
    totalShares: normalizeDecimal(totals!.shares),
    page: query.page,
    limit: query.limit,
  };
}

const EXPORT_PAGE = 2000;

/**
 * The record-date list in keyset pages of account number, for a streamed CSV. The next page is read while the
 * caller writes this one out: the database's per-row lookups on one core, the CSV on the other.
 */
export async function holderPages(
  deps: AppDeps,
  classId: string,
  asOfQuery: string | undefined,
  { taxIds = false, pageRows = EXPORT_PAGE, ...scope }: HolderScope & { taxIds?: boolean; pageRows?: number } = {},
) {
  const asOf = await classDate(deps, classId, asOfQuery, scope);
  // Row comparisons, which PostgreSQL reads as one range of the index (class_id, account_number, id); the
  // equivalent OR of two conditions made it read the class from its first account for every page (10,700
  // rows/s over 100,000 holders in `pnpm bench:ledger`).
  const position = sql`(${shareholderAccounts.accountNumber}, ${shareholderAccounts.id})`;
  type PageEnd = { accountNumber: string; accountId: string };
  async function page(last: PageEnd | undefined): Promise<{ rows: HolderRow[]; upTo: PageEnd; more: boolean } | null> {
    const after = last ? sql`${position} > (${last.accountNumber}, ${last.accountId}::uuid)` : undefined;
    // Past the page's accounts, not its holders: a page of accounts that all hold nothing still moves on.
    const accounts = await deps.db
      .select({ accountId: shareholderAccounts.id, accountNumber: shareholderAccounts.accountNumber })
      .from(shareholderAccounts)
      .where(and(eq(shareholderAccounts.classId, classId), after))
      .orderBy(asc(shareholderAccounts.accountNumber), asc(shareholderAccounts.id))
      .limit(pageRows);
    if (accounts.length === 0) return null;
    const upTo = accounts.at(-1)!;
    const within = and(after, sql`${position} <= (${upTo.accountNumber}, ${upTo.accountId}::uuid)`);
    const rows = (await holdersQuery(deps.db, classId, asOf, within, { taxIds })).map(toRow);
    return { rows, upTo, more: accounts.length === pageRows };
  }
  async function* pages(): AsyncGenerator<HolderRow[]> {
    let pending = page(undefined);
    for (;;) {
      const current = await pending;
      if (!current) return;
      pending = current.more ? page(current.upTo) : Promise.resolve(null);
      // Awaited on the next turn; a failure meanwhile must not count as unhandled.
      pending.catch(() => {});
      yield current.rows;
    }
  }
  return { asOf, pages: pages() };
}

/**
 * The record-date list's CSV columns. With `taxId`, the holder's tax ID masked to its last four (***-**-6789): the
 * issuer's own export, which names its holders for tax reporting without carrying their full numbers out.
 */
export function holderCsvColumns(recordDate: string, { taxId = false } = {}): CsvColumn<HolderRow>[] {
  return [
    { header: 'Account number', value: (row) => row.accountNumber },
    { header: 'Registration', value: (row) => row.registrationName },
    ...(taxId ? [{ header: 'Tax ID', value: (row: HolderRow) => maskTaxId(row.taxIdLast4 ?? null) }] : []),
    { header: 'Shares', value: (row) => row.shares },
    { header: 'Record date', value: () => recordDate },
  ];
}
