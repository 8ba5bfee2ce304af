import { and, asc, desc, eq, gte, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { referenceSequence, requestCounts, shareholderRequests, verificationDocuments } from '@ledgerwell/db/schema';
import { REFERENCE_START_PATTERN } from '@ledgerwell/shared/portal-requests';
import { formatRequestCursor } from '@ledgerwell/shared/request-cursor';
import {
  PENDING_REVIEW_STATUSES,
  REQUESTS_PAGE_SIZE,
  sqlStatusList,
  identityCheckOf,
  type RequestListQuery,
  type RequestListRow,
} from '@ledgerwell/shared/request-review';
import { DOCUMENT_TYPES } from '@ledgerwell/shared/verification';
import type { AppDeps } from '../../lib/context';
import { literalNumber, preparedQueries } from '../../lib/prepared';
import { startOf } from './business-time';
import { holderPageIds, holderScanIds, holderSearchKey, holderSearchOf, planHolderSearch } from './holder-search';

const r = shareholderRequests;

/**
 * Everything that starts with `prefix` sorts from `prefix` up to, but not including, `prefix` followed
 * by the highest code point, in the byte order of text_pattern_ops (UTF-8 bytes sort as code points).
 */
const beyondPrefix = (prefix: string) => `${prefix}\u{10FFFF}`;

/** Words of a name search as a prefix query: "dana whit" → dana:* & whit:*. Letters and digits only. */
function namePrefixQuery(search: string): string | null {
  const words = search.toLowerCase().match(/[\p{L}\p{N}]+/gu);
  return words ? words.map((word) => `${word}:*`).join(' & ') : null;
}

/** What a search text can be the beginning of; each is one condition of the search, served by its own index. */
interface SearchKinds {
  /** A shareholder code (3 to 10 letters or digits): text of letters and digits, up to 10. */
  code: boolean;
  /** A reference number: `T`, `TR`, `TR-2026`, `TR-2026-0001`, … */
  reference: boolean;
  /** A reference's own number ("123" finds TR-2026-000123): digits only. */
  referenceNumber: boolean;
  /** The beginnings of the words of a name: text with letters and no digit. */
  name: boolean;
}

function searchKinds(text: string): SearchKinds {
  const upper = text.toUpperCase();
  return {
    code: /^[A-Z0-9]{1,10}$/.test(upper),
    reference: REFERENCE_START_PATTERN.test(upper),
    referenceNumber: /^\d{1,12}$/.test(text) && /[1-9]/.test(text),
    name: !/\d/.test(text) && namePrefixQuery(text) !== null,
  };
}

/**
 * A list query as the prepared statements see it: which filters are present (the shape, one
 * prepared statement each) and the values bound to their placeholders.
 */
interface ListPlan {
  key: string;
  values: Record<string, unknown>;
  /**
   * `status=pending` (the screens' filter and the dashboard's Pending Review card) means the review
   * queue: every status waiting for staff.
   */
  status: 'none' | 'one' | 'queue';
  /**
   * At the screens' page size the statement has the LIMIT written in, so PostgreSQL may plan it once
   * per connection and keep that plan (a LIMIT placeholder makes a kept plan assume a tenth of the
   * table); its first page, what nearly every list call asks for, has no OFFSET either. Other sizes
   * bind limit and offset and are planned with their values on each call.
   */
  paging: 'first-page' | 'page' | 'any-size';
  /** The search's conditions; null without a search. No kind at all means nothing can match. */
  search: SearchKinds | null;
}

function planList(deps: AppDeps, query: RequestListQuery, adminId: string): ListPlan {
  // After a cursor the page starts at its row: nothing to skip.
  const offset = query.after ? 0 : (query.page - 1) * query.limit;
  const paging = query.limit !== REQUESTS_PAGE_SIZE ? 'any-size' : offset === 0 ? 'first-page' : 'page';
  const values: Record<string, unknown> = {
    'first-page': {},
    page: { offset },
    'any-size': { limit: query.limit, offset },
  }[paging];
  const status = !query.status ? 'none' : query.status === 'PENDING' ? 'queue' : 'one';
  if (status === 'one') values.status = query.status;
  if (query.requestType) values.requestType = query.requestType;
  const text = query.search?.trim();
  const search = text ? searchKinds(text) : null;
  if (text && search) {
    const prefix = text.toUpperCase();
    if (search.code || search.reference) {
      values.from = prefix;
      values.to = beyondPrefix(prefix);
    }
    if (search.referenceNumber) values.number = text.replace(/^0+/, '');
    if (search.name) values.words = namePrefixQuery(text);
  }
  if (query.after) {
    values.afterMicros = query.after.createdAtMicros;
    values.afterId = query.after.id;
    if (query.after.sortKey !== null) values.afterKey = query.after.sortKey;
  }
  if (query.assigned === 'me') values.adminId = adminId;
  if (query.date) values.now = deps.clock.now().toISOString();
  const key = [
    { none: '', one: 's1', queue: 'sq' }[status],
    query.requestType ? 't' : '',
    search
      ? `q${search.code ? 'c' : ''}${search.reference ? 'r' : ''}${search.referenceNumber ? 'n' : ''}${search.name ? 'w' : ''}`
      : '',
    query.flagged === undefined ? '' : query.flagged ? 'f1' : 'f0',
    query.assigned === 'me' ? 'a' : '',
    query.date ? `d${query.date}` : '',
    query.after ? 'k' : '',
    `o${query.sortBy}${query.sortOrder}`,
    { 'first-page': 'p1', page: 'p', 'any-size': '' }[paging],
  ].join('');
  return { key, values, status, search, paging };
}

const placeholder = sql.placeholder;

/**
 * The review queue's statuses are written into the statement (constants of the code): PostgreSQL
 * then reads the queue from its own partial index, in either order, even in a plan it keeps.
 */
const reviewQueue = sql.raw(sqlStatusList(PENDING_REVIEW_STATUSES));

function statusCondition(column: typeof r.status | typeof requestCounts.status, plan: ListPlan): SQL | undefined {
  if (plan.status === 'queue') return sql`${column} in (${reviewQueue})`;
  return plan.status === 'one' ? eq(column, placeholder('status')) : undefined;
}

/**
 * Search by shareholder code or reference number by their beginnings (their text_pattern_ops indexes
 * serve), by a reference's own number (its index), or by the beginnings of the words of the name
 * ("whit" finds Dana Whitfield: the name's word index serves); only the kinds the text can be.
 * A prefix is a range rather than LIKE: a plan PostgreSQL keeps (no values known) can scan an index
 * for a range of placeholders, never for a LIKE pattern, so a search need not be planned on each call.
 */
function searchCondition(search: SearchKinds | null): SQL | undefined {
  if (!search) return undefined;
  const startsWith = (column: typeof r.shareholderCode | typeof r.referenceNumber) =>
    sql`(${column} ~>=~ ${placeholder('from')} and ${column} ~<~ ${placeholder('to')})`;
  const conditions = [
    search.code ? startsWith(r.shareholderCode) : undefined,
    search.reference ? startsWith(r.referenceNumber) : undefined,
    search.referenceNumber ? sql`${referenceSequence(r.referenceNumber)} = ${placeholder('number')}` : undefined,
    search.name ? sql`${r.shareholderNameWords} @@ to_tsquery('simple', ${placeholder('words')})` : undefined,
  ].filter((condition) => condition !== undefined);
  return conditions.length ? or(...conditions) : sql`false`;
}

/** A cursor's creation time, exact to the microsecond: integer arithmetic from the epoch. */
const cursorTime = (micros: ReturnType<typeof placeholder>) =>
  sql`(timestamptz 'epoch' + ${micros}::bigint * interval '1 microsecond')`;

/** The creation time as a cursor writes it: microseconds since the epoch, exact (numeric, not a double). */
const cursorMicros = (column: typeof r.createdAt) =>
  sql<string>`(extract(epoch from ${column}) * 1000000)::bigint::text`;

/**
 * Rows after the cursor's, in the list's order: one row comparison over the sort columns, which
 * PostgreSQL reads as a range of the (sort key, created_at, id) index.
 */
function afterCursor(query: RequestListQuery, t: { id: Sortable; createdAt: Sortable; sortKey?: Sortable }) {
  if (!query.after) return undefined;
  const comparison = sql.raw(query.sortOrder === 'asc' ? '>' : '<');
  const time = cursorTime(placeholder('afterMicros'));
  const afterId = sql`${placeholder('afterId')}::uuid`;
  const key = sortKeyOf(query);
  if (!key) return sql`(${t.createdAt}, ${t.id}) ${comparison} (${time}, ${afterId})`;
  const afterKey = sql`${placeholder('afterKey')}::${sql.raw(query.sortBy === 'status' ? 'request_status' : 'request_type')}`;
  return sql`(${t.sortKey ?? key}, ${t.createdAt}, ${t.id}) ${comparison} (${afterKey}, ${time}, ${afterId})`;
}

function listConditions(query: RequestListQuery, plan: ListPlan): SQL | undefined {
  const now = placeholder('now');
  return and(
    afterCursor(query, { id: r.id, createdAt: r.createdAt }),
    statusCondition(r.status, plan),
    query.requestType ? eq(r.requestType, placeholder('requestType')) : undefined,
    searchCondition(plan.search),
    query.flagged === true ? eq(r.isFlagged, true) : query.flagged === false ? eq(r.isFlagged, false) : undefined,
    query.assigned === 'me' ? eq(r.assignedTo, placeholder('adminId')) : undefined,
    query.date === 'today'
      ? gte(r.createdAt, startOf('day', now))
      : query.date === 'week'
        ? gte(r.createdAt, startOf('week', now))
        : undefined,
  );
}

type Sortable = Parameters<typeof asc>[0];

/** The column a page is sorted by first, when it is not the date. */
const sortKeyOf = (query: RequestListQuery) =>
  ({ createdAt: undefined, status: r.status, type: r.requestType })[query.sortBy];

/**
 * The sort column, then the date and the id in the same direction: every page in one stable order,
 * the order in which the (status, created_at, id) and (request_type, created_at, id) indexes are
 * stored, so a page is read from an index rather than sorted from the whole table.
 */
function sortOrder(query: RequestListQuery, t: { id: Sortable; createdAt: Sortable; sortKey: Sortable }) {
  const order = query.sortOrder === 'asc' ? asc : desc;
  return [...(sortKeyOf(query) ? [t.sortKey] : []), t.createdAt, t.id].map((column) => order(column));
}

/**
 * The verification column: counts of the current photos, and of those approved. The outer id is
 * spelled out with its table: drizzle leaves columns unqualified, which inside the subquery would
 * mean the document's own id.
 */
const documentCounts = sql<string>`(select count(*) || ':' || count(*) filter (where ${verificationDocuments.status} = 'APPROVED')
  from ${verificationDocuments} where ${verificationDocuments.requestId} = "shareholder_requests"."id" and ${isNull(verificationDocuments.supersededAt)})`;

/**
 * The page's ids (in order) and the total for the pagination text. Status, type and flag filters
 * (or none) read the total from the trigger-kept counters (request_counts); search, date and
 * assignment filters count their matches through their indexes (index-only where they can).
 * A search's matches are gathered whole before they are sorted: `offset 0` keeps PostgreSQL from
 * walking the date index instead, in search of matches it guessed would be many and near the top
 * (100 times slower for a name it misjudged). The other filters read the sort order's index.
 */
function pageAndTotal(deps: AppDeps, query: RequestListQuery, plan: ListPlan) {
  const where = listConditions(query, plan);
  const c = requestCounts;
  const counted = deps.db
    .select({ total: sql`coalesce(sum(${c.count}), 0)` })
    .from(c)
    .where(
      and(
        statusCondition(c.status, plan),
        query.requestType ? eq(c.requestType, placeholder('requestType')) : undefined,
        query.flagged === undefined ? undefined : eq(c.isFlagged, query.flagged),
      ),
    );
  const countsCover = !plan.search && !query.date && !query.assigned;
  const total = countsCover ? sql<string>`(${counted})` : sql<string>`(select count(*) from ${r} where ${where})`;
  if (plan.search) {
    // Only what the order needs, so that a code's matches come from its index alone.
    const matches = deps.db
      .select({ id: r.id, createdAt: r.createdAt, sortKey: sql`${sortKeyOf(query) ?? sql`null`}`.as('sort_key') })
      .from(r)
      .where(where)
      .offset(literalNumber(0))
      .as('matches');
    return {
      fenced: true,
      ids: deps.db
        .select({ id: matches.id })
        .from(matches)
        .orderBy(...sortOrder(query, matches)),
      total,
    };
  }
  return {
    fenced: false,
    ids: deps.db
      .select({ id: r.id })
      .from(r)
      .where(where)
      .orderBy(...sortOrder(query, { id: r.id, createdAt: r.createdAt, sortKey: sortKeyOf(query) ?? r.createdAt })),
    total,
  };
}

/**
 * One prepared statement per shape of the list: the page's rows, each carrying the total (an
 * uncorrelated subquery, computed once), in a single round trip.
 */
function buildPageQuery(deps: AppDeps, query: RequestListQuery, plan: ListPlan, name: string) {
  const { fenced, ids, total } = pageAndTotal(deps, query, plan);
  const rows = pageRows(deps, total);
  const sorted = (where: SQL | undefined) =>
    rows
      .where(where)
      .orderBy(...sortOrder(query, { id: r.id, createdAt: r.createdAt, sortKey: sortKeyOf(query) ?? r.createdAt }));
  // A first page read from the sort order's index down to its last row: nothing to skip.
  if (plan.paging === 'first-page' && !fenced)
    return sorted(listConditions(query, plan)).limit(literalNumber(REQUESTS_PAGE_SIZE)).prepare(name);
  // A deferred join: the page's ids come from an index (or the matches) alone, and only those rows
  // are read, so a deep page (page 500) skips index entries rather than table rows.
  const pageIds = {
    'first-page': () => ids.limit(literalNumber(REQUESTS_PAGE_SIZE)),
    page: () => ids.limit(literalNumber(REQUESTS_PAGE_SIZE)).offset(placeholder('offset')),
    'any-size': () => ids.limit(placeholder('limit')).offset(placeholder('offset')),
  }[plan.paging]();
  return sorted(inArray(r.id, pageIds)).prepare(name);
}

/** The columns of a page's rows, each carrying `total`. */
function pageRows(deps: AppDeps, total: SQL<string>) {
  return deps.db
    .select({
      id: r.id,
      shareholderName: r.shareholderName,
      shareholderCode: r.shareholderCode,
      referenceNumber: r.referenceNumber,
      requestType: r.requestType,
      status: r.status,
      createdAt: r.createdAt,
      createdAtMicros: cursorMicros(r.createdAt),
      assignedTo: r.assignedTo,
      isFlagged: r.isFlagged,
      flagPriority: r.flagPriority,
      adminNotes: r.adminNotes,
      sharesCount: r.sharesCount,
      transferAllShares: r.transferAllShares,
      documents: documentCounts,
      total,
    })
    .from(r);
}

/**
 * A code or name search's page by the matching holders (holder-search.ts): its total from the
 * snapshot counts, then the page by the cheaper of the scan (unprepared, the keys as a constant) and
 * the per-holder merge (one prepared statement per order). Null: the general query reads it.
 */
async function holderSearchRows(deps: AppDeps, query: RequestListQuery, plan: ListPlan) {
  const search = holderSearchOf(query, plan.search);
  if (!search) return null;
  const chosen = await planHolderSearch(deps, query, search, plan.values);
  if (chosen.path === 'general') return null;
  const { total } = chosen;
  const offset = query.after ? 0 : (query.page - 1) * query.limit;
  if (offset >= total) return { rows: [], total };
  const order = sortOrder(query, { id: r.id, createdAt: r.createdAt, sortKey: r.createdAt });
  const key = `${holderSearchKey(search)}${query.after ? 'k' : ''}${query.sortOrder}`;
  const after = (q: { id: Sortable; createdAt: Sortable }) => afterCursor(query, q);
  if (chosen.path === 'scan') {
    // Built once per shape, but run as an unnamed statement (no name), planned with its keys each time.
    const scan = holderScanQueries(deps.db, key, () =>
      pageRows(deps, sql<string>`null`)
        .where(sql`${r.id} in (${holderScanIds(query.sortOrder, after)})`)
        .orderBy(...order)
        .prepare(''),
    );
    const rows = await scan.execute({ ...plan.values, keys: chosen.keys, limit: query.limit, offset });
    return { rows, total };
  }
  const page = holderPageQueries(deps.db, key, (name) =>
    pageRows(deps, sql<string>`null`)
      .where(sql`${r.id} in (${holderPageIds(search, query.sortOrder, after)})`)
      .orderBy(...order)
      .prepare(name),
  );
  const rows = await page.execute({ ...plan.values, need: offset + query.limit, limit: query.limit, offset });
  return { rows, total };
}

function buildCountQuery(deps: AppDeps, query: RequestListQuery, plan: ListPlan, name: string) {
  const { total } = pageAndTotal(deps, query, plan);
  return deps.db.select({ total }).from(sql`(select 1) as one`).prepare(name);
}

const countQueries = preparedQueries<ReturnType<typeof buildCountQuery>>('request_count');
const pageQueries = preparedQueries<ReturnType<typeof buildPageQuery>>('request_list');
const holderPageQueries = preparedQueries<ReturnType<typeof buildPageQuery>>('request_list_holder');
const holderScanQueries = preparedQueries<ReturnType<typeof buildPageQuery>>('request_list_scan');

export async function listRequests(deps: AppDeps, query: RequestListQuery, adminId: string) {
  const plan = planList(deps, query, adminId);
  const byHolder = await holderSearchRows(deps, query, plan);
  const rows =
    byHolder?.rows ??
    (await pageQueries(deps.db, plan.key, (name) => buildPageQuery(deps, query, plan, name)).execute(plan.values));
  let total = byHolder?.total ?? Number(rows[0]?.total ?? 0);
  const last = rows.at(-1);
  const full = rows.length === query.limit && (query.after !== undefined || query.page * query.limit < total);
  const nextCursor =
    full && last
      ? formatRequestCursor({
          sortKey: query.sortBy === 'status' ? last.status : query.sortBy === 'type' ? last.requestType : null,
          createdAtMicros: last.createdAtMicros,
          id: last.id,
        })
      : null;
  if (!byHolder && rows.length === 0 && (query.page > 1 || query.after)) {
    // Past the last page (or the last row) there is no row to carry the total: count on its own.
    const [row] = await countQueries(deps.db, plan.key, (name) => buildCountQuery(deps, query, plan, name)).execute(
      plan.values,
    );
    total = Number(row?.total ?? 0);
  }

  // Each field named (no rest or spread): a page is built on every list call, and copying rows
  // property by property through rest and spread cost several times as much.
  const requests = rows.map((row): RequestListRow => {
    const [held, approved] = row.documents.split(':').map(Number) as [number, number];
    return {
      id: row.id,
      shareholderName: row.shareholderName,
      shareholderCode: row.shareholderCode,
      referenceNumber: row.referenceNumber,
      requestType: row.requestType,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
      assignedTo: row.assignedTo,
      assignedToMe: row.assignedTo === adminId,
      isFlagged: row.isFlagged,
      flagPriority: row.flagPriority,
      adminNotes: row.adminNotes,
      sharesCount: row.sharesCount,
      transferAllShares: row.transferAllShares,
      verification: row.requestType !== 'TRANSFER' ? null : identityCheckOf(held, approved),
      verificationComplete: held === DOCUMENT_TYPES.length,
    };
  });
  return {
    requests,
    total,
    page: query.page,
    totalPages: Math.max(1, Math.ceil(total / query.limit)),
    nextCursor,
  };
}
