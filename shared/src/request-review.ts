import { z } from 'zod';
import { parseRequestCursor, REQUEST_CURSOR_MESSAGES } from './request-cursor';
import { REQUEST_STATUSES, REQUEST_TYPES, type RequestStatus, type RequestType } from './portal-requests';
import { DOCUMENT_TYPES } from './verification';
import { lostCertificateReviewSchema } from './lost-certificates';
import { offsetPagedQuery, pagedQuery } from './paging';
import { dataResponse, messageDataResponse, countsBy } from './api-response';

/**
 * Staff review of shareholder requests (admin-request-review spec 3-9). The status rules are in
 * docs/request-status.md; this module is their one implementation, used by the server to decide and
 * by the screens to show only what the server will accept.
 */
export const STATUS_ACTIONS = ['PROCESSING', 'APPROVED', 'REJECTED'] as const;
export type StatusAction = (typeof STATUS_ACTIONS)[number];

/** "Pending Review": requests waiting for a staff decision. The list's `status=pending` and the dashboard's card both mean these. */
export const PENDING_REVIEW_STATUSES = [
  'PENDING',
  'VERIFICATION_SUBMITTED',
  'VERIFIED',
] as const satisfies readonly RequestStatus[];

/**
 * Transfers received in good order (their documents are in) and not yet decided: the ones whose age
 * the compliance panel watches (SEC Rule 17Ad-2).
 */
export const OPEN_TRANSFER_STATUSES = [
  'VERIFICATION_SUBMITTED',
  'VERIFIED',
  'PROCESSING',
] as const satisfies readonly RequestStatus[];

/**
 * SEC Rule 17Ad-2(a): a routine transfer is turned around within 3 business days of its receipt in good order, and at
 * least 90 % of them must be. The staff dashboard and the issuer portal count by this rule.
 */
export const TURNAROUND_BUSINESS_DAYS = 3;
export const TURNAROUND_TARGET_PERCENT = 90;

/** SQL's `in (...)` list of constant statuses, for a partial index and the statements it must serve. */
export const sqlStatusList = (statuses: readonly RequestStatus[]) => statuses.map((status) => `'${status}'`).join(', ');

export const FINAL_STATUSES: readonly RequestStatus[] = ['APPROVED', 'REJECTED', 'COMPLETED', 'CANCELLED'];

/** The statuses staff may set from `status` on a request of `type`; empty when the actions panel is hidden. */
export function allowedStatusChanges(type: RequestType, status: RequestStatus): StatusAction[] {
  if (status === 'PROCESSING') return ['APPROVED', 'REJECTED'];
  if (type === 'TRANSFER') {
    // No documents yet (or new ones asked for after a rejected photo): nothing to approve, but staff may turn the
    // transfer down (issue 29). VERIFICATION_SUBMITTED shows the not-complete warning.
    if (status === 'AWAITING_VERIFICATION') return ['REJECTED'];
    return status === 'VERIFICATION_SUBMITTED' || status === 'VERIFIED' ? ['PROCESSING', 'APPROVED', 'REJECTED'] : [];
  }
  return status === 'PENDING' ? ['PROCESSING', 'APPROVED', 'REJECTED'] : [];
}

export const FLAG_PRIORITIES = ['HIGH', 'MEDIUM', 'LOW'] as const;
export type FlagPriority = (typeof FLAG_PRIORITIES)[number];

export const REVIEW_MESSAGES = {
  flagReasonRequired: 'Please provide a reason for flagging this request',
  rejectionReasonRequired: 'Please provide a reason for rejection',
  noteRequired: 'Please enter a note',
  statusInvalid: 'status must be processing, approved or rejected',
  assigneeUnknown: 'The assignee must be an active admin user',
  notFound: 'Request not found',
  documentNotFound: 'Document not found',
  tooLong: 'This field is too long',
} as const;
const M = REVIEW_MESSAGES;

