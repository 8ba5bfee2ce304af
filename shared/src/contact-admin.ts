import { z } from 'zod';
import { CONTACT_STATUSES, INQUIRY_TYPES } from './contact';
import { pagedQuery } from './paging';
import { dataResponse, messageDataResponse, countsBy } from './api-response';

/**
 * Staff triage of contact-form messages (admin-management spec 2.4, 3, 4, 7.1, 8, 9): the queries and
 * bodies of /api/admin/contact-submissions, their answers and the screen's texts, for the server and
 * the screen alike.
 */
export const CONTACT_PAGE_SIZE = 20;
export const CONTACT_MAX_PAGE_SIZE = 100;
/** The stats card 'Last 7 Days'. */
export const CONTACT_RECENT_DAYS = 7;
export const CONTACT_NOTES_MAX = 5000;

export const CONTACT_ADMIN_MESSAGES = {
  // Spec 8: shown when the server sent no message of its own.
  loadFailed: 'Failed to load contact submissions',
  statusFailed: 'Failed to update status',
  notesFailed: 'Failed to update notes',
  exportFailed: 'Failed to export submissions',
  // Beyond the spec (the assignee and the retry are ours).
  assignFailed: 'Failed to update assignee',
  retryFailed: 'Failed to retry forwarding',
  notFound: 'Contact submission not found',
  statusInvalid: `Status must be one of ${CONTACT_STATUSES.join(', ')}`,
  inquiryTypeInvalid: `Inquiry type must be one of ${INQUIRY_TYPES.join(', ')}`,
  notesTooLong: `Admin notes must be at most ${CONTACT_NOTES_MAX} characters`,
  searchTooLong: 'Search must be at most 100 characters',
  assigneeUnknown: 'The assignee must be an active admin user',
  retryNotFailed: 'Only a submission whose forwarding failed can be retried',
  retryNotConfigured: 'No customer messaging service is configured, so nothing can be forwarded',
  // Success banners.
  statusUpdated: 'Status updated successfully',
  notesUpdated: 'Notes saved successfully',
  assigneeUpdated: 'Assignee updated successfully',
  retrySent: 'Sent to the customer messaging service',
  retryQueued: 'Forwarding failed again; it will be retried automatically',
  empty: 'No contact submissions found',
} as const;
const M = CONTACT_ADMIN_MESSAGES;

const upper = (value: unknown) => (typeof value === 'string' ? value.trim().toUpperCase() : value);
/** The screens send '' for "All": the same as leaving the filter out. */
const blankAsMissing = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

const statusField = z.preprocess(upper, z.enum(CONTACT_STATUSES, { error: M.statusInvalid }));
const inquiryTypeField = z.preprocess(upper, z.enum(INQUIRY_TYPES, { error: M.inquiryTypeInvalid }));

/** The list's (and the export's) filters. */
export const contactFilterShape = {
  status: z.preprocess(blankAsMissing, statusField.optional()),
  inquiryType: z.preprocess(blankAsMissing, inquiryTypeField.optional()),
  search: z.string().max(100, { message: M.searchTooLong, abort: true }).trim().optional(),
};

/** GET /api/admin/contact-submissions: filters, page (from 1) and limit (20 by default). */
export const contactListQuerySchema = pagedQuery(contactFilterShape, {
  defaultLimit: CONTACT_PAGE_SIZE,
  maxLimit: CONTACT_MAX_PAGE_SIZE,
});
export type ContactListQuery = z.infer<typeof contactListQuerySchema>;

/** GET /api/admin/contact-submissions/export/csv: the list's filters; paging keys are ignored. */
export const contactExportQuerySchema = z.object(contactFilterShape);
export type ContactFilters = z.infer<typeof contactExportQuerySchema>;

/**
 * The words of a search, as the server matches them against the beginnings of the words of the
 * name, e-mail and company (`dana whit`, `acme`, `example.com`): letters and digits only, at most 8.
 */
export function contactSearchWords(search: string | undefined): string[] {
  return (search?.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);
}

export const contactStatusBodySchema = z.object({ status: statusField });

export const contactNotesBodySchema = z.object({
  adminNotes: z
    .string({ error: 'adminNotes must be text' })
    .max(CONTACT_NOTES_MAX, { message: M.notesTooLong, abort: true })
    .nullable()
    .transform((value) => (value === null || value.trim() === '' ? null : value)),
});

export const contactAssignBodySchema = z.object({
  assignedTo: z
    .preprocess(blankAsMissing, z.uuid({ error: M.assigneeUnknown }).nullable().optional())
    .transform((value) => value ?? null),
});

/** A row of the list (and of the export's source). */
export const contactSubmissionSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  company: z.string().nullable(),
  phone: z.string().nullable(),
  inquiryType: z.enum(INQUIRY_TYPES),
  message: z.string(),
  status: z.enum(CONTACT_STATUSES),
  adminNotes: z.string().nullable(),
  /** An admin user's id, or null. */
  assignedTo: z.string().nullable(),
  /** That admin's display name, when the id is one. */
  assignedToName: z.string().nullable(),
  sentToIntercom: z.boolean(),
  intercomId: z.string().nullable(),
  /** NOT_CONFIGURED, SENT, PENDING_RETRY or FAILED: the screen offers Retry forwarding on FAILED and PENDING_RETRY. */
  forwardStatus: z.string(),
  createdAt: z.string(),
  respondedAt: z.string().nullable(),
});
export type ContactSubmission = z.infer<typeof contactSubmissionSchema>;

export const contactPaginationSchema = z.object({
  page: z.number(),
  limit: z.number(),
  totalPages: z.number(),
  totalCount: z.number(),
});

export const contactListResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ submissions: z.array(contactSubmissionSchema), pagination: contactPaginationSchema }),
});

export const contactStatsSchema = z.object({
  total: z.number(),
  recentCount: z.number(),
  /** How many were forwarded to the customer messaging service. */
  intercomIntegrated: z.number(),
  byStatus: countsBy(CONTACT_STATUSES),
  byInquiryType: countsBy(INQUIRY_TYPES),
});
export type ContactStats = z.infer<typeof contactStatsSchema>;

export const contactAssigneeSchema = z.object({ id: z.string(), name: z.string() });
export type ContactAssignee = z.infer<typeof contactAssigneeSchema>;

/** Forwarding that failed (for now or for good): the detail offers Retry forwarding. */
export const RETRYABLE_FORWARD_STATUSES: readonly string[] = ['FAILED', 'PENDING_RETRY'];

/** Underscores shown as spaces (spec 4): IN_PROGRESS → IN PROGRESS. */
export const contactStatusLabel = (status: string) => status.replace(/_/g, ' ');

/** contact-submissions-2026-05-14.csv: the date the file was made, in UTC. */
export const contactExportFileName = (now: Date) => `contact-submissions-${now.toISOString().slice(0, 10)}.csv`;

export const contactStatsResponseSchema = dataResponse(contactStatsSchema);
export const contactAssigneesResponseSchema = dataResponse(z.array(contactAssigneeSchema));
export const contactSubmissionResponseSchema = dataResponse(contactSubmissionSchema);
/** Status, notes, assignee and retry-forward: the submission as it is now, and a message. */
export const contactSubmissionChangeResponseSchema = messageDataResponse(contactSubmissionSchema);
