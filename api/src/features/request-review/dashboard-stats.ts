import { and, desc, eq, gte, isNotNull, sql, type SQL } from 'drizzle-orm';
import { type RequestStatus, type RequestType } from '@ledgerwell/shared/portal-requests';
import {
  FINAL_STATUSES,
  OPEN_TRANSFER_STATUSES,
  PENDING_REVIEW_STATUSES,
  sqlStatusList,
  TURNAROUND_BUSINESS_DAYS,
} from '@ledgerwell/shared/request-review';
import { requestCounts, requestDayCounts, shareholderRequests } from '@ledgerwell/db/schema';
import { ledgerTransactions } from '@ledgerwell/db/ledger-schema';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AppDeps } from '../../lib/context';
import { preparedQueries } from '../../lib/prepared';
import { businessDayNumber } from './business-time';
import { receivedMoreThan } from './turnaround';
import { recordDifferenceCounts } from '../ledger/reconcile';

const r = shareholderRequests;
const c = requestCounts;
const d = requestDayCounts;

const round = (value: number | string | null, digits = 1) => {
  const n = Number(value ?? 0);
  return Number.isFinite(n) ? Math.round(n * 10 ** digits) / 10 ** digits : 0;
};
const percent = (part: number, whole: number) => (whole > 0 ? round((part / whole) * 100) : 0);

const sumOf = (column: SQL | AnyPgColumn, condition?: SQL) =>
  condition
    ? sql<string>`coalesce(sum(${column}) filter (where ${condition}), 0)`
    : sql<string>`coalesce(sum(${column}), 0)`;
const countOf = (condition: SQL) => sql<string>`count(*) filter (where ${condition})`;

/**
 * One single-row aggregate of the dashboard's statement: selected under `name`, its fields named after
 * the keys of `fields`, and read back by the outer select as `name.key`.
 */
function part<F extends Record<string, SQL>>(name: string, fields: F, from: SQL) {
  const columns = sql.join(
    Object.entries(fields).map(([key, expression]) => sql`${expression} as ${sql.identifier(key)}`),
    sql`, `,
  );
  const read = Object.fromEntries(
    Object.keys(fields).map((key) => [key, sql<string>`${sql.identifier(name)}.${sql.identifier(key)}`]),
  ) as {
    [K in keyof F]: SQL<string>;
  };
  return { from: sql`(select ${columns} ${from}) as ${sql.identifier(name)}`, read };
}

const now = sql`${sql.placeholder('now')}::timestamptz`;
const adminId = sql.placeholder('adminId');
/**
 * A value worked out from the time of the call, as a subquery: PostgreSQL then learns it only when it
 * runs the statement, so no plan depends on the time of day and the plan is kept after a few calls.
 * Given the time itself, it planned the dashboard anew on each call, which took three times as long
 * as running it.
 */
const atRunTime = (value: SQL) => sql`(select ${value})`;
// Business days, as dates: the day counters are keyed by them.
const today = atRunTime(sql`business_date(${now})`);
const yesterday = sql`(${today} - 1)`;
const weekStart = sql`date_trunc('week', ${today})::date`;
const monthStart = sql`date_trunc('month', ${today})::date`;
const statusIn = (statuses: readonly RequestStatus[]) => sql.raw(`in (${sqlStatusList(statuses)})`);
const isDecided = sql`${c.status} in ('APPROVED', 'REJECTED')`;
const saleAmount = sql`${d.isSale} and ${d.status} <> 'REJECTED'`;
const isTransfer = sql`${d.requestType} = 'TRANSFER'`;
// Turnaround under SEC Rule 17Ad-2 (turnaround.ts): the counts below are ranges of the open-transfer age index.
const olderThan = (days: number) => receivedMoreThan(days, atRunTime(businessDayNumber(now)));

