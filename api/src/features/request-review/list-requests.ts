import { and, asc, desc, eq, gte, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { requestCounts, shareholderRequests, verificationDocuments } from '@ledgerwell/db/schema';
import type { RequestStatus } from '@ledgerwell/shared/portal-requests';
import { PENDING_REVIEW_STATUSES, type RequestListQuery, type RequestListRow } from '@ledgerwell/shared/request-review';
import type { AppDeps } from '../../lib/context';
import { startOf } from './business-time';

const r = shareholderRequests;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Words of a name search as a prefix query: "dana whit" → dana:* & whit:*. Letters and digits only. */
function namePrefixQuery(search: string): string | null {
  const words = search.toLowerCase().match(/[\p{L}\p{N}]+/gu);
  return words ? words.map((word) => `${word}:*`).join(' & ') : null;
}

/**
 * Search by shareholder code or reference (by prefix: their text_pattern_ops indexes serve) or by the
 * beginnings of the words of the name ("whit" finds Dana Whitfield: the name's word index serves).
 * Text with a digit is a code or a reference, never a name, so it skips the name index.
 */
function searchCondition(search: string): SQL | undefined {
  const text = search.trim();
  if (!text) return undefined;
  const prefix = `${escapeLike(text).toUpperCase()}%`;
  if (/\d/.test(text)) return or(sql`${r.shareholderCode} like ${prefix}`, sql`${r.referenceNumber} like ${prefix}`);
  const words = namePrefixQuery(text);
  return or(sql`${r.shareholderCode} like ${prefix}`, words ? sql`to_tsvector('simple', ${r.shareholderName}) @@ to_tsquery('simple', ${words})` : undefined);
}

/** `status=pending` (the screens' filter and the dashboard's Pending Review card) means waiting for staff. */
const statusesOf = (status: RequestStatus): RequestStatus[] => (status === 'PENDING' ? [...PENDING_REVIEW_STATUSES] : [status]);

export function listConditions(deps: AppDeps, query: RequestListQuery, adminId: string): SQL | undefined {
  const now = deps.clock.now();
  return and(
    query.status ? inArray(r.status, statusesOf(query.status)) : undefined,
    query.requestType ? eq(r.requestType, query.requestType) : undefined,
    query.search ? searchCondition(query.search) : undefined,
    query.flagged === true ? eq(r.isFlagged, true) : query.flagged === false ? eq(r.isFlagged, false) : undefined,
    query.assigned === 'me' ? eq(r.assignedTo, adminId) : undefined,
    query.date === 'today' ? gte(r.createdAt, startOf('day', now)) : query.date === 'week' ? gte(r.createdAt, startOf('week', now)) : undefined,
  );
}

const SORT_COLUMNS = { createdAt: r.createdAt, status: r.status, type: r.requestType } as const;

/**
 * The verification column: counts of the current photos, and of those approved. The outer id is
 * spelled out with its table: drizzle leaves columns unqualified, which inside the subquery would
 * mean the document's own id.
 */
const documentCounts = sql<string>`(select count(*) || ':' || count(*) filter (where ${verificationDocuments.status} = 'APPROVED')
  from ${verificationDocuments} where ${verificationDocuments.requestId} = "shareholder_requests"."id" and ${isNull(verificationDocuments.supersededAt)})`;

/**
 * The total for the pagination text. Filters on status, type and flag only are answered from the
 * trigger-kept counters (request_counts); search, date and assignment filters are selective and
 * indexed, so counting their rows is cheap.
 */
async function countRequests(deps: AppDeps, query: RequestListQuery, where: SQL | undefined): Promise<number> {
  if (!query.search && !query.date && !query.assigned) {
    const c = requestCounts;
    const [row] = await deps.db
      .select({ total: sql<string>`coalesce(sum(${c.count}), 0)` })
      .from(c)
      .where(
        and(
          query.status ? inArray(c.status, statusesOf(query.status)) : undefined,
          query.requestType ? eq(c.requestType, query.requestType) : undefined,
          query.flagged === undefined ? undefined : eq(c.isFlagged, query.flagged),
        ),
      );
    return Number(row?.total ?? 0);
  }
  const [row] = await deps.db.select({ total: sql<number>`count(*)::int` }).from(r).where(where);
  return row?.total ?? 0;
}

export async function listRequests(deps: AppDeps, query: RequestListQuery, adminId: string) {
  const where = listConditions(deps, query, adminId);
  const order = query.sortOrder === 'asc' ? asc : desc;
  const total = await countRequests(deps, query, where);
  const rows = await deps.db
    .select({
      id: r.id,
      shareholderName: r.shareholderName,
      shareholderCode: r.shareholderCode,
      referenceNumber: r.referenceNumber,
      requestType: r.requestType,
      status: r.status,
      createdAt: r.createdAt,
      assignedTo: r.assignedTo,
      isFlagged: r.isFlagged,
      flagPriority: r.flagPriority,
      adminNotes: r.adminNotes,
      sharesCount: r.sharesCount,
      transferAllShares: r.transferAllShares,
      documents: documentCounts,
    })
    .from(r)
    // A deferred join: the page's ids come from the index alone, and only those rows are read, so a
    // deep page (page 500) skips index entries rather than table rows.
    .where(
      inArray(
        r.id,
        deps.db
          .select({ id: r.id })
          .from(r)
          .where(where)
          .orderBy(order(SORT_COLUMNS[query.sortBy]), order(r.id))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
      ),
    )
    .orderBy(order(SORT_COLUMNS[query.sortBy]), order(r.id));

  const requests: RequestListRow[] = rows.map(({ documents, ...row }) => {
    const [held, approved] = documents.split(':').map(Number) as [number, number];
    const verification = row.requestType !== 'TRANSFER' ? null : approved === 3 ? 'VERIFIED' : held === 3 ? 'SUBMITTED' : 'PENDING';
    return {
      ...row,
      createdAt: row.createdAt.toISOString(),
      assignedToMe: row.assignedTo === adminId,
      verification,
      verificationComplete: held === 3,
    };
  });
  return { requests, total, page: query.page, totalPages: Math.max(1, Math.ceil(total / query.limit)) };
}
