import { z } from 'zod';
import { pagedQuery } from './paging';
import { dataResponse, messageDataResponse } from './api-response';

/**
 * The mail log (issue 18): every e-mail the product has queued, for the operator. The queries and
 * answers of /api/admin/outbox, the recipient masking and the screen's texts, for the server and the
 * screen alike.
 */

/**
 * PENDING: queued (or between attempts); SENT: handed to SMTP; LOGGED: no SMTP_URL when it was sent,
 * so it went to the log instead and its full text may be read on the screen; FAILED: gave up;
 * UNCONFIRMED: its sender stopped after handing it to the mail server, which may have accepted it, so
 * it is not sent again unless the operator retries it (never twice by itself).
 */
export const EMAIL_STATUSES = ['PENDING', 'SENT', 'LOGGED', 'FAILED', 'UNCONFIRMED'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

/** Why an e-mail is sent: kept with it in the outbox, for support and for tests. */
export const EMAIL_KINDS = [
  'REQUEST_CONFIRMATION',
  'STATUS_CHANGED',
  'IDENTITY_VERIFIED',
  'DOCUMENT_REJECTED',
  'CONTACT_SUBMITTED',
  'ISSUER_APPLICATION_RECEIVED',
  'ISSUER_APPLICATION_STAFF_NOTICE',
  'ISSUER_APPLICATION_DECIDED',
  // An approved application's contact is invited to the issuer portal (a one-time link).
  'ISSUER_INVITATION',
  // A staff user's own second factors changed (added, removed, recovery codes renewed, reset).
  'SECURITY_NOTICE',
  // Decision 018: a code's day of account-number guesses spent; the one-time sign-in link.
  'PORTAL_GUESSES_EXHAUSTED',
  'PORTAL_SIGN_IN_LINK',
  // Issue 28: a posting to the holder's account (what a transfer agent mails as a DRS advice).
  'TRANSACTION_ADVICE',
] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

export const OUTBOX_PAGE_SIZE = 25;
export const OUTBOX_MAX_PAGE_SIZE = 100;
export const OUTBOX_SEARCH_MAX = 100;

export const OUTBOX_MESSAGES = {
  loadFailed: 'Failed to load the mail log',
  textFailed: 'Failed to load the e-mail text',
  retryFailed: 'Failed to retry the e-mail',
  notFound: 'E-mail not found',
  statusInvalid: `Status must be one of ${EMAIL_STATUSES.join(', ')}`,
  kindInvalid: `Kind must be one of ${EMAIL_KINDS.join(', ')}`,
  searchTooLong: `Search must be at most ${OUTBOX_SEARCH_MAX} characters`,
  // Only an e-mail that went to the log was never delivered to anyone: its text is the operator's to read.
  textUnavailable: 'Only the text of an e-mail kept as sent to the log (no SMTP_URL) can be shown',
  retryNotFailed: 'Only a failed or unconfirmed e-mail can be retried',
  retried: 'The e-mail is queued again and will be sent within a minute',
  empty: 'No e-mails found',
} as const;
const M = OUTBOX_MESSAGES;

const upper = (value: unknown) => (typeof value === 'string' ? value.trim().toUpperCase() : value);
/** The screen sends '' for "All": the same as leaving the filter out. */
const blankAsMissing = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/**
 * GET /api/admin/outbox: newest first, page (from 1) and limit. `search` matches the beginning of the
 * recipient's address (SUPER_ADMIN only: for other roles a match would reveal the masked address) or
 * any part of the subject, without regard to case.
 */
export const outboxListQuerySchema = pagedQuery(
  {
    status: z.preprocess(
      blankAsMissing,
      z.preprocess(upper, z.enum(EMAIL_STATUSES, { error: M.statusInvalid })).optional(),
    ),
    kind: z.preprocess(blankAsMissing, z.preprocess(upper, z.enum(EMAIL_KINDS, { error: M.kindInvalid })).optional()),
    search: z.string().max(OUTBOX_SEARCH_MAX, { message: M.searchTooLong, abort: true }).trim().optional(),
  },
  { defaultLimit: OUTBOX_PAGE_SIZE, maxLimit: OUTBOX_MAX_PAGE_SIZE },
);
export type OutboxListQuery = z.infer<typeof outboxListQuerySchema>;

/** A row of the list. */
export const outboxEmailSchema = z.object({
  id: z.string(),
  /** The full address for a SUPER_ADMIN, else masked (maskEmailAddress). */
  recipient: z.string(),
  subject: z.string(),
  kind: z.string(),
  status: z.enum(EMAIL_STATUSES),
  attempts: z.number(),
  /** The last SMTP error, with the recipient's address masked like `recipient`. */
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  nextAttemptAt: z.string(),
  /** This viewer may read the full text (GET /outbox/:id): a SUPER_ADMIN, and the e-mail went to the log. */
  textAvailable: z.boolean(),
});
export type OutboxEmail = z.infer<typeof outboxEmailSchema>;

export const outboxListResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    emails: z.array(outboxEmailSchema),
    pagination: z.object({ page: z.number(), limit: z.number(), totalPages: z.number(), totalCount: z.number() }),
  }),
});
export type OutboxList = z.infer<typeof outboxListResponseSchema>['data'];

/** GET /api/admin/outbox/:id: the row with its full text. */
export const outboxEmailTextSchema = outboxEmailSchema.extend({ text: z.string() });
export type OutboxEmailText = z.infer<typeof outboxEmailTextSchema>;

const MASK = '…';

/**
 * An address as staff below SUPER_ADMIN see it: its first character and its domain, `j…@example.com`.
 * The domain is taken after the last '@' (a quoted local part may hold one); the first character is a
 * whole code point, never half a surrogate pair. Anything without a local part or domain shows no more
 * than its first character.
 */
export function maskEmailAddress(address: string): string {
  const at = address.lastIndexOf('@');
  const local = at === -1 ? address : address.slice(0, at);
  const first = Array.from(local.trim())[0] ?? '';
  const domain = at === -1 ? '' : address.slice(at + 1).trim();
  return domain === '' ? `${first}${MASK}` : `${first}${MASK}@${domain}`;
}

/** The screen's status badge: 'Queued', 'Sent', 'Sent to the log', 'Failed after N attempts', 'Unconfirmed: …'. */

/** The statuses the operator may queue again (POST /outbox/:id/retry). */
export const RETRYABLE_EMAIL_STATUSES: readonly EmailStatus[] = ['FAILED', 'UNCONFIRMED'];

export function outboxStatusLabel(status: EmailStatus, attempts: number): string {
  switch (status) {
    case 'PENDING':
      return 'Queued';
    case 'SENT':
      return 'Sent';
    case 'LOGGED':
      return 'Sent to the log';
    case 'FAILED':
      return `Failed after ${attempts} ${attempts === 1 ? 'attempt' : 'attempts'}`;
    case 'UNCONFIRMED':
      return 'Unconfirmed: may have been sent';
  }
}

export const outboxEmailTextResponseSchema = dataResponse(outboxEmailTextSchema);
/** POST /api/admin/outbox/:id/retry: the row, queued again. */
export const outboxRetryResponseSchema = messageDataResponse(outboxEmailSchema);
