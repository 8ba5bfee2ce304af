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
 * (shareholder_code, shareholder_name, created_at, id) index alone, reading `holders × (offset +
 * limit)` index entries instead of every match. When the matches are dense among all requests (a
 * common name, a short code: many holders), the page is scanned instead: the requests newest first
 * from the date index, which carries each request's code and name, keeping the matching holders'
 * (about `(offset + limit) × requests ÷ matches` entries). Same matches, order and total as the
 * general query either way.
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
 * would read 20 entries of each of thousands of holders), unless the scan is cheaper still.
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

/** A matching holder as the scan compares it: the code and the name the requests were filed under. */
const holderKey = (code: SQL, name: SQL) => sql`(${code} || E'\x1f' || ${name})`;

/**
 * Up to this many matching holders are handed to the scan as keys; past it the keys cost more to send
 * and hash than the scan saves (a one-letter search), and the general query reads its page instead.
 */
const SCAN_MAX_HOLDERS = 2000;

function buildTotalQuery(deps: AppDeps, search: HolderSearch, name: string) {
  return deps.db
    .select({
      holders: sql<string>`count(*)`,
      total: sql<string>`coalesce(sum(s.count), 0)`,
      // Every request, from the trigger-kept counters: how sparse the matches are among them.
      requests: sql<string>`(select coalesce(sum(c.count), 0) from request_counts c)`,
      keys: sql<string[] | null>`case when count(*) <= ${sql.raw(String(SCAN_MAX_HOLDERS))}
        then array_agg(${holderKey(sql`s.shareholder_code`, sql`s.shareholder_name`)}) end`,
    })
    .from(sql`request_holder_snapshots s`)
    .where(matchOf(search))
    .prepare(name);
}

/**
 * How a search's page is read, by the index entries each way would visit for `need` (offset + limit)
 * rows: `scan` reads the requests newest first from the date index alone and keeps the matching
 * holders' (about need × requests ÷ matches entries, one step each); `per-holder` merges the first
 * `need` of each matching holder (holders × need entries, a descent and a sort each, measured about
 * four times a scan step); `general` is the list's own query (a deep page of a broad search).
 */
export type HolderSearchPlan =
  | { path: 'scan'; total: number; keys: string[] }
  | { path: 'per-holder'; total: number }
  | { path: 'general' };

/** A per-holder entry (an index descent, then the sort of the merged rows) against a scan step. */
const PER_HOLDER_ENTRY_COST = 4;

export function chooseHolderSearchPath(
  counts: { holders: number; total: number; requests: number; keys: string[] | null },
  need: number,
): HolderSearchPlan {
  const { holders, total, requests, keys } = counts;
  if (total === 0) return { path: 'per-holder', total };
  const scanEntries = (need * requests) / total;
  const perHolderEntries = holders * need;
  if (keys && scanEntries <= Math.min(PER_HOLDER_ENTRY_COST * perHolderEntries, SCAN_BUDGET))
    return { path: 'scan', total, keys };
  return perHolderEntries > Math.max(total, PER_HOLDER_BUDGET) ? { path: 'general' } : { path: 'per-holder', total };
}

/** The scan stops being the cheaper way past this many index entries (a rare holder's matches are better merged). */
const SCAN_BUDGET = 50_000;

/** The search's total and the way to its page. */
export async function planHolderSearch(
  deps: AppDeps,
  query: RequestListQuery,
  search: HolderSearch,
  values: Record<string, unknown>,
): Promise<HolderSearchPlan> {
  const [counts] = await totalQueries(deps.db, holderSearchKey(search), (name) =>
    buildTotalQuery(deps, search, name),
  ).execute(values);
  const need = (query.after ? 0 : (query.page - 1) * query.limit) + query.limit;
  return chooseHolderSearchPath(
    {
      holders: Number(counts?.holders ?? 0),
      total: Number(counts?.total ?? 0),
      requests: Number(counts?.requests ?? 0),
      keys: counts?.keys ?? null,
    },
    need,
  );
}

/**
 * The scan's page ids, as a subquery: the requests newest (or oldest) first from the date index,
 * those filed under a matching holder, past the cursor if any. Bound values: keys (the matching
 * holders), limit, offset, and a cursor's afterMicros and afterId. Its statement must be planned with
 * its values (an unnamed statement, see list-requests.ts): with the keys as a constant PostgreSQL
 * hashes them, where a kept generic plan would compare each entry with every key in turn.
 */
export function holderScanIds(order: 'asc' | 'desc', after: (q: { id: SQL; createdAt: SQL }) => SQL | undefined): SQL {
  const dir = sql.raw(order);
  const afterRow = after({ id: sql`q.id`, createdAt: sql`q.created_at` });
  return sql`select q.id from shareholder_requests q
    where ${holderKey(sql`q.shareholder_code`, sql`q.shareholder_name`)} = any(${placeholder('keys')}::text[])${afterRow ? sql` and ${afterRow}` : sql``}
    order by q.created_at ${dir}, q.id ${dir} limit ${placeholder('limit')} offset ${placeholder('offset')}`;
}

/** The prepared statements' key: which conditions the search has. */
export const holderSearchKey = (search: HolderSearch) => `${search.code ? 'c' : ''}${search.name ? 'w' : ''}`;

/**
 * The page's ids, as a subquery: the first `need` (offset + limit) requests of each matching
 * holder, merged, then the page cut from them, in the list's order (date, then id, one direction).
 * Bound values: from, to, words (the list's), need, limit, offset, and a cursor's afterMicros and afterId.
 */
export function holderPageIds(
  search: HolderSearch,
  order: 'asc' | 'desc',
  after: (q: { id: SQL; createdAt: SQL }) => SQL | undefined,
): SQL {
  const dir = sql.raw(order);
  // After a cursor (keyset paging), each holder's requests start past it: `need` is then the limit.
  const afterRow = after({ id: sql`q.id`, createdAt: sql`q.created_at` });
  return sql`select p.id from request_holder_snapshots s cross join lateral (
      select q.id, q.created_at from shareholder_requests q
      where q.shareholder_code = s.shareholder_code and q.shareholder_name = s.shareholder_name${afterRow ? sql` and ${afterRow}` : sql``}
      order by q.created_at ${dir}, q.id ${dir} limit ${placeholder('need')}) p
    where ${matchOf(search)}
    order by p.created_at ${dir}, p.id ${dir} limit ${placeholder('limit')} offset ${placeholder('offset')}`;
}
