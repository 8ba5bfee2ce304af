import { z } from 'zod';
import { pagedQuery } from './paging';

/**
 * The ledger (decision 019): the master securityholder file. Quantities are exact decimals written as
 * strings ("100", "0.5"), at most 18 digits before the point and 6 after, never floating point.
 */
export const SHARE_DECIMAL_PLACES = 6;
export const TRANSACTION_TYPES = [
  'ISSUANCE',
  'TRANSFER',
  'CANCELLATION',
  'CONVERSION',
  'REISSUANCE',
  'AUTHORIZED_ADJUSTMENT',
] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];
/** How a position is held: on the issuer's books (Direct Registration) or as a paper certificate. */
export const HOLDING_FORMS = ['DRS', 'CERTIFICATE'] as const;
export type HoldingForm = (typeof HOLDING_FORMS)[number];
export const CERTIFICATE_STATUSES = ['OUTSTANDING', 'CANCELLED', 'STOPPED'] as const;
export type CertificateStatus = (typeof CERTIFICATE_STATUSES)[number];
export const DEFAULT_ISSUER_TIME_ZONE = 'America/Los_Angeles';
/** A request's posting under dual control: waiting for a second person, or posted. */
export const POSTING_STATUSES = ['PROPOSED', 'POSTED'] as const;
export type PostingStatus = (typeof POSTING_STATUSES)[number];
/** Why a stop order is placed on a certificate (lost, stolen or destroyed: 17f-1; an adverse claim: UCC 8-403). */
export const STOP_REASONS = ['LOST', 'STOLEN', 'DESTROYED', 'ADVERSE_CLAIM'] as const;
export type StopReason = (typeof STOP_REASONS)[number];
export const STOP_ORDER_ACTIONS = ['PLACED', 'RELEASED'] as const;
/** The depository's nominee (issue 28): shares a holder moves to a broker are registered to it, per class. */
export const NOMINEE_NAME = 'Cede & Co.';

export const LEDGER_MESSAGES = {
  sharesInvalid: 'Shares must be a number with at most 18 digits before the point and 6 after, such as 100 or 0.5',
  sharesPositive: 'Shares must be more than zero',
  authorizedInvalid: 'Authorized shares must be a number with at most 18 digits before the point and 6 after',
  parValueInvalid: 'Par value must be a number with at most 18 digits before the point and 6 after',
  dateInvalid: 'Please enter a valid date (YYYY-MM-DD)',
  dateRangeReversed: 'The end date must be on or after the start date',
  typeInvalid: 'Choose a transaction type from the list',
  accountNumberFilterInvalid: 'An account number is at most 40 characters',
  futureDate: 'The effective date cannot be in the future',
  recordDateInFuture: 'The record date cannot be in the future: choose today or an earlier date',
  backDatedNeedsMemo: 'A back-dated posting needs a memo saying why',
  legalNameRequired: 'Legal name is required',
  classNameRequired: 'Class name is required',
  cusipInvalid: 'CUSIP must be 9 letters or digits',
  timeZoneInvalid: 'Time zone must be an IANA name such as America/Los_Angeles',
  idInvalid: 'Must be an id from this system',
  formInvalid: 'Form must be DRS or CERTIFICATE',
  certificateNumberInvalid: 'A certificate number is 1 to 40 letters, digits, dashes or dots',
  certificateNumbersDuplicate: 'Each certificate number may appear only once',
  certificateOnlyForCertificate: 'A certificate number goes only with the CERTIFICATE form',
  sameAccount: 'The accounts to debit and to credit must differ',
  memoTooLong: 'A memo is at most 500 characters',
  insufficientShares: 'The account does not hold enough shares for this posting',
  insufficientSharesOnDate:
    'The account did not hold enough shares on every day since the effective date: a back-dated debit may not make a past holding negative',
  certificateStopped: 'A stop order is in place on this certificate: release it before it can be moved',
  certificateCancelled: 'This certificate was already cancelled',
  certificateNotHeld: 'This certificate is not held by the account being debited',
  certificatesTooSmall: 'The certificates named hold fewer shares than the transfer',
  classMismatch: 'The account belongs to another share class',
  authorizedExceeded: 'This issuance would take the shares outstanding above the shares authorized',
  authorizedNotRecorded: "The class's authorized shares are not recorded yet: record them before issuing new shares",
  certificateNumberTaken: 'This certificate number is already used by the issuer',
  issuerNameTaken: 'An issuer with this legal name already exists',
  classNameTaken: 'The issuer already has a class with this name',
  cusipTaken: 'This CUSIP is already used by another class',
  authorizationRequired:
    "Name the issuer's written authorization for the change, such as the board resolution or charter amendment",
  authorizationTooLong: 'The authorization reference is at most 500 characters',
  authorizedBelowOutstanding: 'Authorized shares cannot be set below the shares outstanding',
  conversionNeedsCertificates: 'Name the certificates to convert to DRS',
  conversionFromDrs: 'A conversion to a certificate takes the shares from DRS: name no certificates',
  cancellationReasonRequired: 'Say why the shares are cancelled, such as a repurchase by the issuer or a court order',
  cancellationReasonTooLong: 'A reason is at most 500 characters',
  reversalReasonRequired: 'Say why the posting is reversed',
  reissueNeedsStop:
    'A replacement is issued only for a certificate under a stop order for loss, theft or destruction: place the stop order first',
  reissueAdverseClaim:
    'A certificate under an adverse claim is not replaced: the claim must be settled and its stop order released first',
  reissueBeforeIssue: 'A replacement cannot be dated before the certificate it replaces was issued',
  alreadyReversed: 'This posting was reversed already',
  reversalOfReversal: 'A reversal is not reversed: post the original movement again instead',
  reversalOfCertificates:
    'A posting that moved certificates is corrected by a new transfer or conversion: cancelled certificates stay cancelled',
  reversalNothingToReverse: 'This posting moved no shares: record a new authorized adjustment instead',
} as const;
const M = LEDGER_MESSAGES;

