import { z } from 'zod';
import { deliveryPreferenceSchema } from './delivery-preferences';
import { emailAddressSchema } from './email';
import { pagedQuery } from './paging';

/** The shareholder registry a transfer agent loads from its issuers (foundation for the portal sign-in). */
export const SHAREHOLDER_CODE_PATTERN = /^[A-Za-z0-9]{3,10}$/;
export const HOLDING_TYPES = ['DRS', 'CERTIFICATED'] as const;
export type HoldingType = (typeof HOLDING_TYPES)[number];

export const REGISTRY_MESSAGES = {
  effectiveDateInvalid: 'Effective date must be a date written YYYY-MM-DD, not after today',
  codeInvalid: 'Shareholder code must be 3 to 10 letters or digits',
  nameRequired: 'Name is required',
  emailInvalid: 'Please enter a valid email address',
  phoneInvalid: 'Please enter a valid phone number',
  taxIdTooLong: 'Tax ID must be at most 15 characters',
  taxIdInvalid: 'Tax ID may contain only digits and dashes',
  addressLine1Required: 'Street address is required',
  cityRequired: 'City is required',
  stateRequired: 'State is required',
  postalCodeInvalid: 'ZIP code must be 5 digits or 5+4',
  accountsRequired: 'At least one account is required',
  accountNumberInvalid: 'Account number must be 4 to 20 letters, digits or dashes',
  accountNumberWeak: 'A new account number needs at least 8 letters or digits (dashes do not count)',
  registrationNameRequired: 'Registration name is required',
  issuerRequired: 'Issuer is required',
  shareClassRequired: 'Share class is required',
  sharesHeldInvalid: 'Shares held must be a whole number of zero or more',
  holdingTypeInvalid: 'Holding type must be DRS or CERTIFICATED',
  codeTaken: 'This shareholder code is already in use',
  accountTaken: 'This account number is already in use',
  duplicateAccount: 'Each account number may appear only once',
  classFixed: (issuer: string, shareClass: string) =>
    `The account is on file in ${issuer}, ${shareClass}; an account's class cannot change`,
  holdingOnLedger: (held: string) =>
    `The ledger holds ${held} shares for this account; a file cannot change a holding (post a transfer, issuance or cancellation instead)`,
} as const;

const required = (message: string, max = 200) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);

/**
 * The account number is the portal's secret (with the shareholder code). Four characters were once
 * accepted; at most 50 guesses a day per code (decision 018) make 8 letters or digits hopeless to guess,
 * so new entries need that many. Older shorter ones keep working and are shown as weak.
 */
export const ACCOUNT_NUMBER_MIN_STRENGTH = 8;
const ACCOUNT_NUMBER_SHAPE = /^[A-Za-z0-9-]{4,20}$/;

/** Dashes are ignored at the sign-in (the portal compares letters and digits only), so they add nothing. */
export const isWeakAccountNumber = (accountNumber: string) =>
  accountNumber.replace(/[^A-Za-z0-9]/g, '').length < ACCOUNT_NUMBER_MIN_STRENGTH;
const STRONG_ACCOUNT_NUMBER = new RegExp(`^(?=(?:[^A-Za-z0-9]*[A-Za-z0-9]){${ACCOUNT_NUMBER_MIN_STRENGTH}})`);

const accountNumberField = z
  .string({ error: REGISTRY_MESSAGES.accountNumberInvalid })
  .trim()
  .max(20, { message: REGISTRY_MESSAGES.accountNumberInvalid, abort: true })
  .regex(ACCOUNT_NUMBER_SHAPE, { message: REGISTRY_MESSAGES.accountNumberInvalid, abort: true });

/** An account as the registry stores it: any shape it has ever accepted (a CSV line may update an older one). */
export const accountInputSchema = z.strictObject({
  accountNumber: accountNumberField,
  registrationName: required(REGISTRY_MESSAGES.registrationNameRequired),
  issuer: required(REGISTRY_MESSAGES.issuerRequired),
  shareClass: required(REGISTRY_MESSAGES.shareClassRequired, 100),
  sharesHeld: z
    .number({ error: REGISTRY_MESSAGES.sharesHeldInvalid })
    .int(REGISTRY_MESSAGES.sharesHeldInvalid)
    .min(0, REGISTRY_MESSAGES.sharesHeldInvalid)
    .max(Number.MAX_SAFE_INTEGER, REGISTRY_MESSAGES.sharesHeldInvalid),
  holdingType: z.enum(HOLDING_TYPES, { error: REGISTRY_MESSAGES.holdingTypeInvalid }),
  certificateNumbers: z.array(z.string().trim().min(1).max(40)).max(500).default([]),
});
export type AccountInput = z.output<typeof accountInputSchema>;

const shareholderFields = {
  code: z
    .string({ error: REGISTRY_MESSAGES.codeInvalid })
    .trim()
    .max(10, { message: REGISTRY_MESSAGES.codeInvalid, abort: true })
    .regex(SHAREHOLDER_CODE_PATTERN, REGISTRY_MESSAGES.codeInvalid),
  name: required(REGISTRY_MESSAGES.nameRequired),
  email: z
    .string({ error: REGISTRY_MESSAGES.emailInvalid })
    .trim()
    .pipe(emailAddressSchema(REGISTRY_MESSAGES.emailInvalid)),
  phone: z
    .string()
    .trim()
    .max(40, { message: REGISTRY_MESSAGES.phoneInvalid, abort: true })
    .regex(/^$|^\+?[\d\s().-]{7,}$/, REGISTRY_MESSAGES.phoneInvalid)
    .optional(),
  taxId: z
    .string()
    .trim()
    .max(15, { message: REGISTRY_MESSAGES.taxIdTooLong, abort: true })
    .regex(/^[\d-]*$/, REGISTRY_MESSAGES.taxIdInvalid)
    .optional(),
  address: z.strictObject({
    line1: required(REGISTRY_MESSAGES.addressLine1Required),
    line2: z.string().trim().max(200).optional(),
    city: required(REGISTRY_MESSAGES.cityRequired, 100),
    state: required(REGISTRY_MESSAGES.stateRequired, 50),
    postalCode: z
      .string({ error: REGISTRY_MESSAGES.postalCodeInvalid })
      .trim()
      .max(10, { message: REGISTRY_MESSAGES.postalCodeInvalid, abort: true })
      .regex(/^\d{5}(-\d{4})?$/, REGISTRY_MESSAGES.postalCodeInvalid),
  }),
};

