import { z } from 'zod';
import { dataResponse } from './api-response';
import { journalFilters, journalQuery, transactionViewSchema } from './ledger';
import { pagedQuery } from './paging';
import { REQUEST_STATUSES, REQUEST_TYPES } from './portal-requests';
import { TURNAROUND_BUSINESS_DAYS, TURNAROUND_TARGET_PERCENT } from './request-review';

/**
 * What a signed-in issuer reads of its own registry (/api/issuer): its cap table, the record-date list of a class,
 * the journal of its classes and the shareholder requests on its holders' accounts. Every answer is scoped to the
 * issuer of the session; a class of another issuer is not found. Quantities are exact decimal strings, as on the
 * ledger (decision 019).
 */
export const ISSUER_PORTAL_MESSAGES = {
  classIdInvalid: 'Must be an id from this system',
  typeInvalid: 'Choose a request type from the list',
  statusInvalid: 'Choose a request status from the list',
} as const;
const M = ISSUER_PORTAL_MESSAGES;

const decimal = z.string().describe('An exact decimal quantity, such as "100" or "0.5"');

/** The cap table's holders are paged per class: page 1 of every class, or deeper pages of the one class named. */
export const capTableQuerySchema = pagedQuery(
  { classId: z.uuid({ error: M.classIdInvalid }).optional() },
  { defaultLimit: 50, maxLimit: 500 },
);
export type CapTableQuery = z.output<typeof capTableQuerySchema>;

export const capTableHolderSchema = z.object({
  accountId: z.string(),
  accountNumber: z.string(),
  registrationName: z.string(),
  shares: decimal,
  percentage: decimal
    .nullable()
    .describe(
      "The holding's share of the class's outstanding shares, in percent, rounded to 4 places; null with none outstanding",
    ),
});
export type CapTableHolder = z.infer<typeof capTableHolderSchema>;

export const capTableClassSchema = z.object({
  classId: z.string(),
  name: z.string(),
  cusip: z.string().nullable(),
  parValue: decimal.nullable(),
  authorizedShares: decimal.nullable().describe('Null until the authorized shares are recorded'),
  issuedShares: decimal.describe('Every share ever issued in the class'),
  cancelledShares: decimal.describe('Shares cancelled (repurchased, retired): the ledger keeps no treasury'),
  outstandingShares: decimal.describe('Issued less cancelled, from the control book'),
  holdersCount: z.number().int().describe('Accounts holding shares of the class now'),
  holders: z.array(capTableHolderSchema).describe('Largest holding first'),
  page: z.number().int(),
  limit: z.number().int(),
});
export type CapTableClass = z.infer<typeof capTableClassSchema>;

export const capTableSchema = dataResponse(
  z.object({ issuerId: z.string(), legalName: z.string(), classes: z.array(capTableClassSchema) }),
);

/** The journal of the issuer's classes: the staff journal's filters without the issuer, which the session gives. */
export const issuerTransactionsQuerySchema = journalQuery(journalFilters);
export type IssuerTransactionsQuery = z.output<typeof issuerTransactionsQuerySchema>;

/** A posting as the issuer reads it: without the staff member who posted it. */
export const issuerTransactionSchema = transactionViewSchema.omit({ postedBy: true, balanceAfter: true });
export type IssuerTransaction = z.infer<typeof issuerTransactionSchema>;
export const issuerTransactionListSchema = z.object({
  success: z.literal(true),
  data: z.array(issuerTransactionSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});

export const issuerRequestsQuerySchema = pagedQuery(
  {
    type: z.enum(REQUEST_TYPES, { error: M.typeInvalid }).optional(),
    status: z.enum(REQUEST_STATUSES, { error: M.statusInvalid }).optional(),
  },
  { defaultLimit: 50, maxLimit: 200 },
);
export type IssuerRequestsQuery = z.output<typeof issuerRequestsQuerySchema>;

export const issuerRequestSchema = z.object({
  id: z.string(),
  referenceNumber: z.string(),
  requestType: z.enum(REQUEST_TYPES),
  status: z.enum(REQUEST_STATUSES),
  classId: z.string(),
  accountNumber: z.string(),
  registrationName: z.string(),
  shareholderName: z.string(),
  shares: decimal.nullable().describe('A transfer of a number of shares; null for "all shares" and other requests'),
  transferAllShares: z.boolean(),
  createdAt: z.string(),
  receivedAt: z.string().describe('Received in good order: a transfer when its documents were in'),
  processedAt: z.string().nullable().describe('Approved or rejected'),
  businessDaysToDecision: z.number().int().nullable(),
  late: z
    .boolean()
    .describe(`A transfer decided, or still open, past ${TURNAROUND_BUSINESS_DAYS} business days from receipt`),
});
export type IssuerRequest = z.infer<typeof issuerRequestSchema>;

export const turnaroundSchema = z.object({
  since: z.string().describe("The first day of this month (business time): the decisions counted are this month's"),
  businessDays: z.literal(TURNAROUND_BUSINESS_DAYS),
  targetPercent: z.literal(TURNAROUND_TARGET_PERCENT),
  transfersDecided: z.number().int(),
  decidedInTime: z.number().int(),
  inTimePercent: z.number().nullable().describe('Rounded to one place; null with no transfer decided'),
  meetsTarget: z.boolean().nullable(),
  openTransfers: z.number().int().describe('Received in good order and not yet decided'),
  openLate: z.number().int(),
});
export type Turnaround = z.infer<typeof turnaroundSchema>;

export const issuerRequestListSchema = z.object({
  success: z.literal(true),
  data: z.array(issuerRequestSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  turnaround: turnaroundSchema,
});
