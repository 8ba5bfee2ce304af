import { z } from 'zod';
import {
  CERTIFICATE_STATUSES,
  STOP_REASONS,
  TRANSACTION_TYPES,
  type CertificateStatus,
  type TransactionType,
} from './ledger';
import { pagedQuery } from './paging';

/**
 * What a signed-in holder sees of the ledger (issue 30): every account registered to them, and each
 * account's postings. Account numbers travel as their last four characters only: the full number is
 * the holder's sign-in secret, and the account they signed in with is the only one they have proved.
 */
const decimal = z.string().describe('An exact decimal quantity, such as "100" or "0.5"');

export const PORTAL_HOLDINGS_MESSAGES = {
  accountNotFound: 'Account not found',
  holdingsFailed: 'We could not load your holdings. Please try again.',
  historyFailed: 'We could not load this account’s history. Please try again.',
  noHistory: 'Nothing has been posted to this account yet.',
} as const;

export const holdingCertificateSchema = z.object({
  number: z.string(),
  shares: decimal,
  status: z.enum(CERTIFICATE_STATUSES),
  issueDate: z.string(),
  cancellationDate: z.string().nullable(),
  /** STOPPED only: why the stop order was placed. */
  stopReason: z.enum(STOP_REASONS).nullable(),
});
export type HoldingCertificate = z.infer<typeof holdingCertificateSchema>;

export const portalHoldingSchema = z.object({
  accountId: z.string(),
  accountNumberEnding: z.string().describe('The last four characters of the account number'),
  registrationName: z.string(),
  issuerName: z.string(),
  className: z.string(),
  drsShares: decimal,
  certificatedShares: decimal,
  totalShares: decimal,
  /** Every certificate registered to the account, held or cancelled, by number. */
  certificates: z.array(holdingCertificateSchema),
  /** The account whose number the holder signed in with. */
  signedInAccount: z.boolean(),
  /**
   * Today in the issuer's time zone (YYYY-MM-DD): the latest date a statement can be as of. The holder's own calendar
   * may already be on tomorrow (a phone in UTC or Europe while the issuer's day in California has not ended).
   */
  issuerToday: z.string(),
});
export type PortalHolding = z.infer<typeof portalHoldingSchema>;

export const portalHoldingsResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ accounts: z.array(portalHoldingSchema) }),
});

export const PORTAL_HISTORY_PAGE_SIZE = 20;
export const portalTransactionsQuerySchema = pagedQuery({}, { defaultLimit: PORTAL_HISTORY_PAGE_SIZE, maxLimit: 100 });

export const portalPostingSchema = z.object({
  id: z.string(),
  type: z.enum(TRANSACTION_TYPES),
  effectiveDate: z.string(),
  postedAt: z.string(),
  sharesIn: decimal.describe('Shares credited to the account by this posting (zero when none)'),
  sharesOut: decimal.describe('Shares debited from the account by this posting (zero when none)'),
  balanceAfter: decimal.describe("The account's balance after this posting, in effective-date order"),
  /** The account's certificates this posting issued (positive) or cancelled (negative). */
  certificates: z.array(z.object({ number: z.string(), shares: decimal })),
  /** The reference of the holder's own request the posting came from; null for any other posting. */
  requestReference: z.string().nullable(),
});
export type PortalPosting = z.infer<typeof portalPostingSchema>;

export const portalTransactionsResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(portalPostingSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type PortalTransactionsPage = Omit<z.infer<typeof portalTransactionsResponseSchema>, 'success'>;

/** How a posting reads to a holder. */
export const POSTING_TYPE_LABELS: Record<TransactionType, string> = {
  ISSUANCE: 'Issuance',
  TRANSFER: 'Transfer',
  CANCELLATION: 'Cancellation',
  CONVERSION: 'Conversion',
  REISSUANCE: 'Replacement certificate',
  AUTHORIZED_ADJUSTMENT: 'Authorized shares change',
};

export const CERTIFICATE_STATUS_LABELS: Record<CertificateStatus, string> = {
  OUTSTANDING: 'Held',
  STOPPED: 'Stopped',
  CANCELLED: 'Cancelled',
};