const DECIMAL_SHAPE = /^\d{1,18}(?:\.\d{1,6})?$/;
const MAX_DECIMAL_LENGTH = 25;

/**
 * "100.500000" → "100.5", "007" → "7": the one spelling of a quantity in answers and comparisons. Trims
 * by index, not by pattern, so any length of input costs one pass.
 */
export function normalizeDecimal(value: string): string {
  const point = value.indexOf('.');
  const whole = point === -1 ? value : value.slice(0, point);
  const fraction = point === -1 ? '' : value.slice(point + 1);
  let start = 0;
  while (start < whole.length - 1 && whole[start] === '0') start++;
  let end = fraction.length;
  while (end > 0 && fraction[end - 1] === '0') end--;
  const trimmedWhole = whole.slice(start) || '0';
  return end > 0 ? `${trimmedWhole}.${fraction.slice(0, end)}` : trimmedWhole;
}

/** A signed decimal ("-0012.50" → "-12.5") in the one spelling of answers. */
export const signedDecimal = (value: string) =>
  value.startsWith('-') ? `-${normalizeDecimal(value.slice(1))}` : normalizeDecimal(value);

const isZero = (value: string) => /^[0.]*$/.test(value);

/**
 * Orders two non-negative decimal strings exactly (no float on the way): the whole parts by length, then
 * digit by digit, then the fractions padded to one length. Either spelling ("007.50" or "7.5") compares alike.
 */
export function compareDecimals(a: string, b: string): -1 | 0 | 1 {
  const [wholeA, fractionA = ''] = normalizeDecimal(a).split('.');
  const [wholeB, fractionB = ''] = normalizeDecimal(b).split('.');
  if (wholeA!.length !== wholeB!.length) return wholeA!.length < wholeB!.length ? -1 : 1;
  const width = Math.max(fractionA.length, fractionB.length);
  const left = wholeA! + fractionA.padEnd(width, '0');
  const right = wholeB! + fractionB.padEnd(width, '0');
  return left === right ? 0 : left < right ? -1 : 1;
}

