import { sql, type SQL } from 'drizzle-orm';
import type { RequestListQuery } from '@ledgerwell/shared/request-review';
import type { AppDeps } from '../../lib/context';
import { preparedQueries } from '../../lib/prepared';

/**
 * A search by shareholder code or by name, the list's costliest call at a million requests: a
 * common name or a short code matches tens of thousands of requests, which the general list query
 * reads, counts and sorts whole for a page of 20. Both conditions depend only on the name and code a
 * request was filed under, so they are matched here on request_holder_snapshots (one row per name
 * and code, kept by trigger): the total is the sum of the matching rows' counts, and the page is
 * merged from the newest (or oldest) requests of each match, read from the
 * (shareholder_code, shareholder_name, created_at, id) index alone. Same matches, order and total
 * as the general query; it reads `holders × (offset + limit)` index entries instead of every match.
 */

/** Searches this path serves: a code or a name (no reference kinds), nothing else filtered, date order. */
export interface HolderSearch {
  code: boolean;
  name: boolean;
}

export function holderSearchOf(
  query: RequestListQuery,
  kinds: { code: boolean; reference: boolean; referenceNumber: boolean; name: boolean } | null,
): HolderSearch | null {
  if (!kinds || kinds.reference || kinds.referenceNumber || !(kinds.code || kinds.name)) return null;
  const filtered = query.status || query.requestType || query.flagged !== undefined || query.assigned || query.date;
  return filtered || query.sortBy !== 'createdAt' ? null : { code: kinds.code, name: kinds.name };
}

/**
 * Below this many index entries the per-holder page is taken even when the matches are fewer (a
 * rare holder with few requests): either way is cheap. Above it, the per-holder page is taken only
 * when it reads fewer entries than there are matches (a prefix such as "B" matching every holder
 * would read 20 entries of each of thousands of holders).
 */
const PER_HOLDER_BUDGET = 2000;

const placeholder = sql.placeholder;

/** The snapshots matching the search (`s` is request_holder_snapshots); the same conditions as the list's. */
function matchOf(search: HolderSearch): SQL {
  const conditions = [
    search.code
      ? sql`(s.shareholder_code ~>=~ ${placeholder('from')} and s.shareholder_code ~<~ ${placeholder('to')})`
      : undefined,
    search.name ? sql`s.shareholder_name_words @@ to_tsquery('simple', ${placeholder('words')})` : undefined,
  ].filter((condition) => condition !== undefined);
  return sql`s.count > 0 and (${sql.join(conditions, sql` or `)})`;
}

const totalQueries = preparedQueries<ReturnType<typeof buildTotalQuery>>('holder_total');

function buildTotalQuery(deps: AppDeps, search: HolderSearch, name: string) {
  return deps.db
    .select({ holders: sql<string>`count(*)`, total: sql<string>`coalesce(sum(s.count), 0)` })
    .from(sql`request_holder_snapshots s`)
    .where(matchOf(search))
    .prepare(name);
}

/** The search's total, or null when the general query is the cheaper way to its page. */
export async function holderSearchTotal(
  deps: AppDeps,
  query: RequestListQuery,
  search: HolderSearch,
  values: Record<string, unknown>,
) {
  const [counts] = await totalQueries(deps.db, holderSearchKey(search), (name) =>
    buildTotalQuery(deps, search, name),
  ).execute(values);
  const holders = Number(counts?.holders ?? 0);
  const total = Number(counts?.total ?? 0);
  return holders * query.page * query.limit > Math.max(total, PER_HOLDER_BUDGET) ? null : total;
}

/** The prepared statements' key: which conditions the search has. */
export const holderSearchKey = (search: HolderSearch) => `${search.code ? 'c' : ''}${search.name ? 'w' : ''}`;

/**
 * The page's ids, as a subquery: the first `need` (offset + limit) requests of each matching
 * holder, merged, then the page cut from them, in the list's order (date, then id, one direction).
 * Bound values: from, to, words (the list's), need, limit, offset.
 */
export function holderPageIds(search: HolderSearch, order: 'asc' | 'desc'): SQL {
  const dir = sql.raw(order);
  return sql`select p.id from request_holder_snapshots s cross join lateral (
      select q.id, q.created_at from shareholder_requests q
      where q.shareholder_code = s.shareholder_code and q.shareholder_name = s.shareholder_name
      order by q.created_at ${dir}, q.id ${dir} limit ${placeholder('need')}) p
    where ${matchOf(search)}
    order by p.created_at ${dir}, p.id ${dir} limit ${placeholder('limit')} offset ${placeholder('offset')}`;
}
