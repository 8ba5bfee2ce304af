import { asc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { shareholderAccounts, shareholders } from '@ledgerwell/db/schema';
import type { AppDeps } from '../../lib/context';
import { NO_DELIVERY_CHOICE } from '@ledgerwell/shared/delivery-preferences';
import { currentDeliveryPreferences } from '../delivery-preferences/current-preferences';
import { holdingsOf } from '../ledger/holdings';
import { toShareholderView, type AccountRow } from './shareholder-view';

export interface ShareholderListQuery {
  search?: string | undefined;
  page: number;
  limit: number;
}

/** Search by code, name or account number; paged, ordered by code. */
export async function listShareholders(deps: AppDeps, query: ShareholderListQuery) {
  const pattern = query.search ? `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = pattern
    ? or(
        ilike(shareholders.code, pattern),
        ilike(shareholders.name, pattern),
        inArray(
          shareholders.id,
          deps.db
            .select({ id: shareholderAccounts.shareholderId })
            .from(shareholderAccounts)
            .where(ilike(shareholderAccounts.accountNumber, pattern)),
        ),
      )
    : undefined;

  const [{ total } = { total: 0 }] = await deps.db
    .select({ total: sql<number>`count(*)::int` })
    .from(shareholders)
    .where(where);
  const rows = await deps.db
    .select()
    .from(shareholders)
    .where(where)
    .orderBy(asc(shareholders.code))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);

  const accounts = rows.length
    ? await deps.db
        .select()
        .from(shareholderAccounts)
        .where(
          inArray(
            shareholderAccounts.shareholderId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(shareholderAccounts.accountNumber))
    : [];
  const byShareholder = new Map<string, AccountRow[]>();
  for (const account of accounts)
    byShareholder.set(account.shareholderId, [...(byShareholder.get(account.shareholderId) ?? []), account]);

  const holdings = await holdingsOf(
    deps.db,
    accounts.map((a) => a.id),
  );
  const deliveryPreferences = await currentDeliveryPreferences(
    deps.db,
    rows.map((r) => r.id),
  );
  return {
    shareholders: rows.map((row) =>
      toShareholderView(
        row,
        byShareholder.get(row.id) ?? [],
        holdings,
        deliveryPreferences.get(row.id) ?? NO_DELIVERY_CHOICE,
      ),
    ),
    total,
    page: query.page,
    totalPages: Math.max(1, Math.ceil(total / query.limit)),
  };
}

export async function findShareholderByCode(deps: AppDeps, code: string) {
  const [row] = await deps.db
    .select()
    .from(shareholders)
    .where(eq(sql`upper(${shareholders.code})`, code.toUpperCase()))
    .limit(1);
  return row ?? null;
}