/**
 * What the admin screens' API calls throw on a non-OK answer that carries no message of the
 * server's own (spec 8, "Failures thrown on a non-OK answer"). The server's message wins when it
 * sent one; a call that got no answer keeps the network-error text. The profile call's text is
 * ADMIN_MESSAGES.profileFailed (admin-auth).
 */
export const REVIEW_FAILURES = {
  fetchMetrics: 'Failed to fetch metrics',
  fetchRequests: 'Failed to fetch requests',
  fetchRequest: 'Failed to fetch request',
  updateRequest: 'Failed to update request',
  addNote: 'Failed to add note',
  fetchImage: 'Failed to fetch image',
  updateImageState: 'Failed to update image state',
  flagRequest: 'Failed to flag request',
  unflagRequest: 'Failed to unflag request',
  fetchActivity: 'Failed to fetch admin activity',
  approveDocument: 'Failed to approve document',
  rejectDocument: 'Failed to reject document',
} as const;

const upper = (value: unknown) => (typeof value === 'string' ? value.trim().toUpperCase() : value);
const lower = (value: unknown) => (typeof value === 'string' ? value.trim().toLowerCase() : value);
const boolFlag = z.preprocess(
  (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v),
  z.boolean({ error: 'must be true or false' }),
);

export const REQUEST_SORT_FIELDS = ['createdAt', 'status', 'type'] as const;
export const REQUESTS_PAGE_SIZE = 20;
export const REQUESTS_MAX_PAGE_SIZE = 100;

/** GET /api/admin/requests: status and type in any case (the screens send `pending`, `transfer`). */
export const requestListQuerySchema = pagedQuery(
  {
    status: z.preprocess(upper, z.enum(REQUEST_STATUSES, { error: 'Unknown status' })).optional(),
    requestType: z
      .preprocess(
        upper,
        z.enum(REQUEST_TYPES, {
          error: 'requestType must be TRANSFER, ADDRESS_CHANGE, CERTIFICATE, INQUIRY or LOST_CERTIFICATE',
        }),
      )
      .optional(),
    search: z.string().trim().max(100, M.tooLong).optional(),
    sortBy: z
      .preprocess(
        (v) => (v === 'requestType' ? 'type' : v),
        z.enum(REQUEST_SORT_FIELDS, { error: 'sortBy must be createdAt, status or type' }),
      )
      .default('createdAt'),
    sortOrder: z.preprocess(lower, z.enum(['asc', 'desc'], { error: 'sortOrder must be asc or desc' })).default('desc'),
    flagged: boolFlag.optional(),
    assigned: z.literal('me', { error: 'assigned must be me' }).optional(),
    date: z.enum(['today', 'week'], { error: 'date must be today or week' }).optional(),
    /** Keyset paging: the page after this row (request-cursor.ts), however deep; instead of `page`. */
    after: z
      .string()
      .max(120, { message: REQUEST_CURSOR_MESSAGES.invalid, abort: true })
      .transform((text, ctx) => {
        const cursor = parseRequestCursor(text.trim());
        if (!cursor) ctx.addIssue({ code: 'custom', message: REQUEST_CURSOR_MESSAGES.invalid });
        return cursor ?? z.NEVER;
      })
      .optional(),
  },
  { defaultLimit: REQUESTS_PAGE_SIZE, maxLimit: REQUESTS_MAX_PAGE_SIZE },
).superRefine((query, ctx) => {
  if (!query.after) return;
  if (query.page > 1) ctx.addIssue({ code: 'custom', path: ['after'], message: REQUEST_CURSOR_MESSAGES.withPage });
  // A cursor names the row by the list's sort columns: one from a list in another order names nothing here.
  const key = query.after.sortKey;
  const fits =
    query.sortBy === 'createdAt'
      ? key === null
      : query.sortBy === 'status'
        ? (REQUEST_STATUSES as readonly string[]).includes(key ?? '')
        : (REQUEST_TYPES as readonly string[]).includes(key ?? '');
  if (!fits) ctx.addIssue({ code: 'custom', path: ['after'], message: REQUEST_CURSOR_MESSAGES.invalid });
});
export type RequestListQuery = z.infer<typeof requestListQuerySchema>;

