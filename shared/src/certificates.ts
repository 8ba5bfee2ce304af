import { z } from 'zod';
import { CERTIFICATE_STATUSES, STOP_ORDER_ACTIONS, STOP_REASONS } from './ledger';

/**
 * The certificate register (issue 28): search by number across issuers, including every cancelled certificate
 * (Rule 17Ad-19 keeps them retrievable), with lineage and stop orders.
 */
export const CERTIFICATE_MESSAGES = {
  numberRequired: 'Enter a certificate number to search for',
  numberTooLong: 'A certificate number is at most 40 characters',
  reasonInvalid: `Reason must be one of ${STOP_REASONS.join(', ')}`,
  noteTooLong: 'A note is at most 1,000 characters',
  notFound: 'Certificate not found',
  alreadyStopped: 'A stop order is already in place on this certificate',
  cancelledCannotStop: 'This certificate was cancelled: there is nothing left to stop',
  notStopped: 'No stop order is in place on this certificate',
} as const;
const M = CERTIFICATE_MESSAGES;

export const certificateSearchQuerySchema = z.strictObject({
  number: z
    .string({ error: M.numberRequired })
    .trim()
    .min(1, M.numberRequired)
    .max(40, M.numberTooLong)
    .transform((value) => value.toUpperCase()),
});

const noteField = z.string().trim().max(1000, M.noteTooLong).optional();

export const stopOrderInputSchema = z.strictObject({
  reason: z.enum(STOP_REASONS, { error: M.reasonInvalid }),
  note: noteField,
});
export type StopOrderInput = z.infer<typeof stopOrderInputSchema>;
export const releaseInputSchema = z.strictObject({ note: noteField });

export const stopOrderViewSchema = z.object({
  action: z.enum(STOP_ORDER_ACTIONS),
  reason: z.enum(STOP_REASONS).nullable(),
  note: z.string().nullable(),
  by: z.string().nullable(),
  at: z.string(),
});

export const certificateViewSchema = z.object({
  id: z.string(),
  number: z.string(),
  issuer: z.string(),
  shareClass: z.string(),
  classId: z.string(),
  accountId: z.string(),
  accountNumber: z.string(),
  registration: z.string(),
  shares: z.string(),
  status: z.enum(CERTIFICATE_STATUSES),
  issueDate: z.string(),
  /** The id of the ledger transaction that issued the certificate. */
  issuedBy: z.string(),
  cancellationDate: z.string().nullable(),
  /** The id of the ledger transaction that cancelled it. */
  cancelledBy: z.string().nullable(),
  /** Lineage: the certificate this one was cut from, and those cut from it. */
  sourceCertificateNumber: z.string().nullable(),
  derivedCertificateNumbers: z.array(z.string()),
  stopOrders: z.array(stopOrderViewSchema),
});
export type CertificateView = z.infer<typeof certificateViewSchema>;
export const certificateSearchAnswerSchema = z.object({
  success: z.literal(true),
  data: z.array(certificateViewSchema),
});
export const certificatePageSchema = certificateSearchAnswerSchema.extend({
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export const certificateAnswerSchema = z.object({ success: z.literal(true), data: certificateViewSchema });