/** All-time figures, from the trigger-kept counters (a few dozen rows). */
const allTime = part(
  'all_time',
  {
    total: sumOf(c.count),
    pending: sumOf(c.count, sql`${c.status} ${statusIn(PENDING_REVIEW_STATUSES)}`),
    approved: sumOf(c.count, sql`${c.status} = 'APPROVED'`),
    rejected: sumOf(c.count, sql`${c.status} = 'REJECTED'`),
    processing: sumOf(c.count, sql`${c.status} = 'PROCESSING'`),
    pendingVerification: sumOf(c.count, sql`${c.status} = 'AWAITING_VERIFICATION'`),
    transfers: sumOf(c.count, sql`${c.requestType} = 'TRANSFER'`),
    addressChanges: sumOf(c.count, sql`${c.requestType} = 'ADDRESS_CHANGE'`),
    certificates: sumOf(c.count, sql`${c.requestType} = 'CERTIFICATE'`),
    inquiries: sumOf(c.count, sql`${c.requestType} = 'INQUIRY'`),
    lostCertificates: sumOf(c.count, sql`${c.requestType} = 'LOST_CERTIFICATE'`),
    flagged: sumOf(c.count, sql`${c.isFlagged}`),
    amountSum: sumOf(c.amountSum, sql`${c.isSale} and ${c.status} <> 'REJECTED'`),
    amountCount: sumOf(c.amountCount, sql`${c.isSale} and ${c.status} <> 'REJECTED'`),
    processingSeconds: sumOf(c.processingSeconds, isDecided),
    processedCount: sumOf(c.processedCount, isDecided),
    responseSeconds: sumOf(c.responseSeconds),
    respondedCount: sumOf(c.respondedCount),
    verificationSeconds: sumOf(c.verificationSeconds),
    verifiedCount: sumOf(c.verifiedCount),
  },
  sql`from ${c}`,
);

/** Today, yesterday, this week and month, from the day counters (a month is a few hundred rows). */
const windows = part(
  'windows',
  {
    todayCount: sumOf(d.createdCount, sql`${d.day} = ${today}`),
    yesterdayCount: sumOf(d.createdCount, sql`${d.day} = ${yesterday}`),
    weekCount: sumOf(d.createdCount, sql`${d.day} >= ${weekStart}`),
    monthCount: sumOf(d.createdCount, sql`${d.day} >= ${monthStart}`),
    todayAmount: sumOf(d.createdAmount, sql`${saleAmount} and ${d.day} = ${today}`),
    weekAmount: sumOf(d.createdAmount, sql`${saleAmount} and ${d.day} >= ${weekStart}`),
    processedToday: sumOf(d.decidedCount, sql`${d.day} = ${today}`),
    processedThisWeek: sumOf(d.decidedCount, sql`${d.day} >= ${weekStart}`),
    transfersDecidedThisMonth: sumOf(d.decidedCount, sql`${isTransfer} and ${d.day} >= ${monthStart}`),
    transfersWithin3Days: sumOf(d.decidedWithin3BusinessDays, sql`${isTransfer} and ${d.day} >= ${monthStart}`),
  },
  sql`from ${d} where ${d.day} >= least(${yesterday}, ${weekStart}, ${monthStart})`,
);

/**
 * Transfers in good order, still open, and received more than 3 (and 4) business days ago: a range of
 * the open-transfer age index, so only the late ones are read, however many are open.
 */
const overdue = part(
  'overdue',
  { openOver3Days: sql`count(*)`, openOver4Days: countOf(olderThan(TURNAROUND_BUSINESS_DAYS + 1)) },
  sql`from ${r} where ${r.requestType} = 'TRANSFER' and ${r.status} ${statusIn(OPEN_TRANSFER_STATUSES)} and ${olderThan(TURNAROUND_BUSINESS_DAYS)}`,
);

/** Open requests assigned to the admin asking (the assignment index). */
const mine = part(
  'mine',
  { needsMyAttention: sql`count(*)` },
  sql`from ${r} where ${r.assignedTo} = ${adminId} and ${r.status} not ${statusIn(FINAL_STATUSES)}`,
);

const PARTS = [allTime, windows, overdue, mine];

const statsQueries = preparedQueries<ReturnType<typeof buildStatsQuery>>('dashboard_stats');
function buildStatsQuery(deps: AppDeps, name: string) {
  return deps.db
    .select({ ...allTime.read, ...windows.read, ...overdue.read, ...mine.read })
    .from(
      sql.join(
        PARTS.map((p) => p.from),
        sql` cross join `,
      ),
    )
    .prepare(name);
}

const recentQueries = preparedQueries<ReturnType<typeof buildRecentQuery>>('dashboard_recent');
function buildRecentQuery(deps: AppDeps, name: string) {
  return deps.db
    .select({
      id: r.id,
      shareholderName: r.shareholderName,
      requestType: r.requestType,
      referenceNumber: r.referenceNumber,
      shares: r.sharesCount,
      transferAllShares: r.transferAllShares,
      status: r.status,
      timestamp: r.createdAt,
    })
    .from(r)
    .orderBy(desc(r.createdAt), desc(r.id))
    .limit(5)
    .prepare(name);
}

