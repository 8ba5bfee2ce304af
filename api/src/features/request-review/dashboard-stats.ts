import { desc, inArray, sql } from 'drizzle-orm';
import { PENDING_REVIEW_STATUSES } from '@ledgerwell/shared/request-review';
import { requestCounts, shareholderRequests } from '@ledgerwell/db/schema';
import type { AppDeps } from '../../lib/context';
import { BUSINESS_TIMEZONE, businessDaysBetween, startOf } from './business-time';

const r = shareholderRequests;
const count = (condition: ReturnType<typeof sql>) => sql<number>`count(*) filter (where ${condition})::int`;
const DECIDED = sql`${r.status} in ('APPROVED', 'REJECTED')`;
const OPEN = sql`${r.status} not in ('APPROVED', 'REJECTED', 'COMPLETED', 'CANCELLED')`;
const SALE = sql`${r.transferType} = 'sale' and ${r.status} <> 'REJECTED'`;

const round = (value: number | string | null, digits = 1) => {
  const n = Number(value ?? 0);
  return Number.isFinite(n) ? Math.round(n * 10 ** digits) / 10 ** digits : 0;
};
const percent = (part: number, whole: number) => (whole > 0 ? round((part / whole) * 100) : 0);

const sumOf = (column: ReturnType<typeof sql>, condition?: ReturnType<typeof sql>) =>
  condition ? sql<string>`coalesce(sum(${column}) filter (where ${condition}), 0)` : sql<string>`coalesce(sum(${column}), 0)`;

/**
 * Every metric of the dashboard (admin-request-review spec 3), in SQL: all-time figures from the
 * trigger-kept counters (request_counts, a few dozen rows), windowed ones from index range scans on
 * created_at and processed_at, open items from the status index. Nothing is loaded row by row into
 * Node, and no query reads the whole table. Dollar figures come from private-sale transfers.
 */