export const statusChangeSchema = z.object({
  status: z.preprocess(upper, z.enum(STATUS_ACTIONS, { error: M.statusInvalid })),
  notes: z.string().trim().max(2000, M.tooLong).optional(),
});

export const noteSchema = z.object({
  notes: z.string({ error: M.noteRequired }).trim().min(1, M.noteRequired).max(5000, M.tooLong),
});

export const flagSchema = z.object({
  reason: z.string({ error: M.flagReasonRequired }).trim().min(1, M.flagReasonRequired).max(1000, M.tooLong),
  priority: z
    .preprocess(upper, z.enum(FLAG_PRIORITIES, { error: 'priority must be HIGH, MEDIUM or LOW' }))
    .default('MEDIUM'),
  /** An admin's username; empty means nobody. */
  assignTo: z
    .string()
    .trim()
    .max(100)
    .optional()
    .transform((v) => (v ? v : undefined)),
});

export const documentStatusSchema = z.discriminatedUnion(
  'status',
  [
    z.object({ status: z.literal('APPROVED') }),
    z.object({
      status: z.literal('REJECTED'),
      rejectionReason: z
        .string({ error: M.rejectionReasonRequired })
        .trim()
        .min(1, M.rejectionReasonRequired)
        .max(1000, M.tooLong),
    }),
  ],
  { error: 'status must be APPROVED or REJECTED' },
);

export const imageStateSchema = z.object({
  imageType: z.preprocess(lower, z.enum(DOCUMENT_TYPES, { error: 'imageType must be selfie, id_front or id_back' })),
  /** Degrees, kept in quarter turns 0-270. */
  rotation: z
    .number({ error: 'rotation must be a number of degrees' })
    .int()
    .refine((v) => v % 90 === 0, 'rotation must be a multiple of 90')
    .transform((v) => ((v % 360) + 360) % 360),
  zoomState: z.object({
    zoom: z.number().min(0.5, 'zoom must be between 0.5 and 5').max(5, 'zoom must be between 0.5 and 5'),
    x: z.number().finite().min(-100_000).max(100_000),
    y: z.number().finite().min(-100_000).max(100_000),
  }),
});
export type ImageState = z.infer<typeof imageStateSchema>;

export const ACTIVITY_PAGE_SIZE = 50;

export const activityQuerySchema = offsetPagedQuery(
  {
    admin_username: z.string().trim().max(100).optional(),
    resource_type: z.string().trim().max(50).optional(),
    action_type: z.string().trim().max(50).optional(),
  },
  { defaultLimit: ACTIVITY_PAGE_SIZE, maxLimit: 200 },
);

export const IDENTITY_CHECK_STATES = ['PENDING', 'SUBMITTED', 'VERIFIED'] as const;
export type IdentityCheck = (typeof IDENTITY_CHECK_STATES)[number];

/**
 * A transfer's identity check from its current photos: PENDING until all three kinds are in,
 * SUBMITTED once they are, VERIFIED when all three are approved. The list's column, the details'
 * Overview and the Actions panel's warning all read it.
 */
export function identityCheckOf(photosIn: number, photosApproved: number): IdentityCheck {
  if (photosApproved >= DOCUMENT_TYPES.length) return 'VERIFIED';
  return photosIn >= DOCUMENT_TYPES.length ? 'SUBMITTED' : 'PENDING';
}

