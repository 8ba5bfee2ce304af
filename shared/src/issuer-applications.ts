import { z } from 'zod';
import { countsBy } from './api-response';
import { pagedQuery } from './paging';

/**
 * Staff review of issuer applications (admin-management spec 2.5, 3, 4, 7.1, 8, 9): the queries and
 * bodies of /api/admin/issuer-onboarding and /api/admin/issuer-applications, their answers and the
 * screen's texts, for the server and the screen alike.
 */
export const ISSUER_APPLICATION_STATUSES = ['DRAFT', 'SUBMITTED', 'UNDER_REVIEW', 'APPROVED', 'REJECTED'] as const;
export type IssuerApplicationStatus = (typeof ISSUER_APPLICATION_STATUSES)[number];

/** A decision: the applicant is told by e-mail, and the approval rate counts these. */
export const DECIDED_ISSUER_STATUSES = ['APPROVED', 'REJECTED'] as const satisfies readonly IssuerApplicationStatus[];

export const ISSUER_APPLICATIONS_PAGE_SIZE = 20;
export const ISSUER_APPLICATIONS_MAX_PAGE_SIZE = 100;
/** The stats card 'Last 7 Days'. */
export const ISSUER_APPLICATIONS_RECENT_DAYS = 7;
export const ISSUER_ADMIN_NOTES_MAX = 5000;
/** The note that goes with a status change (kept in the review history). */
export const ISSUER_REVIEW_NOTES_MAX = 2000;
export const ISSUER_SEARCH_MAX = 100;

export const ISSUER_APPLICATION_MESSAGES = {
  // Spec 8: shown when the server sent no message of its own.
  loadFailed: 'Failed to load issuer applications',
  statusFailed: 'Failed to update status',
  notesFailed: 'Failed to update notes',
  exportFailed: 'Failed to export applications',
  empty: 'No issuer applications found',
  // Ours.
  notFound: 'Issuer application not found',
  statusInvalid: `Status must be one of ${ISSUER_APPLICATION_STATUSES.join(', ')}`,
  notesTooLong: `Admin notes must be at most ${ISSUER_ADMIN_NOTES_MAX} characters`,
  reviewNotesTooLong: `Notes must be at most ${ISSUER_REVIEW_NOTES_MAX} characters`,
  searchTooLong: `Search must be at most ${ISSUER_SEARCH_MAX} characters`,
  statusUpdated: 'Status updated successfully',
  notesUpdated: 'Notes saved successfully',
  notProvided: 'Not provided',
} as const;
const M = ISSUER_APPLICATION_MESSAGES;

const upper = (value: unknown) => (typeof value === 'string' ? value.trim().toUpperCase() : value);
/** The screens send '' for "All": the same as leaving the filter out. */
const blankAsMissing = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
/** Optional text: blank and null both mean none. */
const blankAsNull = (value: string | null | undefined) =>
  value === undefined || value === null || value.trim() === '' ? null : value;

const statusField = z.preprocess(upper, z.enum(ISSUER_APPLICATION_STATUSES, { error: M.statusInvalid }));

/** The list's (and the export's) filters. */
export const issuerApplicationFilterShape = {
  status: z.preprocess(blankAsMissing, statusField.optional()),
  search: z.string().max(ISSUER_SEARCH_MAX, { message: M.searchTooLong, abort: true }).trim().optional(),
};

/** GET /api/admin/issuer-onboarding: filters, page (from 1) and limit (20 by default, 100 at most). */
export const issuerApplicationListQuerySchema = pagedQuery(issuerApplicationFilterShape, {
  defaultLimit: ISSUER_APPLICATIONS_PAGE_SIZE,
  maxLimit: ISSUER_APPLICATIONS_MAX_PAGE_SIZE,
});
export type IssuerApplicationListQuery = z.infer<typeof issuerApplicationListQuerySchema>;

/** GET /api/admin/issuer-applications/export/csv: the list's filters; paging keys are ignored. */
export const issuerApplicationExportQuerySchema = z.object(issuerApplicationFilterShape);
export type IssuerApplicationFilters = z.infer<typeof issuerApplicationExportQuerySchema>;

/**
 * The words of a search, as the server matches them against the beginnings of the words of the
 * company name, contact name and e-mail (`acme hold`, `dana`, `example.com`): letters and digits
 * only, at most 8.
 */
export function issuerSearchWords(search: string | undefined): string[] {
  return (search?.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);
}

/** PUT /api/admin/issuer-onboarding/:id/status: any status (spec 4), with an optional note for the review history. */
export const issuerApplicationStatusBodySchema = z.object({
  status: statusField,
  notes: z
    .string({ error: 'notes must be text' })
    .max(ISSUER_REVIEW_NOTES_MAX, { message: M.reviewNotesTooLong, abort: true })
    .nullable()
    .optional()
    .transform((value) => blankAsNull(value)?.trim() ?? null),
});
export type IssuerApplicationStatusBody = z.infer<typeof issuerApplicationStatusBodySchema>;

/** PUT /api/admin/issuer-applications/:id/notes: the whole notes text ('' or null clears it). */
export const issuerApplicationNotesBodySchema = z.object({
  adminNotes: z
    .string({ error: 'adminNotes must be text' })
    .max(ISSUER_ADMIN_NOTES_MAX, { message: M.notesTooLong, abort: true })
    .nullable()
    .transform((value) => blankAsNull(value)),
});

const statusSchema = z.enum(ISSUER_APPLICATION_STATUSES);