const MICROS = 10n ** BigInt(SHARE_DECIMAL_PLACES);

/** A signed decimal string in millionths of a share, the ledger's precision, as an exact integer. */
export function toMicros(value: string): bigint {
  const negative = value.trim().startsWith('-');
  const [whole = '0', fraction = ''] = value.trim().replace(/^[-+]/, '').split('.');
  const micros = BigInt(whole || '0') * MICROS + BigInt(fraction.padEnd(SHARE_DECIMAL_PLACES, '0') || '0');
  return negative ? -micros : micros;
}

/** Millionths of a share back to the shortest decimal string (12500000n → "12.5", -30000000n → "-30"). */
export function fromMicros(micros: bigint): string {
  const size = micros < 0n ? -micros : micros;
  const fraction = (size % MICROS).toString().padStart(SHARE_DECIMAL_PLACES, '0').replace(/0+$/, '');
  return `${micros < 0n ? '-' : ''}${size / MICROS}${fraction ? `.${fraction}` : ''}`;
}

/** The exact sum of signed decimal strings of at most 6 places ("-30", "0.5" → "-29.5"), without a float. */
export function sumDecimals(values: readonly string[]): string {
  return fromMicros(values.reduce((sum, value) => sum + toMicros(value), 0n));
}

/** True when the decimal string is a whole number of shares ("12", "12.0"), false for "12.5". */
export const isWholeDecimal = (value: string) => !normalizeDecimal(value).includes('.');

