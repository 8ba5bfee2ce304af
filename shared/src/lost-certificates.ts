import { z } from 'zod';
import { certificateNumberField, HOLDING_FORMS } from './ledger';
import { signatureDataUrlSchema } from './signature';

/**
 * A holder's report of a lost, stolen or destroyed certificate, with the affidavit of loss signed in the portal.
 * Filing it places a stop order on the certificate at once; staff approval posts the replacement (REISSUANCE).
 */
export const LOST_CERTIFICATE_REASONS = ['LOST', 'STOLEN', 'DESTROYED'] as const;
export type LostCertificateReason = (typeof LOST_CERTIFICATE_REASONS)[number];

export const LOST_CERTIFICATE_REASON_LABELS: Record<LostCertificateReason, string> = {
  LOST: 'Lost',
  STOLEN: 'Stolen',
  DESTROYED: 'Destroyed',
};

export const REPLACEMENT_FORM_LABELS: Record<(typeof HOLDING_FORMS)[number], string> = {
  DRS: 'Book-entry (DRS) credit',
  CERTIFICATE: 'A new paper certificate',
};

export const LOST_CERTIFICATE_LIMITS = { circumstances: 2000, fullName: 200 } as const;

export const LOST_CERTIFICATE_MESSAGES = {
  certificateRequired: 'Choose the certificate you are reporting',
  reasonInvalid: 'Say whether the certificate was lost, stolen or destroyed',
  circumstancesRequired: 'Describe what happened to the certificate',
  circumstancesTooLong: `Please use at most ${LOST_CERTIFICATE_LIMITS.circumstances.toLocaleString('en-US')} characters`,
  replacementFormInvalid: 'Choose a book-entry (DRS) credit or a new certificate as the replacement',
  fullNameRequired: 'Type your full name to sign the affidavit',
  fullNameTooLong: `Please use at most ${LOST_CERTIFICATE_LIMITS.fullName} characters`,
  signedAtInvalid: 'The date of signing must be a date (YYYY-MM-DD) or a date and time',
  signedAtNotToday: 'The affidavit must be dated the day it is signed: today',
  notFound: 'Certificate not found among your holdings',
  alreadyStopped:
    'A stop order is already in place on this certificate: it cannot move. If you have not reported it, please contact us.',
  cancelled: 'This certificate was cancelled and no longer holds shares: there is nothing to report.',
} as const;
const M = LOST_CERTIFICATE_MESSAGES;

/**
 * What follows a report, in the order it happens: shown to the holder with the reference, and kept with the request
 * so staff see what the holder was told.
 */
export const LOST_CERTIFICATE_NEXT_STEPS = [
  'The certificate is stopped on our register now: nobody can transfer the shares on it, and the shares stay yours.',
  'If you find the certificate, do not use it; tell us, quoting your reference, and we will release the stop.',
  'Our staff check your report and your affidavit of loss, usually within two business days. We may ask you for more information or for an indemnity bond.',
  'Once approved, we cancel the old certificate and register your replacement in the form you chose: a book-entry (DRS) credit or a new certificate.',
  'You receive a transaction advice in your documents when the replacement is registered; a new certificate is sent by post.',
] as const;

const SIGNED_AT = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2}))?$/;

/** A date that exists (no 30 February), and a time that parses. */
function isRealTime(value: string): boolean {
  const day = value.slice(0, 10);
  const midnight = new Date(`${day}T00:00:00Z`);
  return (
    !Number.isNaN(midnight.getTime()) && midnight.toISOString().slice(0, 10) === day && !Number.isNaN(Date.parse(value))
  );
}

const text = (required: string, max: number, tooLong: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong);

export const lostCertificateAffidavitSchema = z.strictObject(
  {
    fullName: text(M.fullNameRequired, LOST_CERTIFICATE_LIMITS.fullName, M.fullNameTooLong),
    signature: signatureDataUrlSchema,
    /**
     * The day the holder signed (YYYY-MM-DD, their calendar), or the moment (ISO 8601 with an offset). It must be
     * today, give or take the holder's time zone; the server keeps its own time of receipt for a date, and the
     * earlier of the moment and its own time otherwise.
     */
    signedAt: z
      .string({ error: M.signedAtInvalid })
      .max(40, { message: M.signedAtInvalid, abort: true })
      .regex(SIGNED_AT, { message: M.signedAtInvalid, abort: true })
      .refine(isRealTime, M.signedAtInvalid),
  },
  { error: M.fullNameRequired },
);

/** POST /api/shareholder-portal/lost-certificates */
export const lostCertificateReportSchema = z.strictObject({
  certificateNumber: z
    .string({ error: M.certificateRequired })
    .trim()
    .min(1, { message: M.certificateRequired, abort: true })
    .pipe(certificateNumberField),
  reason: z.enum(LOST_CERTIFICATE_REASONS, { error: M.reasonInvalid }),
  circumstances: text(M.circumstancesRequired, LOST_CERTIFICATE_LIMITS.circumstances, M.circumstancesTooLong),
  replacementForm: z.enum(HOLDING_FORMS, { error: M.replacementFormInvalid }),
  affidavit: lostCertificateAffidavitSchema,
});
export type LostCertificateReport = z.output<typeof lostCertificateReportSchema>;

export const lostCertificateAnswerSchema = z.object({
  success: z.literal(true),
  /** Always sent; a reader needs only the reference and the data. */
  message: z.string().optional(),
  referenceNumber: z.string(),
  data: z.object({
    id: z.string(),
    certificateNumber: z.string(),
    status: z.literal('STOPPED'),
    nextSteps: z.array(z.string()),
  }),
});
export type LostCertificateAnswer = z.infer<typeof lostCertificateAnswerSchema>;

/** The report and its affidavit as staff read them on the request (the signature is fetched as an image). */
export const lostCertificateReviewSchema = z.object({
  certificateId: z.string(),
  certificateNumber: z.string(),
  certificateStatus: z.string(),
  shares: z.string(),
  reason: z.enum(LOST_CERTIFICATE_REASONS),
  circumstances: z.string(),
  replacementForm: z.enum(HOLDING_FORMS),
  fullName: z.string(),
  signedAt: z.string(),
  /** GET path of the signature PNG. */
  signatureUrl: z.string(),
  /** The replacement, once posted. */
  replacementCertificateNumber: z.string().nullable(),
});
export type LostCertificateReview = z.infer<typeof lostCertificateReviewSchema>;