/** A row of the request list (spec 3, "Request (list row)"). */
export const requestListRowSchema = z.object({
  id: z.string(),
  shareholderName: z.string(),
  shareholderCode: z.string(),
  referenceNumber: z.string(),
  requestType: z.enum(REQUEST_TYPES),
  status: z.enum(REQUEST_STATUSES),
  createdAt: z.string(),
  assignedTo: z.string().nullable(),
  assignedToMe: z.boolean(),
  isFlagged: z.boolean(),
  flagPriority: z.enum(FLAG_PRIORITIES).nullable(),
  adminNotes: z.string(),
  /** Transfers only: Pending before the photos, Submitted once in, Verified when all are approved. */
  verification: z.enum(IDENTITY_CHECK_STATES).nullable(),
  verificationComplete: z.boolean(),
  sharesCount: z.number().nullable(),
  transferAllShares: z.boolean(),
});
export type RequestListRow = z.infer<typeof requestListRowSchema>;

export const requestListResponseSchema = z.object({
  success: z.literal(true),
  requests: z.array(requestListRowSchema),
  total: z.number(),
  totalPages: z.number(),
  page: z.number(),
  /** The `after` of the next page; null once a page has come back short of the limit (or the last page by number). */
  nextCursor: z.string().nullable(),
});

export const reviewDocumentSchema = z.object({
  id: z.string(),
  type: z.enum(DOCUMENT_TYPES),
  status: z.string(),
  rejectionReason: z.string().nullable(),
  createdAt: z.string(),
  verifiedAt: z.string().nullable(),
  verifiedBy: z.string().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  /** Set on a replaced photo (previousDocuments); optional so older fixtures still parse. */
  supersededAt: z.string().nullable().optional(),
});
export type ReviewDocument = z.infer<typeof reviewDocumentSchema>;

const zoomStateSchema = z.object({ zoom: z.number(), x: z.number(), y: z.number() });

/** What the details page reads of GET /api/admin/requests/:id: the server's tests parse its answer with it, the page parses with it too. */
export const requestDetailSchema = z.object({
  id: z.string(),
  referenceNumber: z.string(),
  type: z.enum(REQUEST_TYPES),
  status: z.enum(REQUEST_STATUSES),
  allowedStatusChanges: z.array(z.enum(STATUS_ACTIONS)),
  shareholderName: z.string(),
  shareholderCode: z.string(),
  accountNumber: z.string().nullable(),
  account: z
    .object({
      accountNumber: z.string(),
      registrationName: z.string(),
      issuer: z.string(),
      shareClass: z.string(),
      /** From the ledger, an exact decimal string. */
      sharesHeld: z.string(),
    })
    .nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  hasVerificationCode: z.boolean(),
  verificationExpiresAt: z.string().nullable(),
  verificationCompleted: z.boolean(),
  processedAt: z.string().nullable(),
  processedBy: z.string().nullable(),
  formData: z.record(z.string(), z.unknown()),
  sharesCount: z.number().nullable(),
  transferAllShares: z.boolean(),
  isFlagged: z.boolean(),
  flagPriority: z.enum(FLAG_PRIORITIES).nullable(),
  flagReason: z.string().nullable(),
  flaggedBy: z.string().nullable(),
  flaggedAt: z.string().nullable(),
  assignedTo: z.string().nullable(),
  assignedToMe: z.boolean(),
  adminNotes: z.string().nullable(),
  history: z.array(
    z.object({
      id: z.union([z.string(), z.number()]).optional(),
      action: z.string(),
      description: z.string(),
      user: z.string().nullable(),
      fromStatus: z.string().nullable().optional(),
      toStatus: z.string().nullable().optional(),
      createdAt: z.string(),
    }),
  ),
  verificationDocuments: z.array(reviewDocumentSchema),
  previousDocuments: z.array(reviewDocumentSchema),
  image_rotations: z.record(z.string(), z.number()),
  image_zoom_states: z.record(z.string(), zoomStateSchema),
  // Sent too, and documented (GET /api/openapi.json); optional so older fixtures still parse.
  requestType: z.enum(REQUEST_TYPES).optional(),
  verificationSubmittedAt: z.string().nullable().optional(),
  transferType: z.string().nullable().optional(),
  pricePerShare: z.number().nullable().optional(),
  totalAmount: z.number().nullable().optional(),
  ipAddress: z.string().nullable().optional(),
  userAgent: z.string().nullable().optional(),
  /** LOST_CERTIFICATE only: the report, its affidavit and the certificate as it stands; null otherwise. */
  lostCertificate: lostCertificateReviewSchema.nullable().optional(),
  /** What staff did on this request (the activity log), newest first, at most 100. */
  adminActivities: z.array(
    z.object({
      id: z.union([z.string(), z.number()]).transform(String),
      adminUsername: z.string().nullable(),
      actionType: z.string(),
      details: z.record(z.string(), z.unknown()).nullable(),
      createdAt: z.string(),
    }),
  ),
});
export type RequestDetail = z.infer<typeof requestDetailSchema>;