/**
 * This month's postings of requests (from the first of the month, UTC, as the other monthly figures) and the
 * average time from the request's approval to its posting, read through the postings' own partial index.
 */
async function approvalToPosting(deps: AppDeps) {
  const now = deps.clock.now();
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const [row] = await deps.db
    .select({
      posted: sql<number>`count(*)::int`,
      seconds: sql<string | null>`avg(extract(epoch from ${ledgerTransactions.postedAt} - ${r.processedAt}))::text`,
    })
    .from(ledgerTransactions)
    .innerJoin(r, eq(r.id, ledgerTransactions.sourceRequestId))
    .where(and(isNotNull(ledgerTransactions.sourceRequestId), gte(ledgerTransactions.postedAt, monthStart)));
  return {
    postedThisMonth: row?.posted ?? 0,
    avgApprovalToPostingHours: round(Number(row?.seconds ?? 0) / 3600),
  };
}

/**
 * Every metric of the dashboard (admin-request-review spec 3), in SQL: all-time figures from the
 * trigger-kept counters, windowed ones from the trigger-kept day counters, open items from the
 * status and assignment indexes; one statement for the figures and one for the recent items. Nothing
 * is loaded row by row into Node, and no query reads a month of requests. Dollar figures come from
 * private-sale transfers.
 */
export async function dashboardStats(deps: AppDeps, admin: string) {
  const values = { now: deps.clock.now().toISOString(), adminId: admin };
  const [[all], recent, differences, posting] = await Promise.all([
    statsQueries(deps.db, '', (name) => buildStatsQuery(deps, name)).execute(values),
    recentQueries(deps.db, '', (name) => buildRecentQuery(deps, name)).execute({}),
    recordDifferenceCounts(deps.db, deps.clock.now()),
    approvalToPosting(deps),
  ]);
  // Sums and counts arrive as numeric and bigint text.
  const n = (key: keyof NonNullable<typeof all>) => Number(all?.[key] ?? 0);
  const approved = n('approved');
  const rejected = n('rejected');
  const decided = approved + rejected;
  const average = (sum: keyof NonNullable<typeof all>, items: keyof NonNullable<typeof all>) =>
    n(items) > 0 ? n(sum) / n(items) : 0;
  const todayCount = n('todayCount');
  const yesterdayCount = n('yesterdayCount');
  return {
    total: n('total'),
    pending: n('pending'),
    approved,
    rejected,
    processing: n('processing'),
    pendingVerification: n('pendingVerification'),
    byType: {
      TRANSFER: n('transfers'),
      ADDRESS_CHANGE: n('addressChanges'),
      CERTIFICATE: n('certificates'),
      INQUIRY: n('inquiries'),
      LOST_CERTIFICATE: n('lostCertificates'),
    } satisfies Record<RequestType, number>,
    todayCount,
    yesterdayCount,
    todayVsYesterday:
      yesterdayCount > 0 ? round(((todayCount - yesterdayCount) / yesterdayCount) * 100) : todayCount > 0 ? 100 : 0,
    weekCount: n('weekCount'),
    monthCount: n('monthCount'),
    totalAmount: round(n('amountSum'), 2),
    todayAmount: round(n('todayAmount'), 2),
    weekAmount: round(n('weekAmount'), 2),
    averageAmount: Math.round(average('amountSum', 'amountCount')),
    conversionRate: percent(approved, decided),
    rejectionRate: percent(rejected, decided),
    avgProcessingTime: round(average('processingSeconds', 'processedCount') / 3600),
    avgVerificationTime: round(average('verificationSeconds', 'verifiedCount') / 3600),
    avgResponseTime: Math.round(average('responseSeconds', 'respondedCount') / 60),
    processedToday: n('processedToday'),
    processedThisWeek: n('processedThisWeek'),
    flagged: n('flagged'),
    needsMyAttention: n('needsMyAttention'),
    compliance: {
      transfersDecidedThisMonth: n('transfersDecidedThisMonth'),
      turnaroundWithin3DaysRate: percent(n('transfersWithin3Days'), n('transfersDecidedThisMonth')),
      openOver3BusinessDays: n('openOver3Days'),
      openOver4BusinessDays: n('openOver4Days'),
      ...differences,
      ...posting,
    },
    recentActivity: recent.map((item) => ({ ...item, timestamp: item.timestamp.toISOString() })),
  };
}