const accountsOf = (account: typeof accountInputSchema) =>
  z
    .array(account, { error: REGISTRY_MESSAGES.accountsRequired })
    .min(1, REGISTRY_MESSAGES.accountsRequired)
    .max(100)
    .refine(
      (accounts) => new Set(accounts.map((a) => a.accountNumber.toUpperCase())).size === accounts.length,
      REGISTRY_MESSAGES.duplicateAccount,
    );

/** A CSV line: its account may be new or one already on file (the import decides which, and checks a new one's strength). */
export const importedShareholderSchema = z.strictObject({
  ...shareholderFields,
  accounts: accountsOf(accountInputSchema),
});

/** The form, which only adds: every account is new, so every account number must be strong. */
export const shareholderInputSchema = z.strictObject({
  ...shareholderFields,
  accounts: accountsOf(
    accountInputSchema.extend({
      // isWeakAccountNumber as a pattern (8 letters or digits among the dashes), so the document states it.
      accountNumber: accountNumberField.regex(STRONG_ACCOUNT_NUMBER, REGISTRY_MESSAGES.accountNumberWeak),
    }),
  ),
});
export type ShareholderInput = z.output<typeof importedShareholderSchema>;

export const SHAREHOLDERS_PAGE_SIZE = 20;
export const SHAREHOLDERS_MAX_PAGE_SIZE = 100;

export const shareholderListQuerySchema = pagedQuery(
  { search: z.string().trim().max(100).optional() },
  { defaultLimit: SHAREHOLDERS_PAGE_SIZE, maxLimit: SHAREHOLDERS_MAX_PAGE_SIZE },
);

/** Shows only the last four characters of a tax ID: ***-**-6789. */
export function maskTaxId(last4: string | null): string | null {
  return last4 ? `***-**-${last4}` : null;
}

/** The CSV import's header, in order: one row per account. */
export const IMPORT_COLUMNS = [
  'code',
  'name',
  'email',
  'phone',
  'tax_id',
  'address_line1',
  'city',
  'state',
  'postal_code',
  'account_number',
  'registration_name',
  'issuer',
  'share_class',
  'shares_held',
  'holding_type',
  'certificate_numbers',
] as const;
/**
 * An optional last column: the day an opening balance took effect (the holder's original issue date, when a
 * registry moves to Ledgerwell), YYYY-MM-DD, not after today; empty or absent: the day of the import.
 */
export const IMPORT_EFFECTIVE_DATE_COLUMN = 'effective_date';
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

/** What the admin API answers for a shareholder: the tax ID only masked. */
export const accountViewSchema = z.object({
  id: z.string(),
  accountNumber: z.string(),
  registrationName: z.string(),
  issuer: z.string(),
  shareClass: z.string(),
  /** From the ledger: exact decimal strings, DRS and certificated apart and together. */
  sharesHeld: z.string(),
  drsShares: z.string(),
  certificatedShares: z.string(),
  /** The form the account was opened with in the registry. */
  holdingType: z.enum(HOLDING_TYPES),
  /** The certificates the account holds on the ledger, outstanding or stopped. */
  certificateNumbers: z.array(z.string()),
  /** Fewer than 8 letters or digits: accepted before the rule, easier to guess (isWeakAccountNumber). */
  weakAccountNumber: z.boolean(),
});

export const shareholderViewSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  taxIdMasked: z.string().nullable(),
  address: z.object({
    line1: z.string(),
    line2: z.string().nullable(),
    city: z.string(),
    state: z.string(),
    postalCode: z.string(),
  }),
  accounts: z.array(accountViewSchema),
  createdAt: z.string(),
  /** How advices and statements reach the holder, as they last chose (paper, with no time, until they choose). */
  deliveryPreference: deliveryPreferenceSchema,
});
export type ShareholderView = z.infer<typeof shareholderViewSchema>;

export const shareholderListSchema = z.object({
  success: z.literal(true),
  shareholders: z.array(shareholderViewSchema),
  total: z.number(),
  page: z.number(),
  totalPages: z.number(),
});
export const shareholderCreatedSchema = z.object({ success: z.literal(true), data: shareholderViewSchema });

/** The registration's addresses over time, newest first, each with the day it took effect (issue 28). */
export const addressHistoryEntrySchema = z.object({
  line1: z.string(),
  line2: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
  effectiveFrom: z.string(),
  /** The approved address-change request it came from; null for the address on file before the first change. */
  sourceRequestId: z.string().nullable(),
  recordedBy: z.string().nullable(),
  recordedAt: z.string(),
});
export const addressHistorySchema = z.object({ success: z.literal(true), data: z.array(addressHistoryEntrySchema) });
export const shareholderImportResultSchema = z.object({
  success: z.literal(true),
  data: z.object({ created: z.number(), updated: z.number(), accounts: z.number() }),
});
