import { and, desc, eq, sql } from 'drizzle-orm';
import { shareClasses } from '@ledgerwell/db/ledger-schema';
import { shareholderAccounts, shareholderRequests } from '@ledgerwell/db/schema';
import type { IssuerRequest, IssuerRequestsQuery, Turnaround } from '@ledgerwell/shared/issuer-portal';
import { calendarDateIn } from '@ledgerwell/shared/ledger';
import {
  OPEN_TRANSFER_STATUSES,
  sqlStatusList,
  TURNAROUND_BUSINESS_DAYS,
  TURNAROUND_TARGET_PERCENT,
} from '@ledgerwell/shared/request-review';
import type { AppDeps } from '../../lib/context';
import { BUSINESS_TIMEZONE, businessDayNumber, startOf } from '../request-review/business-time';
import { businessDaysToDecision, decidedInTime, receivedMoreThan } from '../request-review/turnaround';

const r = shareholderRequests;
const a = shareholderAccounts;

/**
 * Every request is filed on one account (shareholder_requests.account_id, required for every type), and an account
 * holds one class: a request concerns the issuer of its account's class. Nothing else links a request to an issuer.
 */
const ofIssuer = (issuerId: string) =>
  sql`${r.accountId} in (select ${a.id} from ${a} join ${shareClasses} on ${shareClasses.id} = ${a.classId} where ${shareClasses.issuerId} = ${issuerId})`;

const isOpenTransfer = sql`(${r.requestType} = 'TRANSFER' and ${r.status} in (${sql.raw(sqlStatusList(OPEN_TRANSFER_STATUSES))}))`;
/** Decided: approved or rejected, and a posted transfer (completed) stays decided. */
const isDecided = sql`(${r.processedAt} is not null and ${r.status} in ('APPROVED', 'REJECTED', 'COMPLETED'))`;

async function turnaround(deps: AppDeps, issuerId: string): Promise<Turnaround> {
  const now = deps.clock.now();
  const today = sql`${businessDayNumber(sql`${now.toISOString()}::timestamptz`)}`;
  const decidedThisMonth = sql`(${isDecided} and ${r.processedAt} >= ${startOf('month', now)})`;
  const [row] = await deps.db
    .select({
      decided: sql<number>`count(*) filter (where ${decidedThisMonth})::int`,
      inTime: sql<number>`count(*) filter (where ${decidedThisMonth} and ${decidedInTime})::int`,
      open: sql<number>`count(*) filter (where ${isOpenTransfer})::int`,
      openLate: sql<number>`count(*) filter (where ${isOpenTransfer} and ${receivedMoreThan(TURNAROUND_BUSINESS_DAYS, today)})::int`,
    })
    .from(r)
    .where(and(eq(r.requestType, 'TRANSFER'), ofIssuer(issuerId)));
  const decided = row?.decided ?? 0;
  const inTime = row?.inTime ?? 0;
  const percent = decided > 0 ? Math.round((inTime / decided) * 1000) / 10 : null;
  return {
    since: `${calendarDateIn(BUSINESS_TIMEZONE, now).slice(0, 8)}01`,
    businessDays: TURNAROUND_BUSINESS_DAYS,
    targetPercent: TURNAROUND_TARGET_PERCENT,
    transfersDecided: decided,
    decidedInTime: inTime,
    inTimePercent: percent,
    // Compared on the counts, not the rounded percent: 89.96 % misses a 90 % target.
    meetsTarget: decided > 0 ? inTime * 100 >= decided * TURNAROUND_TARGET_PERCENT : null,
    openTransfers: row?.open ?? 0,
    openLate: row?.openLate ?? 0,
  };
}

/**
 * The shareholder requests on the issuer's holders' accounts, newest first, and the 17Ad-2 turnaround of its
 * transfers this month, counted by the staff dashboard's rule (request-review/turnaround.ts).
 */
export async function issuerRequests({
  deps,
  issuerId,
  query,
}: {
  deps: AppDeps;
  issuerId: string;
  query: IssuerRequestsQuery;
}) {
  const now = sql`${deps.clock.now().toISOString()}::timestamptz`;
  const where = and(
    ofIssuer(issuerId),
    query.type ? eq(r.requestType, query.type) : undefined,
    query.status ? eq(r.status, query.status) : undefined,
  );
  const late = sql<boolean>`case
    when ${r.requestType} <> 'TRANSFER' then false
    when ${isDecided} then not ${decidedInTime}
    when ${isOpenTransfer} then ${receivedMoreThan(TURNAROUND_BUSINESS_DAYS, businessDayNumber(now))}
    else false end`;
  const [rows, [count], figures] = await Promise.all([
    deps.db
      .select({
        id: r.id,
        referenceNumber: r.referenceNumber,
        requestType: r.requestType,
        status: r.status,
        classId: a.classId,
        accountNumber: a.accountNumber,
        registrationName: a.registrationName,
        shareholderName: r.shareholderName,
        sharesCount: r.sharesCount,
        transferAllShares: r.transferAllShares,
        createdAt: r.createdAt,
        verificationSubmittedAt: r.verificationSubmittedAt,
        processedAt: r.processedAt,
        businessDaysToDecision: sql<number | null>`case when ${isDecided} then ${businessDaysToDecision} end`,
        late,
      })
      .from(r)
      .innerJoin(a, eq(a.id, r.accountId))
      .where(where)
      .orderBy(desc(r.createdAt), desc(r.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    deps.db.select({ total: sql<number>`count(*)::int` }).from(r).where(where),
    turnaround(deps, issuerId),
  ]);
  const data: IssuerRequest[] = rows.map(({ sharesCount, verificationSubmittedAt, ...row }) => ({
    ...row,
    shares: sharesCount === null || row.transferAllShares ? null : String(sharesCount),
    createdAt: row.createdAt.toISOString(),
    // Received in good order, as turnaround.ts counts it.
    receivedAt: (verificationSubmittedAt ?? row.createdAt).toISOString(),
    processedAt: row.processedAt?.toISOString() ?? null,
    businessDaysToDecision: row.businessDaysToDecision === null ? null : Number(row.businessDaysToDecision),
    late: Boolean(row.late),
  }));
  return { data, total: count!.total, page: query.page, limit: query.limit, turnaround: figures };
}
