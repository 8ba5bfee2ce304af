import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { controlBooks, issuers, ledgerPositions, shareClasses } from '@ledgerwell/db/ledger-schema';
import { shareholderAccounts } from '@ledgerwell/db/schema';
import type { CapTableClass, CapTableQuery } from '@ledgerwell/shared/issuer-portal';
import { normalizeDecimal } from '@ledgerwell/shared/ledger';
import type { AppDeps } from '../../lib/context';
import { notFound } from '../../lib/errors';

const p = ledgerPositions;
/**
 * A holding now, as the cap table's index orders it (ledger_positions_class_holding_idx, migration 0037): the
 * positions kept by every posting, never the journal, so a page costs the same with a million entries behind it.
 */
const held = sql<string>`(${p.drsShares} + ${p.certificatedShares})`;
const holds = sql`${held} > 0`;

interface ClassRow {
  classId: string;
  name: string;
  cusip: string | null;
  parValue: string | null;
  authorizedShares: string | null;
  issuedShares: string;
  cancelledShares: string;
  outstandingShares: string;
  holdersCount: number;
}

const decimalOrNull = (value: string | null) => (value === null ? null : normalizeDecimal(value));

/** A page of the class's holders, largest first, each with its percentage of the shares outstanding. */
async function holdersPage(deps: AppDeps, classId: string, query: CapTableQuery) {
  // Percent of the control book's outstanding shares, in numeric and rounded to 4 places by PostgreSQL: exact.
  const outstanding = sql`(select ${controlBooks.issuedShares} - ${controlBooks.cancelledShares} from ${controlBooks} where ${controlBooks.classId} = ${classId})`;
  const rows = await deps.db
    .select({
      accountId: p.accountId,
      accountNumber: shareholderAccounts.accountNumber,
      registrationName: shareholderAccounts.registrationName,
      shares: sql<string>`${held}::text`,
      percentage: sql<string | null>`round(${held} * 100 / nullif(${outstanding}, 0), 4)::text`,
    })
    .from(p)
    .innerJoin(shareholderAccounts, eq(shareholderAccounts.id, p.accountId))
    .where(and(eq(p.classId, classId), holds))
    .orderBy(desc(held), desc(p.accountId))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return rows.map((row) => ({
    ...row,
    shares: normalizeDecimal(row.shares),
    percentage: decimalOrNull(row.percentage),
  }));
}

/**
 * The issuer's cap table: per class, the control book's authorized, issued, cancelled and outstanding shares (the
 * ledger keeps no treasury: shares bought back are cancelled), the number of holders, and a page of the holders
 * largest first. Every class of the issuer, or the one named (another issuer's is not found).
 */
export async function capTable({ deps, issuerId, query }: { deps: AppDeps; issuerId: string; query: CapTableQuery }) {
  const [issuer] = await deps.db.select({ legalName: issuers.legalName }).from(issuers).where(eq(issuers.id, issuerId));
  if (!issuer) throw notFound('Issuer not found');
  const classes: ClassRow[] = await deps.db
    .select({
      classId: shareClasses.id,
      name: shareClasses.name,
      cusip: shareClasses.cusip,
      parValue: shareClasses.parValue,
      authorizedShares: controlBooks.authorizedShares,
      issuedShares: controlBooks.issuedShares,
      cancelledShares: controlBooks.cancelledShares,
      outstandingShares: sql<string>`(${controlBooks.issuedShares} - ${controlBooks.cancelledShares})::text`,
      holdersCount: sql<number>`(select count(*)::int from ${p} where ${p.classId} = ${shareClasses.id} and ${holds})`,
    })
    .from(shareClasses)
    .innerJoin(controlBooks, eq(controlBooks.classId, shareClasses.id))
    .where(and(eq(shareClasses.issuerId, issuerId), query.classId ? eq(shareClasses.id, query.classId) : undefined))
    .orderBy(asc(shareClasses.createdAt), asc(shareClasses.id));
  if (query.classId && classes.length === 0) throw notFound('Share class not found');
  const data: CapTableClass[] = [];
  for (const row of classes) {
    data.push({
      classId: row.classId,
      name: row.name,
      cusip: row.cusip,
      parValue: decimalOrNull(row.parValue),
      authorizedShares: decimalOrNull(row.authorizedShares),
      issuedShares: normalizeDecimal(row.issuedShares),
      cancelledShares: normalizeDecimal(row.cancelledShares),
      outstandingShares: normalizeDecimal(row.outstandingShares),
      holdersCount: row.holdersCount,
      holders: await holdersPage(deps, row.classId, query),
      page: query.page,
      limit: query.limit,
    });
  }
  return { issuerId, legalName: issuer.legalName, classes: data };
}