export const requestDetailResponseSchema = z.object({ success: z.literal(true), data: requestDetailSchema });

/** GET /api/admin/activity. */
export const activityEntrySchema = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  adminUsername: z.string().nullable(),
  actionType: z.string(),
  resourceType: z.string().nullable(),
  resourceId: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  ipAddress: z.string().nullable(),
  createdAt: z.string(),
});

export const activityListResponseSchema = dataResponse(
  z.object({ activities: z.array(activityEntrySchema), total: z.number(), limit: z.number(), offset: z.number() }),
);

/** GET /api/admin/dashboard/stats (admin-request-review spec 3). */
export const dashboardStatsSchema = z.object({
  total: z.number(),
  pending: z.number(),
  approved: z.number(),
  rejected: z.number(),
  processing: z.number(),
  pendingVerification: z.number(),
  byType: countsBy(REQUEST_TYPES),
  todayCount: z.number(),
  yesterdayCount: z.number(),
  todayVsYesterday: z.number(),
  weekCount: z.number(),
  monthCount: z.number(),
  totalAmount: z.number(),
  todayAmount: z.number(),
  weekAmount: z.number(),
  averageAmount: z.number(),
  conversionRate: z.number(),
  rejectionRate: z.number(),
  avgProcessingTime: z.number(),
  avgVerificationTime: z.number(),
  avgResponseTime: z.number(),
  processedToday: z.number(),
  processedThisWeek: z.number(),
  flagged: z.number(),
  needsMyAttention: z.number(),
  compliance: z.object({
    transfersDecidedThisMonth: z.number(),
    turnaroundWithin3DaysRate: z.number(),
    openOver3BusinessDays: z.number(),
    openOver4BusinessDays: z.number(),
    /** The ledger (issue 28): record differences open, and those over 30 days old (aged, Rule 17Ad-11). */
    openRecordDifferences: z.number(),
    agedRecordDifferences: z.number(),
    /** Requests posted to the ledger this month, and their average hours from approval to posting. */
    postedThisMonth: z.number(),
    avgApprovalToPostingHours: z.number(),
  }),
  recentActivity: z.array(
    z.object({
      id: z.string(),
      shareholderName: z.string(),
      requestType: z.enum(REQUEST_TYPES),
      referenceNumber: z.string(),
      shares: z.number().nullable(),
      transferAllShares: z.boolean().nullable(),
      status: z.enum(REQUEST_STATUSES),
      timestamp: z.string(),
    }),
  ),
});
export const dashboardStatsResponseSchema = dataResponse(dashboardStatsSchema);

/** The review actions' answers (PUT status, POST notes, POST flag, PUT a document's status). */
export const statusChangeResponseSchema = messageDataResponse(z.object({ status: z.enum(REQUEST_STATUSES) }));
export const noteAddedResponseSchema = messageDataResponse(z.object({ adminNotes: z.string() }));
export const flagResponseSchema = messageDataResponse(
  z.object({ priority: z.enum(FLAG_PRIORITIES), reason: z.string(), assignedTo: z.string().nullable() }),
);
export const documentDecisionResponseSchema = messageDataResponse(
  z.object({ id: z.string(), status: z.enum(['APPROVED', 'REJECTED']) }),
).extend({
  requestStatus: z.object({ status: z.enum(REQUEST_STATUSES), allDocumentsVerified: z.boolean() }),
});