/** "1234567.5" → "1,234,567.5": groups the whole part of an exact decimal string without a float. */
export function formatDecimal(value: string): string {
  const negative = value.startsWith('-');
  const [whole, fraction] = normalizeDecimal(negative ? value.slice(1) : value).split('.');
  // Grouped by slicing from the right: one pass, where a look-ahead pattern rescans the rest at every digit.
  let grouped = '';
  for (let end = whole!.length; end > 0; end -= 3) {
    const start = Math.max(0, end - 3);
    grouped = whole!.slice(start, end) + (grouped ? `,${grouped}` : '');
  }
  return `${negative ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
}

/** An exact non-negative quantity as a string; measured before the pattern runs. */
export const decimalString = (message: string = M.sharesInvalid) =>
  z
    .string({ error: message })
    .trim()
    .max(MAX_DECIMAL_LENGTH, { message, abort: true })
    .regex(DECIMAL_SHAPE, { message, abort: true })
    .transform(normalizeDecimal);

/** A quantity that moves shares: more than zero. */
export const sharesString = decimalString().refine((value) => !isZero(value), M.sharesPositive);

/** A real calendar date written YYYY-MM-DD. */
export function isCalendarDay(value: string): boolean {
  if (value.length !== 10 || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export const calendarDate = z
  .string({ error: M.dateInvalid })
  .trim()
  .max(10, { message: M.dateInvalid, abort: true })
  .refine(isCalendarDay, M.dateInvalid);

/**
 * One formatter per time zone, kept: building an Intl.DateTimeFormat costs a third of a millisecond, and every
 * posting asks for the issuer's date (the profile of `pnpm bench:ledger` showed it among the top costs). Time zones
 * are few (one per issuer at most), so the map stays small.
 */
const dayFormatters = new Map<string, Intl.DateTimeFormat>();
function dayFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = dayFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Today's calendar date in a time zone: the day a posting made now belongs to. */
export function calendarDateIn(timeZone: string, at: Date): string {
  const parts = dayFormatter(timeZone).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

export function isTimeZone(value: string): boolean {
  if (value.length > 64 || !/^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+){0,2}$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const uuidField = z.uuid({ error: M.idInvalid });
export const memoField = z.string().trim().max(500, M.memoTooLong).optional();
const CERTIFICATE_NUMBER = /^[A-Za-z0-9][A-Za-z0-9.-]{0,39}$/;
export const certificateNumberField = z
  .string({ error: M.certificateNumberInvalid })
  .trim()
  .max(40, { message: M.certificateNumberInvalid, abort: true })
  .regex(CERTIFICATE_NUMBER, M.certificateNumberInvalid)
  .transform((value) => value.toUpperCase());
const formField = z.enum(HOLDING_FORMS, { error: M.formInvalid });

export const issuerInputSchema = z.strictObject({
  legalName: z.string({ error: M.legalNameRequired }).trim().min(1, M.legalNameRequired).max(200),
  timeZone: z
    .string({ error: M.timeZoneInvalid })
    .trim()
    .max(64, { message: M.timeZoneInvalid, abort: true })
    .refine(isTimeZone, M.timeZoneInvalid)
    .default(DEFAULT_ISSUER_TIME_ZONE),
  issuerApplicationId: uuidField.optional(),
});
export type IssuerInput = z.output<typeof issuerInputSchema>;

export const shareClassInputSchema = z.strictObject({
  name: z.string({ error: M.classNameRequired }).trim().min(1, M.classNameRequired).max(100),
  authorizedShares: decimalString(M.authorizedInvalid),
  parValue: decimalString(M.parValueInvalid).optional(),
  cusip: z
    .string({ error: M.cusipInvalid })
    .trim()
    .max(9, { message: M.cusipInvalid, abort: true })
    .regex(/^[A-Za-z0-9]{9}$/, M.cusipInvalid)
    .transform((value) => value.toUpperCase())
    .optional(),
});
export type ShareClassInput = z.output<typeof shareClassInputSchema>;

export const issuanceInputSchema = z
  .strictObject({
    classId: uuidField,
    accountId: uuidField,
    shares: sharesString,
    form: formField,
    certificateNumber: certificateNumberField.optional(),
    effectiveDate: calendarDate,
    memo: memoField,
  })
  .refine((input) => input.certificateNumber === undefined || input.form === 'CERTIFICATE', {
    message: M.certificateOnlyForCertificate,
    path: ['certificateNumber'],
  });
export type IssuanceInput = z.output<typeof issuanceInputSchema>;

export const transferInputSchema = z
  .strictObject({
    classId: uuidField,
    fromAccountId: uuidField,
    toAccountId: uuidField,
    shares: sharesString,
    /** Certificates surrendered for the transfer; none means the shares come from the DRS position. */
    certificateNumbers: z
      .array(certificateNumberField)
      .max(100)
      .refine((numbers) => new Set(numbers).size === numbers.length, M.certificateNumbersDuplicate)
      .optional(),
    toForm: formField,
    effectiveDate: calendarDate,
    memo: memoField,
  })
  .refine((input) => input.fromAccountId !== input.toAccountId, { message: M.sameAccount, path: ['toAccountId'] });
export type TransferInput = z.output<typeof transferInputSchema>;

const certificateNumbersField = z
  .array(certificateNumberField)
  .max(100)
  .refine((numbers) => new Set(numbers).size === numbers.length, M.certificateNumbersDuplicate)
  .optional();

/** CONVERSION: certificates of an account into DRS (the balance cut back), or DRS shares onto a new certificate. */
export const conversionInputSchema = z
  .strictObject({
    classId: uuidField,
    accountId: uuidField,
    shares: sharesString,
    certificateNumbers: certificateNumbersField,
    toForm: formField,
    effectiveDate: calendarDate,
    memo: memoField,
  })
  .refine((input) => input.toForm !== 'DRS' || (input.certificateNumbers?.length ?? 0) > 0, {
    message: M.conversionNeedsCertificates,
    path: ['certificateNumbers'],
  })
  .refine((input) => input.toForm !== 'CERTIFICATE' || (input.certificateNumbers?.length ?? 0) === 0, {
    message: M.conversionFromDrs,
    path: ['certificateNumbers'],
  });
export type ConversionInput = z.output<typeof conversionInputSchema>;

/** CANCELLATION: shares leave the class's outstanding (a repurchase, a court order), with the reason required. */
export const cancellationInputSchema = z.strictObject({
  classId: uuidField,
  accountId: uuidField,
  shares: sharesString,
  certificateNumbers: certificateNumbersField,
  reason: z
    .string({ error: M.cancellationReasonRequired })
    .trim()
    .min(1, M.cancellationReasonRequired)
    .max(500, M.cancellationReasonTooLong),
  effectiveDate: calendarDate,
});
export type CancellationInput = z.output<typeof cancellationInputSchema>;

/**
 * REISSUANCE: a replacement for a lost, stolen or destroyed certificate under a stop order. The old certificate is
 * cancelled and the same shares come back to the same account as DRS or on a new certificate that names it as its
 * source; the shares outstanding do not change.
 */
export const reissuanceInputSchema = z
  .strictObject({
    certificateId: uuidField,
    replacementForm: z.enum(HOLDING_FORMS, { error: M.formInvalid }),
    replacementCertificateNumber: certificateNumberField.optional(),
    /** The issuer's today when absent. */
    effectiveDate: calendarDate.optional(),
    memo: memoField,
  })
  .refine((input) => input.replacementForm === 'CERTIFICATE' || !input.replacementCertificateNumber, {
    message: M.certificateOnlyForCertificate,
    path: ['replacementCertificateNumber'],
  });
export type ReissuanceInput = z.output<typeof reissuanceInputSchema>;

/** A reversing transaction: the posting's legs negated, with the reason; today unless an earlier date is given. */
export const reversalInputSchema = z.strictObject({
  reason: z.string({ error: M.reversalReasonRequired }).trim().min(1, M.reversalReasonRequired).max(500, M.memoTooLong),
  effectiveDate: calendarDate.optional(),
});
export type ReversalInput = z.output<typeof reversalInputSchema>;

/** AUTHORIZED_ADJUSTMENT: the class's new authorized shares, on the issuer's written authorization. */
export const authorizedAdjustmentInputSchema = z.strictObject({
  classId: uuidField,
  authorizedShares: decimalString(M.authorizedInvalid),
  authorization: z
    .string({ error: M.authorizationRequired })
    .trim()
    .min(1, M.authorizationRequired)
    .max(500, M.authorizationTooLong),
  effectiveDate: calendarDate,
});
export type AuthorizedAdjustmentInput = z.output<typeof authorizedAdjustmentInputSchema>;

export const asOfQuerySchema = z.strictObject({ asOf: calendarDate.optional() });
export const holdersQuerySchema = pagedQuery({ asOf: calendarDate.optional() }, { defaultLimit: 50, maxLimit: 500 });
export const holdersExportQuerySchema = z.strictObject({ asOf: calendarDate.optional() });
export const transactionsQuerySchema = pagedQuery({}, { defaultLimit: 50, maxLimit: 200 });

/** The journal's filters within what the caller may see: a class, a type and effective dates (inclusive). */
export const journalFilters = {
  classId: uuidField.optional(),
  type: z.enum(TRANSACTION_TYPES, { error: M.typeInvalid }).optional(),
  from: calendarDate.optional(),
  to: calendarDate.optional(),
};
const JOURNAL_PAGE = { defaultLimit: 50, maxLimit: 200 };

/** A journal query over `shape` (journalFilters and more), paged, its date range in order. */
export const journalQuery = <Shape extends typeof journalFilters>(shape: Shape) =>
  pagedQuery(shape, JOURNAL_PAGE).refine(
    (query) => {
      // TypeScript cannot see the filters through the output type of a generic shape: name them.
      const { from, to } = query as { from?: string; to?: string };
      return !from || !to || from <= to;
    },
    { message: M.dateRangeReversed, path: ['to'] },
  );

/** The journal: every posting, newest first, narrowed by issuer or class, type, effective dates and account. */
export const journalQuerySchema = journalQuery({
  ...journalFilters,
  issuerId: uuidField.optional(),
  accountNumber: z.string().trim().min(1).max(40, M.accountNumberFilterInvalid).optional(),
});
export type JournalQuery = z.output<typeof journalQuerySchema>;

// ---- Answers -------------------------------------------------------------------------------------------

const decimal = z.string().describe('An exact decimal quantity, such as "100" or "0.5"');

export const shareClassViewSchema = z.object({
  id: z.string(),
  issuerId: z.string(),
  name: z.string(),
  cusip: z.string().nullable(),
  parValue: decimal.nullable(),
  authorizedShares: decimal.nullable().describe('Null until the authorized shares are recorded'),
  outstandingShares: decimal,
});
export type ShareClassView = z.infer<typeof shareClassViewSchema>;

export const issuerViewSchema = z.object({
  id: z.string(),
  legalName: z.string(),
  timeZone: z.string(),
  issuerApplicationId: z.string().nullable(),
  createdAt: z.string(),
  classes: z.array(shareClassViewSchema),
});
export type IssuerView = z.infer<typeof issuerViewSchema>;

export const issuerListSchema = z.object({ success: z.literal(true), data: z.array(issuerViewSchema) });
export const issuerCreatedSchema = z.object({ success: z.literal(true), data: issuerViewSchema });
export const shareClassCreatedSchema = z.object({ success: z.literal(true), data: shareClassViewSchema });

export const legViewSchema = z.object({
  accountId: z.string(),
  accountNumber: z.string(),
  registrationName: z.string(),
  shares: decimal.describe('Signed: negative debits the account, positive credits it'),
  form: z.enum(HOLDING_FORMS),
  certificateNumber: z.string().nullable(),
});
export type LegView = z.infer<typeof legViewSchema>;

export const transactionViewSchema = z.object({
  id: z.string(),
  type: z.enum(TRANSACTION_TYPES),
  classId: z.string(),
  effectiveDate: z.string(),
  postedAt: z.string(),
  postedBy: z.string().nullable(),
  sourceRequestId: z.string().nullable(),
  memo: z.string().nullable(),
  /** A reversing transaction names the posting it reverses. */
  reversesId: z.string().nullable(),
  /** AUTHORIZED_ADJUSTMENT only: the authorized shares it set. */
  authorizedShares: z.string().nullable(),
  legs: z.array(legViewSchema),
  /** In an account's transactions only: its balance after this transaction, in effective-date order. */
  balanceAfter: decimal.optional(),
});
export type TransactionView = z.infer<typeof transactionViewSchema>;
export const transactionPostedSchema = z.object({ success: z.literal(true), data: transactionViewSchema });
export const transactionListSchema = z.object({
  success: z.literal(true),
  data: z.array(transactionViewSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});

export const positionViewSchema = z.object({
  accountId: z.string(),
  accountNumber: z.string(),
  registrationName: z.string(),
  classId: z.string(),
  className: z.string(),
  issuerId: z.string(),
  issuerName: z.string(),
  asOf: z.string(),
  drsShares: decimal,
  certificatedShares: decimal,
  totalShares: decimal,
});
export type PositionView = z.infer<typeof positionViewSchema>;
export const positionAnswerSchema = z.object({ success: z.literal(true), data: positionViewSchema });

export const controlBookViewSchema = z.object({
  classId: z.string(),
  authorizedShares: decimal.nullable(),
  issuedShares: decimal.describe('Every share ever issued in the class'),
  cancelledShares: decimal,
  outstandingShares: decimal.describe('Issued less cancelled'),
  masterFileTotal: decimal.describe("The sum of every holder's position"),
  difference: decimal.describe('Master-file total less outstanding: zero when the books are in balance'),
});
export type ControlBookView = z.infer<typeof controlBookViewSchema>;
export const controlBookAnswerSchema = z.object({ success: z.literal(true), data: controlBookViewSchema });

export const holderRowSchema = z.object({
  accountId: z.string(),
  accountNumber: z.string(),
  registrationName: z.string(),
  shares: decimal,
});
export const holderListSchema = z.object({
  success: z.literal(true),
  asOf: z.string(),
  data: z.array(holderRowSchema),
  total: z.number().int(),
  totalShares: decimal,
  page: z.number().int(),
  limit: z.number().int(),
});
