import { desc, sql } from 'drizzle-orm';
import { shareholderRequests } from '@ledgerwell/db/schema';
import type { AppDeps } from '../../lib/context';
import { businessDaysBetween, startOf } from './business-time';

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

/**
 * Every metric of the dashboard (admin-request-review spec 3) in one aggregate query plus one for the
 * recent items: nothing is loaded row by row into Node. Dollar figures come from private-sale transfers.
 */
export async function dashboardStats(deps: AppDeps, adminId: string) {
  const now = deps.clock.now();
  const today = startOf('day', now);
  const yesterday = sql`(${today} - interval '1 day')`;
  const week = startOf('week', now);
  const month = startOf('month', now);
  // Turnaround under SEC Rule 17Ad-2 runs from receipt in good order: for a transfer, when its documents are in.
  const received = sql`coalesce(${r.verificationSubmittedAt}, ${r.createdAt})`;
  const nowSql = sql`${now.toISOString()}::timestamptz`;

  const [row] = await deps.db
    .select({
      total: sql<number>`count(*)::int`,
      pending: count(sql`${r.status} in ('PENDING', 'VERIFICATION_SUBMITTED', 'VERIFIED')`),
      approved: count(sql`${r.status} = 'APPROVED'`),
      rejected: count(sql`${r.status} = 'REJECTED'`),
      processing: count(sql`${r.status} = 'PROCESSING'`),
      pendingVerification: count(sql`${r.status} = 'AWAITING_VERIFICATION'`),
      transfers: count(sql`${r.requestType} = 'TRANSFER'`),
      addressChanges: count(sql`${r.requestType} = 'ADDRESS_CHANGE'`),
      certificates: count(sql`${r.requestType} = 'CERTIFICATE'`),
      inquiries: count(sql`${r.requestType} = 'INQUIRY'`),
      todayCount: count(sql`${r.createdAt} >= ${today}`),
      yesterdayCount: count(sql`${r.createdAt} >= ${yesterday} and ${r.createdAt} < ${today}`),
      weekCount: count(sql`${r.createdAt} >= ${week}`),
      monthCount: count(sql`${r.createdAt} >= ${month}`),
      totalAmount: sql<string>`coalesce(sum(${r.totalAmount}) filter (where ${SALE}), 0)`,
      todayAmount: sql<string>`coalesce(sum(${r.totalAmount}) filter (where ${SALE} and ${r.createdAt} >= ${today}), 0)`,
      weekAmount: sql<string>`coalesce(sum(${r.totalAmount}) filter (where ${SALE} and ${r.createdAt} >= ${week}), 0)`,
      averageAmount: sql<string>`coalesce(avg(${r.totalAmount}) filter (where ${SALE}), 0)`,
      avgProcessingHours: sql<string>`coalesce(avg(extract(epoch from ${r.processedAt} - ${r.createdAt}) / 3600) filter (where ${DECIDED}), 0)`,
      avgVerificationHours: sql<string>`coalesce(avg(extract(epoch from ${r.verificationSubmittedAt} - ${r.createdAt}) / 3600) filter (where ${r.verificationSubmittedAt} is not null), 0)`,
      avgResponseMinutes: sql<string>`coalesce(avg(extract(epoch from ${r.firstResponseAt} - ${r.createdAt}) / 60) filter (where ${r.firstResponseAt} is not null), 0)`,
      processedToday: count(sql`${DECIDED} and ${r.processedAt} >= ${today}`),
      processedThisWeek: count(sql`${DECIDED} and ${r.processedAt} >= ${week}`),
      flagged: count(sql`${r.isFlagged}`),
      needsMyAttention: count(sql`${r.assignedTo} = ${adminId} and ${OPEN}`),
      transfersDecidedThisMonth: count(sql`${r.requestType} = 'TRANSFER' and ${DECIDED} and ${r.processedAt} >= ${month}`),
      transfersWithin3Days: count(
        sql`${r.requestType} = 'TRANSFER' and ${DECIDED} and ${r.processedAt} >= ${month} and ${businessDaysBetween(received, sql`${r.processedAt}`)} <= 3`,
      ),
      openOver3Days: count(sql`${r.requestType} = 'TRANSFER' and ${OPEN} and ${r.status} <> 'AWAITING_VERIFICATION' and ${businessDaysBetween(received, nowSql)} > 3`),
      openOver4Days: count(sql`${r.requestType} = 'TRANSFER' and ${OPEN} and ${r.status} <> 'AWAITING_VERIFICATION' and ${businessDaysBetween(received, nowSql)} > 4`),
    })
    .from(r);

  const recent = await deps.db
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
    .limit(5);

  const s = row!;
  const decided = s.approved + s.rejected;
  return {
    total: s.total,
    pending: s.pending,
    approved: s.approved,
    rejected: s.rejected,
    processing: s.processing,
    pendingVerification: s.pendingVerification,
    byType: { TRANSFER: s.transfers, ADDRESS_CHANGE: s.addressChanges, CERTIFICATE: s.certificates, INQUIRY: s.inquiries },
    todayCount: s.todayCount,
    yesterdayCount: s.yesterdayCount,
    todayVsYesterday: s.yesterdayCount > 0 ? round(((s.todayCount - s.yesterdayCount) / s.yesterdayCount) * 100) : s.todayCount > 0 ? 100 : 0,
    weekCount: s.weekCount,
    monthCount: s.monthCount,
    totalAmount: round(s.totalAmount, 2),
    todayAmount: round(s.todayAmount, 2),
    weekAmount: round(s.weekAmount, 2),
    averageAmount: Math.round(Number(s.averageAmount)),
    conversionRate: percent(s.approved, decided),
    rejectionRate: percent(s.rejected, decided),
    avgProcessingTime: round(s.avgProcessingHours),
    avgVerificationTime: round(s.avgVerificationHours),
    avgResponseTime: Math.round(Number(s.avgResponseMinutes)),
    processedToday: s.processedToday,
    processedThisWeek: s.processedThisWeek,
    flagged: s.flagged,
    needsMyAttention: s.needsMyAttention,
    compliance: {
      transfersDecidedThisMonth: s.transfersDecidedThisMonth,
      turnaroundWithin3DaysRate: percent(s.transfersWithin3Days, s.transfersDecidedThisMonth),
      openOver3BusinessDays: s.openOver3Days,
      openOver4BusinessDays: s.openOver4Days,
    },
    recentActivity: recent.map((item) => ({ ...item, timestamp: item.timestamp.toISOString() })),
  };
}
