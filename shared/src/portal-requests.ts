import { z } from 'zod';
import { EMAIL_MAX_LENGTH, isEmailAddress } from './email';
import { isGroupedPhoneNumber } from './phone';
import { REQUEST_TYPES, type RequestType } from './request-types';
import { formatDecimal } from './ledger';
import { isUsStateCode } from './us-states';

export {
  PORTAL_FORM_REQUEST_TYPES,
  REQUEST_TYPES,
  REQUEST_TYPE_TITLES,
  type PortalFormRequestType,
  type RequestType,
} from './request-types';

export const TRANSFER_TYPES = ['drs', 'dwac', 'not-sure', 'sale'] as const;
export const CERTIFICATE_REASONS = ['replacement', 'duplicate', 'estate', 'legal', 'other'] as const;
export const DELIVERY_METHODS = ['standard', 'certified', 'overnight', 'pickup'] as const;
export const CONTACT_TYPES = ['EMAIL', 'PHONE'] as const;
export const BUYER_ENTITY_TYPES = ['entity', 'individual'] as const;

export const REQUEST_MESSAGES = {
  invalidContact: 'Please enter a valid email address or phone number',
  contactRequired: 'Please enter an email address or phone number',
  contactTypeMismatch: 'The contact type does not match the contact given',
  transferTypeRequired: 'Please choose a transfer type',
  firmNameRequired: 'Receiving firm name is required',
  dtcTooLong: 'DTC number must be at most 4 characters',
  receivingAccountRequired: 'Receiving account number is required',
  receivingAccountNameRequired: 'Account registration name is required',
  taxIdRequired: 'Tax ID is required',
  taxIdTooLong: 'Tax ID must be at most 15 characters',
  sharesRequired: 'Please enter the number of shares to transfer, or tick Transfer all shares',
  sharesDigitsOnly: 'Share count must contain digits only',
  sharesPositive: 'Share count must be at least 1',
  sharesAboveHoldings: 'The share count is more than the shares held in this account',
  fractionalHoldingAll:
    'This account holds a fraction of a share, which cannot be transferred here: enter a whole number of shares, and we will contact you about the fraction (usually sold for cash in lieu)',
  holdingTooLargeForAll:
    'This holding is larger than the request form can carry as "all shares": please contact us and we will arrange the transfer with you',
  sharesTextMismatch: 'The share count text does not match the share count',
  addressRequired: 'Street address is required',
  cityRequired: 'City is required',
  stateRequired: 'State is required',
  stateInvalid: 'Choose a US state',
  zipRequired: 'ZIP code is required',
  zipInvalid: 'ZIP code must be 5 digits or 5+4',
  reasonRequired: 'Please choose a reason',
  deliveryRequired: 'Please choose a delivery method',
  inquiryRequired: 'Please enter your message',
  buyerTypeRequired: 'Please say whether the buyer is an individual or an entity',
  buyerEntityNameRequired: 'Buyer entity name is required',
  buyerFirstNameRequired: 'Buyer first name is required',
  buyerLastNameRequired: 'Buyer last name is required',
  buyerEmailInvalid: 'Please enter a valid buyer email address',
  buyerPhoneInvalid: 'Please enter a valid buyer phone number',
  buyerTaxIdRequired: 'Buyer tax ID is required',
  buyerAddressRequired: 'Buyer street address is required',
  buyerCityRequired: 'Buyer city is required',
  buyerStateRequired: 'Buyer state is required',
  buyerPostalCodeRequired: 'Buyer postal code is required',
  buyerCountryRequired: 'Buyer country is required',
  priceInvalid: 'Price per share must be a positive amount with at most 4 decimals',
  tooLong: 'This field is too long',
  submitFailed: 'Failed to submit request. Please try again.',
} as const;
const M = REQUEST_MESSAGES;