/** A signature as the list and the detail show it (the image itself is the detail's signature_data). */
export const issuerSignatureSummarySchema = z.object({
  created_at: z.string(),
  signature_name: z.string(),
  signature_title: z.string(),
});

/** A row of the list. */
export const issuerApplicationRowSchema = z.object({
  id: z.string(),
  company_name: z.string(),
  contact_name: z.string(),
  contact_email: z.string(),
  /** The wizard does not collect it: always null for now, 'Not provided' on screen. */
  revenue: z.number().nullable(),
  status: statusSchema,
  created_at: z.string(),
  signatures: z.array(issuerSignatureSummarySchema),
});
export type IssuerApplicationRow = z.infer<typeof issuerApplicationRowSchema>;

export const issuerReviewEntrySchema = z.object({
  status: statusSchema,
  notes: z.string().nullable(),
  timestamp: z.string(),
  /** The admin's username, or 'Applicant' for the first SUBMITTED entry. */
  reviewedBy: z.string(),
});
export type IssuerReviewEntry = z.infer<typeof issuerReviewEntrySchema>;

/**
 * GET /api/admin/issuer-onboarding/:id: every field of spec 3 in snake_case (null for what the
 * wizard does not collect), the wizard's own extra fields, the EIN masked to its last four.
 */
export const issuerApplicationSchema = z.object({
  id: z.string(),
  // Identity and company.
  company_name: z.string(),
  legal_name: z.string().nullable(),
  entity_type: z.string(),
  incorporation_state: z.string().nullable(),
  incorporation_date: z.string().nullable(),
  /** '**-***6789': the last four digits only, never the whole number. */
  ein: z.string().nullable(),
  revenue: z.number().nullable(),
  industry: z.string().nullable(),
  description: z.string().nullable(),
  // Contact and address.
  contact_name: z.string(),
  contact_title: z.string().nullable(),
  contact_email: z.string(),
  contact_phone: z.string().nullable(),
  address_line1: z.string().nullable(),
  address_line2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  postal_code: z.string().nullable(),
  country: z.string().nullable(),
  // Funding and legal (not collected by the wizard).
  funding_stage: z.string().nullable(),
  previous_funding: z.number().nullable(),
  outstanding_shares: z.number().nullable(),
  share_price: z.number().nullable(),
  valuation: z.number().nullable(),
  shareholder_count: z.string().nullable(),
  legal_counsel: z.string().nullable(),
  previous_securities_offerings: z.boolean().nullable(),
  regulatory_history: z.string().nullable(),
  board_composition: z.string().nullable(),
  // Other.
  reason: z.string().nullable(),
  timeline: z.string().nullable(),
  /** The applicant's submission notes. */
  comments: z.string().nullable(),
  status: statusSchema,
  admin_notes: z.string().nullable(),
  signatures: z.array(issuerSignatureSummarySchema.extend({ id: z.string() })),
  /** The latest signature as a PNG data URL, or null. */
  signature_data: z.string().nullable(),
  /** Oldest first. */
  reviewHistory: z.array(issuerReviewEntrySchema),
  /** What the wizard sent (onboardingId included), the EIN reduced to its last four and without the signature image. */
  application_data: z.record(z.string(), z.unknown()),
  // Metadata.
  session_token: z.string().nullable(),
  ip_address: z.string().nullable(),
  user_agent: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type IssuerApplication = z.infer<typeof issuerApplicationSchema>;

export const issuerPaginationSchema = z.object({
  page: z.number(),
  limit: z.number(),
  totalPages: z.number(),
  totalCount: z.number(),
});

export const issuerApplicationListResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ applications: z.array(issuerApplicationRowSchema), pagination: issuerPaginationSchema }),
});
export type IssuerApplicationList = z.infer<typeof issuerApplicationListResponseSchema>['data'];

export const issuerApplicationStatsSchema = z.object({
  total: z.number(),
  recentCount: z.number(),
  /** Percent of the decided applications that were APPROVED, rounded; 0 when none is decided. */
  conversionRate: z.number(),
  byStatus: countsBy(ISSUER_APPLICATION_STATUSES),
});
export type IssuerApplicationStats = z.infer<typeof issuerApplicationStatsSchema>;

export const issuerApplicationStatsResponseSchema = z.object({
  success: z.literal(true),
  data: issuerApplicationStatsSchema,
});

export const issuerApplicationDetailResponseSchema = z.object({
  success: z.literal(true),
  data: issuerApplicationSchema,
});

/** The answer of a status change or a notes save. */
export const issuerApplicationChangeResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: issuerApplicationSchema,
});

/** approved / (approved + rejected), as a whole percent; 0 when nothing is decided. */
export function issuerApprovalRate(
  byStatus: Pick<Record<IssuerApplicationStatus, number>, 'APPROVED' | 'REJECTED'>,
): number {
  const decided = byStatus.APPROVED + byStatus.REJECTED;
  return decided === 0 ? 0 : Math.round((100 * byStatus.APPROVED) / decided);
}

/** '**-***6789' from the last four digits; null without them. */
export const maskEin = (last4: string | null | undefined) => (last4 ? `**-***${last4}` : null);

/** Underscores shown as spaces (spec 4): UNDER_REVIEW → UNDER REVIEW. */
export const issuerApplicationStatusLabel = (status: string) => status.replace(/_/g, ' ');

/** issuer-applications-2026-05-14.csv: the date the file was made, in UTC. */
export const issuerApplicationsExportFileName = (now: Date) =>
  `issuer-applications-${now.toISOString().slice(0, 10)}.csv`;