export async function dashboardStats(deps: AppDeps, adminId: string) {
  const now = deps.clock.now();
  // The business-time boundaries, computed once, then compared as constants: inside a FILTER a time
  // zone expression would be worked out again for every row.
  const [bounds] = await deps.db
    .select({
      today: sql<string>`extract(epoch from ${startOf('day', now)})::float8`,
      week: sql<string>`extract(epoch from ${startOf('week', now)})::float8`,
      month: sql<string>`extract(epoch from ${startOf('month', now)})::float8`,
      // The calendar day before today in business time (23 or 25 hours around a clock change).
      yesterday: sql<string>`extract(epoch from (date_trunc('day', ${now.toISOString()}::timestamptz at time zone ${BUSINESS_TIMEZONE}) - interval '1 day') at time zone ${BUSINESS_TIMEZONE})::float8`,
    })
    .from(sql`(select 1) as one`);
  const at = (seconds: number) => sql`${new Date(seconds * 1000).toISOString()}::timestamptz`;
  const [todayS, weekS, monthS] = [Number(bounds!.today), Number(bounds!.week), Number(bounds!.month)];
  const yesterdayS = Number(bounds!.yesterday);
  const today = at(todayS);
  const yesterday = at(yesterdayS);
  const week = at(weekS);
  const month = at(monthS);
  const earliest = at(Math.min(yesterdayS, weekS, monthS));
  // Turnaround under SEC Rule 17Ad-2 runs from receipt in good order: for a transfer, when its documents are in.
  const received = sql`coalesce(${r.verificationSubmittedAt}, ${r.createdAt})`;
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  const c = requestCounts;
  const decidedCounts = sql`${c.status} in ('APPROVED', 'REJECTED')`;

  const [[all], [created], [processed], [open], recent] = await Promise.all([
    deps.db
      .select({
        total: sumOf(sql`${c.count}`),
        pending: sumOf(sql`${c.count}`, inArray(c.status, [...PENDING_REVIEW_STATUSES])),
        approved: sumOf(sql`${c.count}`, sql`${c.status} = 'APPROVED'`),
        rejected: sumOf(sql`${c.count}`, sql`${c.status} = 'REJECTED'`),
        processing: sumOf(sql`${c.count}`, sql`${c.status} = 'PROCESSING'`),
        pendingVerification: sumOf(sql`${c.count}`, sql`${c.status} = 'AWAITING_VERIFICATION'`),
        transfers: sumOf(sql`${c.count}`, sql`${c.requestType} = 'TRANSFER'`),
        addressChanges: sumOf(sql`${c.count}`, sql`${c.requestType} = 'ADDRESS_CHANGE'`),
        certificates: sumOf(sql`${c.count}`, sql`${c.requestType} = 'CERTIFICATE'`),
        inquiries: sumOf(sql`${c.count}`, sql`${c.requestType} = 'INQUIRY'`),
        flagged: sumOf(sql`${c.count}`, sql`${c.isFlagged}`),
        amountSum: sumOf(sql`${c.amountSum}`, sql`${c.isSale} and ${c.status} <> 'REJECTED'`),
        amountCount: sumOf(sql`${c.amountCount}`, sql`${c.isSale} and ${c.status} <> 'REJECTED'`),
        processingSeconds: sumOf(sql`${c.processingSeconds}`, decidedCounts),
        processedCount: sumOf(sql`${c.processedCount}`, decidedCounts),
        responseSeconds: sumOf(sql`${c.responseSeconds}`),
        respondedCount: sumOf(sql`${c.respondedCount}`),
        verificationSeconds: sumOf(sql`${c.verificationSeconds}`),
        verifiedCount: sumOf(sql`${c.verifiedCount}`),
      })
      .from(c),
    deps.db
      .select({
        todayCount: count(sql`${r.createdAt} >= ${today}`),
        yesterdayCount: count(sql`${r.createdAt} >= ${yesterday} and ${r.createdAt} < ${today}`),
        weekCount: count(sql`${r.createdAt} >= ${week}`),
        monthCount: count(sql`${r.createdAt} >= ${month}`),
        todayAmount: sql<string>`coalesce(sum(${r.totalAmount}) filter (where ${SALE} and ${r.createdAt} >= ${today}), 0)`,
        weekAmount: sql<string>`coalesce(sum(${r.totalAmount}) filter (where ${SALE} and ${r.createdAt} >= ${week}), 0)`,
      })
      .from(r)
      .where(sql`${r.createdAt} >= ${earliest}`),
    deps.db
      .select({
        processedToday: count(sql`${DECIDED} and ${r.processedAt} >= ${today}`),
        processedThisWeek: count(sql`${DECIDED} and ${r.processedAt} >= ${week}`),
        transfersDecidedThisMonth: count(sql`${r.requestType} = 'TRANSFER' and ${DECIDED} and ${r.processedAt} >= ${month}`),
        transfersWithin3Days: count(
          sql`${r.requestType} = 'TRANSFER' and ${DECIDED} and ${r.processedAt} >= ${month} and ${businessDaysBetween(received, sql`${r.processedAt}`)} <= 3`,
        ),
      })
      .from(r)
      .where(sql`${r.processedAt} >= least(${week}, ${month})`),
    deps.db
      .select({
        needsMyAttention: count(sql`${r.assignedTo} = ${adminId}`),
        openOver3Days: count(sql`${r.requestType} = 'TRANSFER' and ${r.status} <> 'AWAITING_VERIFICATION' and ${businessDaysBetween(received, nowSql)} > 3`),
        openOver4Days: count(sql`${r.requestType} = 'TRANSFER' and ${r.status} <> 'AWAITING_VERIFICATION' and ${businessDaysBetween(received, nowSql)} > 4`),
      })
      .from(r)
      .where(sql`${OPEN} and (${r.assignedTo} = ${adminId} or (${r.requestType} = 'TRANSFER' and ${r.status} in ('VERIFICATION_SUBMITTED', 'VERIFIED', 'PROCESSING')))`),
    deps.db
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
      .limit(5),
  ]);

  const n = (value: string | number | undefined) => Number(value ?? 0);
  const approved = n(all?.approved);
  const rejected = n(all?.rejected);
  const decided = approved + rejected;
  const average = (sum: string | undefined, items: string | undefined) => (n(items) > 0 ? n(sum) / n(items) : 0);
  const todayCount = created?.todayCount ?? 0;
  const yesterdayCount = created?.yesterdayCount ?? 0;
  return {
    total: n(all?.total),
    pending: n(all?.pending),
    approved,
    rejected,
    processing: n(all?.processing),
    pendingVerification: n(all?.pendingVerification),
    byType: { TRANSFER: n(all?.transfers), ADDRESS_CHANGE: n(all?.addressChanges), CERTIFICATE: n(all?.certificates), INQUIRY: n(all?.inquiries) },
    todayCount,
    yesterdayCount,
    todayVsYesterday: yesterdayCount > 0 ? round(((todayCount - yesterdayCount) / yesterdayCount) * 100) : todayCount > 0 ? 100 : 0,
    weekCount: created?.weekCount ?? 0,
    monthCount: created?.monthCount ?? 0,
    totalAmount: round(n(all?.amountSum), 2),
    todayAmount: round(n(created?.todayAmount), 2),
    weekAmount: round(n(created?.weekAmount), 2),
    averageAmount: Math.round(average(all?.amountSum, all?.amountCount)),
    conversionRate: percent(approved, decided),
    rejectionRate: percent(rejected, decided),
    avgProcessingTime: round(average(all?.processingSeconds, all?.processedCount) / 3600),
    avgVerificationTime: round(average(all?.verificationSeconds, all?.verifiedCount) / 3600),
    avgResponseTime: Math.round(average(all?.responseSeconds, all?.respondedCount) / 60),
    processedToday: processed?.processedToday ?? 0,
    processedThisWeek: processed?.processedThisWeek ?? 0,
    flagged: n(all?.flagged),
    needsMyAttention: open?.needsMyAttention ?? 0,
    compliance: {
      transfersDecidedThisMonth: processed?.transfersDecidedThisMonth ?? 0,
      turnaroundWithin3DaysRate: percent(processed?.transfersWithin3Days ?? 0, processed?.transfersDecidedThisMonth ?? 0),
      openOver3BusinessDays: open?.openOver3Days ?? 0,
      openOver4BusinessDays: open?.openOver4Days ?? 0,
    },
    recentActivity: recent.map((item) => ({ ...item, timestamp: item.timestamp.toISOString() })),
  };
}