/** Text starting with a digit, plus or parenthesis is a phone number; anything else an e-mail (spec 5). */
export function classifyContact(value: string): 'EMAIL' | 'PHONE' | null {
  const text = value.trim();
  if (text === '' || text.length > EMAIL_MAX_LENGTH) return null;
  if (/^[\d+(]/.test(text)) {
    const digits = text.replace(/\D/g, '');
    return isGroupedPhoneNumber(text) && digits.length >= 10 && digits.length <= 15 ? 'PHONE' : null;
  }
  return isEmailAddress(text) ? 'EMAIL' : null;
}

/** 10 digits: (555) 010-2000; more: +1 (555) 010-2000 with the extra leading digits as the country prefix. */
export function formatUsPhone(value: string): string {
  const digits = value.replace(/\D/g, '');
  if (digits.length < 10) return digits;
  const local = digits.slice(-10);
  const formatted = `(${local.slice(0, 3)}) ${local.slice(3, 6)}-${local.slice(6)}`;
  return digits.length > 10 ? `+${digits.slice(0, -10)} ${formatted}` : formatted;
}

/** 1234567 → "1,234,567". */
/** A count of shares for people: a whole count from a form, or an exact decimal string from the ledger. */
export const formatShares = (count: number | string) =>
  typeof count === 'string' ? formatDecimal(count) : count.toLocaleString('en-US');

const text = (max: number) => z.string({ error: M.tooLong }).trim().max(max, M.tooLong);
const required = (message: string, max = 200) =>
  z.string({ error: message }).trim().min(1, message).max(max, M.tooLong);
const optional = (max = 1000) => text(max).optional();

/** The contact itself plus its type; the type must agree with what the text is. */
const contactFields = (requiredContact: boolean) => ({
  preferred_contact_type: z.enum(CONTACT_TYPES).nullable().optional(),
  preferred_contact: z
    .string()
    .trim()
    .max(EMAIL_MAX_LENGTH, { message: M.invalidContact, abort: true })
    .refine((v) => !requiredContact || v !== '', M.contactRequired)
    .refine((v) => v === '' || classifyContact(v) !== null, M.invalidContact)
    .optional(),
});

function checkContact(
  data: { preferred_contact?: string | undefined; preferred_contact_type?: 'EMAIL' | 'PHONE' | null | undefined },
  ctx: z.RefinementCtx,
  requiredContact: boolean,
) {
  const contact = typeof data.preferred_contact === 'string' ? data.preferred_contact.trim() : '';
  if (requiredContact && contact === '') {
    ctx.addIssue({ code: 'custom', path: ['preferred_contact'], message: M.contactRequired });
    return;
  }
  const kind = classifyContact(contact);
  if (kind && data.preferred_contact_type && data.preferred_contact_type !== kind) {
    ctx.addIssue({ code: 'custom', path: ['preferred_contact_type'], message: M.contactTypeMismatch });
  }
}

/**
 * Cross-field checks run whenever the body is an object, even when some fields failed their own
 * checks, so that one answer (and one click on Submit) names every problem. Zod's default skips
 * them until every field passes. The checks read fields defensively for that reason.
 */
const ALWAYS = {
  when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null,
} as const;
const text_ = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

const zip = z
  .string({ error: M.zipRequired })
  .trim()
  .min(1, { message: M.zipRequired, abort: true })
  .max(10, { message: M.zipInvalid, abort: true })
  .regex(/^\d{5}(-\d{4})?$/, M.zipInvalid);

export const transferFormSchema = z
  .strictObject({
    transfer_type: z.enum(TRANSFER_TYPES, { error: M.transferTypeRequired }),
    receiving_firm_name: optional(200),
    receiving_firm_dtc: z.string().trim().max(4, M.dtcTooLong).optional(),
    receiving_account_num: optional(40),
    receiving_account_name: optional(200),
    transfer_all_shares: z.boolean().default(false),
    transfer_shares_text: optional(40),
    transfer_shares_count: z
      .number({ error: M.sharesDigitsOnly })
      .int(M.sharesDigitsOnly)
      .min(1, M.sharesPositive)
      .nullable()
      .optional(),
    certificate_numbers: optional(1000),
    shareholder_tax_id: z.string({ error: M.taxIdRequired }).trim().min(1, M.taxIdRequired).max(15, M.taxIdTooLong),
    special_instructions: optional(2000),
    ...contactFields(true),
    // Private sale (beyond the spec): the buyer, under the admin screen's names.
    buyerEntityType: z.enum(BUYER_ENTITY_TYPES, { error: M.buyerTypeRequired }).optional(),
    buyerEntityName: optional(200),
    buyerFirstName: optional(100),
    buyerLastName: optional(100),
    buyerEmail: optional(254),
    buyerPhone: optional(40),
    buyerTaxId: optional(15),
    buyerAddressLine1: optional(200),
    buyerAddressLine2: optional(200),
    buyerCity: optional(100),
    buyerState: optional(50),
    buyerPostalCode: optional(20),
    buyerCountry: optional(60),
    pricePerShare: z
      .union([z.string().max(40, { message: M.priceInvalid, abort: true }), z.number()], { error: M.priceInvalid })
      .optional(),
  })
  .superRefine((data, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    checkContact(data, ctx, true);
    if (
      !data.transfer_all_shares &&
      (data.transfer_shares_count === null || data.transfer_shares_count === undefined)
    ) {
      issue('transfer_shares_count', M.sharesRequired);
    }
    // The display text the portal sends must say the same as the count: "ALL" or "1,000".
    if (typeof data.transfer_shares_text === 'string' && data.transfer_shares_text) {
      const expected = data.transfer_all_shares
        ? 'ALL'
        : typeof data.transfer_shares_count === 'number'
          ? formatShares(data.transfer_shares_count)
          : null;
      if (expected !== null && data.transfer_shares_text.replace(/,/g, '') !== expected.replace(/,/g, ''))
        issue('transfer_shares_text', M.sharesTextMismatch);
    }
    if (data.transfer_type === 'sale') {
      if (!BUYER_ENTITY_TYPES.includes(data.buyerEntityType as never)) issue('buyerEntityType', M.buyerTypeRequired);
      if (data.buyerEntityType === 'entity' && !text_(data.buyerEntityName))
        issue('buyerEntityName', M.buyerEntityNameRequired);
      if (data.buyerEntityType === 'individual') {
        if (!text_(data.buyerFirstName)) issue('buyerFirstName', M.buyerFirstNameRequired);
        if (!text_(data.buyerLastName)) issue('buyerLastName', M.buyerLastNameRequired);
      }
      if (!isEmailAddress(text_(data.buyerEmail))) issue('buyerEmail', M.buyerEmailInvalid);
      if (text_(data.buyerPhone) && classifyContact(text_(data.buyerPhone)) !== 'PHONE')
        issue('buyerPhone', M.buyerPhoneInvalid);
      if (!text_(data.buyerTaxId)) issue('buyerTaxId', M.buyerTaxIdRequired);
      if (!text_(data.buyerAddressLine1)) issue('buyerAddressLine1', M.buyerAddressRequired);
      if (!text_(data.buyerCity)) issue('buyerCity', M.buyerCityRequired);
      if (!text_(data.buyerState)) issue('buyerState', M.buyerStateRequired);
      if (!text_(data.buyerPostalCode)) issue('buyerPostalCode', M.buyerPostalCodeRequired);
      if (!text_(data.buyerCountry)) issue('buyerCountry', M.buyerCountryRequired);
      if (parsePrice(data.pricePerShare) === null) issue('pricePerShare', M.priceInvalid);
    } else {
      if (!text_(data.receiving_firm_name)) issue('receiving_firm_name', M.firmNameRequired);
      if (!text_(data.receiving_account_num)) issue('receiving_account_num', M.receivingAccountRequired);
      if (!text_(data.receiving_account_name)) issue('receiving_account_name', M.receivingAccountNameRequired);
    }
  }, ALWAYS);
export type TransferForm = z.output<typeof transferFormSchema>;

/** A positive price with at most 4 decimals ("$1,234.50" is fine); null when invalid. */
export function parsePrice(value: unknown): number | null {
  const textValue =
    typeof value === 'number'
      ? String(value)
      : typeof value === 'string'
        ? value.trim().replace(/^\$/, '').replace(/,/g, '')
        : '';
  if (!/^\d{1,9}(\.\d{1,4})?$/.test(textValue)) return null;
  const price = Number(textValue);
  return price > 0 ? price : null;
}

export const addressChangeFormSchema = z
  .strictObject({
    new_address_line1: required(M.addressRequired),
    new_city: required(M.cityRequired, 100),
    new_state: required(M.stateRequired, 50).refine((state) => isUsStateCode(state.toUpperCase()), M.stateInvalid),
    new_postal_code: zip,
    ...contactFields(false),
  })
  .superRefine((data, ctx) => checkContact(data, ctx, false), ALWAYS);

export const certificateFormSchema = z
  .strictObject({
    certificate_reason: z.enum(CERTIFICATE_REASONS, { error: M.reasonRequired }),
    delivery_method: z.enum(DELIVERY_METHODS, { error: M.deliveryRequired }),
    comments: optional(2000),
    ...contactFields(true),
  })
  .superRefine((data, ctx) => checkContact(data, ctx, true), ALWAYS);

export const inquiryFormSchema = z.strictObject({
  inquiry_message: required(M.inquiryRequired, 5000),
});

export const submitRequestSchema = z.discriminatedUnion(
  'requestType',
  [
    z.strictObject({ requestType: z.literal('TRANSFER'), formData: transferFormSchema }),
    z.strictObject({ requestType: z.literal('ADDRESS_CHANGE'), formData: addressChangeFormSchema }),
    z.strictObject({ requestType: z.literal('CERTIFICATE'), formData: certificateFormSchema }),
    z.strictObject({ requestType: z.literal('INQUIRY'), formData: inquiryFormSchema }),
  ],
  { error: 'requestType must be TRANSFER, ADDRESS_CHANGE, CERTIFICATE or INQUIRY' },
);
export type SubmitRequestInput = z.output<typeof submitRequestSchema>;

/** Reference prefixes: TR-2026-000123. */
export const REFERENCE_PREFIX: Record<RequestType, string> = {
  TRANSFER: 'TR',
  ADDRESS_CHANGE: 'AC',
  CERTIFICATE: 'CR',
  INQUIRY: 'IQ',
  LOST_CERTIFICATE: 'LC',
};

/** A reference number: the type's two letters, the year, and the request's number from one sequence (at least six digits). */
export function formatReferenceNumber(type: RequestType, year: number, sequence: number): string {
  return `${REFERENCE_PREFIX[type]}-${year}-${String(sequence).padStart(6, '0')}`;
}

/** Upper-case text that a reference number can begin with: `T`, `TR`, `TR-20`, `TR-2026-0001`. */
export const REFERENCE_START_PATTERN = /^[A-Z]{1,2}$|^[A-Z]{2}-\d{0,4}$|^[A-Z]{2}-\d{4}-\d*$/;

/** Every status a request can have (admin-request-review spec 4); stored uppercase. */
export const REQUEST_STATUSES = [
  'PENDING',
  'AWAITING_VERIFICATION',
  'VERIFICATION_SUBMITTED',
  'VERIFIED',
  'PROCESSING',
  'APPROVED',
  'REJECTED',
  'COMPLETED',
  'CANCELLED',
] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** A verification code is valid 24 hours (public-site spec 4). */
export const VERIFICATION_CODE_TTL_MS = 24 * 60 * 60 * 1000;

export const submitRequestResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  referenceNumber: z.string(),
  data: z.object({
    id: z.string(),
    referenceNumber: z.string(),
    status: z.enum(REQUEST_STATUSES),
    /** Only in the first answer to a transfer: a replay never hands the code out again. */
    verificationCode: z.string().optional(),
    verificationCodeSent: z.boolean().optional(),
  }),
});
export type SubmitRequestResponse = z.infer<typeof submitRequestResponseSchema>;

export const ownRequestSchema = z.object({
  id: z.string(),
  referenceNumber: z.string(),
  requestType: z.enum(REQUEST_TYPES),
  status: z.enum(REQUEST_STATUSES),
  createdAt: z.string(),
});
export type OwnRequest = z.infer<typeof ownRequestSchema>;
export const ownRequestsResponseSchema = z.object({ success: z.literal(true), requests: z.array(ownRequestSchema) });
