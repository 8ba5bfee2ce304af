import { z } from 'zod';
import { REQUEST_TYPES, type RequestType } from '@ledgerwell/shared/portal-requests';
import { REVIEW_FAILURES } from '@ledgerwell/shared/request-review';
import { apiPaths } from '../../../config/paths';
import { apiRequest } from '../../../lib/api-client';

// Missing metrics default to zeros (spec 3): each number falls back to 0 rather than failing the page.
const metric = z.number().catch(0);

const recentItemSchema = z.object({
  id: z.string(),
  shareholderName: z.string().catch(''),
  requestType: z.enum(REQUEST_TYPES).nullable().catch(null),
  referenceNumber: z.string().nullable().catch(null),
  shares: z.number().nullable().catch(null),
  transferAllShares: z.boolean().catch(false),
  status: z.string().catch(''),
  timestamp: z.string().catch(''),
});

const statsSchema = z.object({
  total: metric,
  pending: metric,
  approved: metric,
  rejected: metric,
  processing: metric,
  pendingVerification: metric,
  byType: z
    .object({
      TRANSFER: metric,
      ADDRESS_CHANGE: metric,
      CERTIFICATE: metric,
      INQUIRY: metric,
      LOST_CERTIFICATE: metric,
    } satisfies Record<RequestType, typeof metric>)
    .catch({ TRANSFER: 0, ADDRESS_CHANGE: 0, CERTIFICATE: 0, INQUIRY: 0, LOST_CERTIFICATE: 0 }),
  todayCount: metric,
  yesterdayCount: metric,
  todayVsYesterday: metric,
  weekCount: metric,
  monthCount: metric,
  totalAmount: metric,
  todayAmount: metric,
  weekAmount: metric,
  averageAmount: metric,
  conversionRate: metric,
  rejectionRate: metric,
  avgProcessingTime: metric,
  avgVerificationTime: metric,
  avgResponseTime: metric,
  processedToday: metric,
  processedThisWeek: metric,
  flagged: metric,
  needsMyAttention: metric,
  compliance: z
    .object({
      transfersDecidedThisMonth: metric,
      turnaroundWithin3DaysRate: metric,
      openOver3BusinessDays: metric,
      openOver4BusinessDays: metric,
      openRecordDifferences: metric,
      agedRecordDifferences: metric,
      postedThisMonth: metric,
      avgApprovalToPostingHours: metric,
    })
    .catch({
      transfersDecidedThisMonth: 0,
      turnaroundWithin3DaysRate: 0,
      openOver3BusinessDays: 0,
      openOver4BusinessDays: 0,
      openRecordDifferences: 0,
      agedRecordDifferences: 0,
      postedThisMonth: 0,
      avgApprovalToPostingHours: 0,
    }),
  recentActivity: z.array(recentItemSchema).catch([]),
});
export type DashboardStats = z.infer<typeof statsSchema>;
export type RecentActivityItem = z.infer<typeof recentItemSchema>;

const responseSchema = z.object({ success: z.literal(true), data: statsSchema });

export async function fetchDashboardStats(signal?: AbortSignal): Promise<DashboardStats> {
  const body = await apiRequest(apiPaths.admin.dashboardStats, {
    auth: 'admin',
    schema: responseSchema,
    signal,
    failureMessage: REVIEW_FAILURES.fetchMetrics,
  });
  return body.data;
}
