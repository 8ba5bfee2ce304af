import { z } from 'zod';
import { calendarDate, memoField, POSTING_STATUSES, transactionViewSchema } from './ledger';

/**
 * Posting an approved request to the ledger (issue 28): the preview of its legs, the posting itself, and dual
 * control: above LEDGER_DUAL_CONTROL_SHARES, or proposed by a REVIEWER, a second staff member confirms.
 */
export const POSTING_MESSAGES = {
  notTransfer: 'Only a transfer, a certificate request or a lost-certificate report posts to the ledger',
  noLostReport: 'This request carries no lost-certificate report to post',
  noDrsToCertify: 'The account holds no DRS shares to put on a certificate',
  notApproved: 'Approve the request before posting it',
  alreadyWaiting: 'This request already waits for a second person to confirm its posting',
  notWaiting: 'This posting is not waiting for confirmation: it was posted already',
  proposerCannotConfirm: 'Dual control: the person who proposed a posting cannot confirm it; another staff member must',
  mixedHolding:
    'Neither the DRS position nor the certificates alone cover this transfer: convert the certificates to DRS first, or post it from the ledger as two transfers',
  nothingHeld: 'The account holds no shares to transfer',
  noBuyer: 'The private sale names no buyer to credit',
  postingNotFound: 'Posting not found',
} as const;

export const postRequestInputSchema = z.strictObject({
  /** The issuer's today when absent; a past date needs ADMIN and a memo. */
  effectiveDate: calendarDate.optional(),
  memo: memoField,
});
export type PostRequestInput = z.infer<typeof postRequestInputSchema>;

const accountRefSchema = z.object({
  accountId: z.string().nullable(),
  accountNumber: z.string().nullable(),
  registrationName: z.string(),
});

/** What posting the request would write, worked out on the ledger as it is now; nothing is written. */
export const postingPreviewSchema = z.object({
  requestId: z.string(),
  referenceNumber: z.string(),
  classId: z.string(),
  issuer: z.string(),
  shareClass: z.string(),
  shares: z.string(),
  effectiveDate: z.string(),
  from: accountRefSchema,
  to: accountRefSchema.extend({
    /**
     * NOMINEE: the depository's nominee (a transfer to a broker); BUYER: a private sale's buyer; HOLDER: the holder
     * themself (a certificate request: their DRS shares onto a new certificate, a CONVERSION).
     */
    kind: z.enum(['NOMINEE', 'BUYER', 'HOLDER']),
    /** True when the account does not exist yet and is opened by the posting. */
    opensAccount: z.boolean(),
  }),
  /** From DRS, or the certificates surrendered and the balance certificate cut back to the holder. */
  debit: z.object({
    form: z.enum(['DRS', 'CERTIFICATE']),
    certificates: z.array(z.object({ number: z.string(), shares: z.string() })),
    balanceBack: z.string(),
  }),
  /** REISSUANCE: a lost-certificate report's replacement, cancelling the stopped certificate (debit.certificates). */
  type: z.enum(['TRANSFER', 'CONVERSION', 'REISSUANCE']),
  toForm: z.enum(['DRS', 'CERTIFICATE']),
  dualControl: z.boolean(),
  dualControlShares: z.string(),
  waiting: z
    .object({ id: z.string(), proposedBy: z.string(), proposedAt: z.string(), effectiveDate: z.string().nullable() })
    .nullable(),
});
export type PostingPreview = z.infer<typeof postingPreviewSchema>;
export const postingPreviewAnswerSchema = z.object({ success: z.literal(true), data: postingPreviewSchema });

export const postingViewSchema = z.object({
  id: z.string(),
  requestId: z.string(),
  referenceNumber: z.string(),
  classId: z.string(),
  shares: z.string(),
  /** Null: the day it is confirmed. */
  effectiveDate: z.string().nullable(),
  memo: z.string().nullable(),
  status: z.enum(POSTING_STATUSES),
  proposedBy: z.string(),
  proposedAt: z.string(),
  confirmedBy: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  transactionId: z.string().nullable(),
});
export type PostingView = z.infer<typeof postingViewSchema>;

/** 201: posted, with the transaction; 202: proposed, waiting for a second person. */
export const postedAnswerSchema = z.object({
  success: z.literal(true),
  status: z.literal('POSTED'),
  message: z.string(),
  data: transactionViewSchema,
});
export const proposedAnswerSchema = z.object({
  success: z.literal(true),
  status: z.literal('PROPOSED'),
  message: z.string(),
  data: postingViewSchema,
});
export const postingQueueSchema = z.object({ success: z.literal(true), data: z.array(postingViewSchema) });
