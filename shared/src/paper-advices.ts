import { z } from 'zod';
import { dataResponse, messageDataResponse } from './api-response';
import { TRANSACTION_TYPES } from './ledger';
import { pagedQuery } from './paging';
import { parseAdviceDocumentId } from './portal-documents';

/**
 * The staff's paper-advice queue (decision 022): every transaction advice whose holder gets paper (they chose it,
 * never chose, or have no e-mail address), to print and mail; once mailed, staff record it, and it moves to the
 * mailed list. The queries and answers of /api/admin/paper-advices and the screen's texts.
 */
export const PAPER_ADVICE_STATUSES = ['pending', 'mailed'] as const;
export type PaperAdviceStatus = (typeof PAPER_ADVICE_STATUSES)[number];

export const PAPER_ADVICES_PAGE_SIZE = 50;
/** One mailing run marks at most this many: a day's stack of envelopes, and a bounded transaction. */
export const PAPER_ADVICES_MARK_MAX = 500;

export const PAPER_ADVICE_MESSAGES = {
  statusInvalid: `Status must be one of ${PAPER_ADVICE_STATUSES.join(', ')}`,
  loadFailed: 'Failed to load the paper advices',
  pdfFailed: 'Failed to download the advice',
  markFailed: 'Failed to mark the advices as mailed',
  notFound: 'Paper advice not found',
  idsRequired: 'Choose at least one advice',
  idsTooMany: `Mark at most ${PAPER_ADVICES_MARK_MAX} advices at a time`,
  idInvalid: 'Not a transaction advice id',
  idsRepeated: 'Each advice may be named only once',
  conflict: 'Some advices cannot be marked as mailed; nothing was recorded',
  alreadyMailed: 'Already marked as mailed',
  notPaper: 'Not a paper advice',
  marked: (count: number) => `${count} ${count === 1 ? 'advice' : 'advices'} marked as mailed`,
  emptyPending: 'No paper advices are waiting to be mailed.',
  emptyMailed: 'No paper advices have been marked as mailed yet.',
} as const;
const M = PAPER_ADVICE_MESSAGES;

/** An advice's id as the portal names it (`advice_<transaction>_<account>`). */
const documentIdField = z
  .string({ error: M.idInvalid })
  // Bounded before the pattern runs (an id is 80 characters), and stated for the API's readers.
  .max(100, { message: M.idInvalid, abort: true })
  .refine((id) => parseAdviceDocumentId(id) !== null, M.idInvalid);

/** GET /api/admin/paper-advices: pending ones oldest first (the next to mail), mailed ones newest first. */
export const paperAdvicesQuerySchema = pagedQuery(
  { status: z.enum(PAPER_ADVICE_STATUSES, { error: M.statusInvalid }).default('pending') },
  { defaultLimit: PAPER_ADVICES_PAGE_SIZE, maxLimit: PAPER_ADVICES_MARK_MAX },
);
export type PaperAdvicesQuery = z.infer<typeof paperAdvicesQuerySchema>;

/** Where the envelope goes: the holder's address on file. */
export const mailingAddressSchema = z.object({
  line1: z.string(),
  line2: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
});
export type MailingAddress = z.infer<typeof mailingAddressSchema>;

export const paperAdviceSchema = z.object({
  /** The portal's document id of the advice: the PDF's address here and in the holder's portal. */
  id: z.string(),
  transactionType: z.enum(TRANSACTION_TYPES),
  effectiveDate: z.string(),
  postedAt: z.string(),
  issuerName: z.string(),
  className: z.string(),
  /** In full, as the Shareholders screen shows it: staff match the printed advice to the registration. */
  accountNumber: z.string(),
  registrationName: z.string(),
  holderName: z.string(),
  address: mailingAddressSchema,
  /** When the advice was queued for paper: the posting's own time. */
  queuedAt: z.string(),
  /** Mailed rows: when and by whom; null while pending. */
  mailedAt: z.string().nullable(),
  mailedBy: z.string().nullable(),
});
export type PaperAdvice = z.infer<typeof paperAdviceSchema>;

export const paperAdvicesResponseSchema = dataResponse(
  z.object({
    advices: z.array(paperAdviceSchema),
    // As the other staff lists page (the mail log's shape), for the screen's paged table.
    pagination: z.object({
      page: z.number().int(),
      limit: z.number().int(),
      totalPages: z.number().int(),
      totalCount: z.number().int(),
    }),
  }),
);
export type PaperAdvicesPage = z.infer<typeof paperAdvicesResponseSchema>['data'];

/** POST /api/admin/paper-advices/mailed: all of them are recorded, or (409) none. */
export const markMailedSchema = z.strictObject({
  documentIds: z
    .array(documentIdField, { error: M.idsRequired })
    .min(1, M.idsRequired)
    .max(PAPER_ADVICES_MARK_MAX, M.idsTooMany)
    // Ids name UUIDs, which have no case: the same advice in two cases is named twice.
    .refine((ids) => new Set(ids.map((id) => id.toLowerCase())).size === ids.length, M.idsRepeated),
});
export type MarkMailedInput = z.infer<typeof markMailedSchema>;

export const markMailedResponseSchema = messageDataResponse(
  z.object({ mailed: z.number().int(), mailedAt: z.string() }),
);
export type MarkMailedResult = z.infer<typeof markMailedResponseSchema>;
