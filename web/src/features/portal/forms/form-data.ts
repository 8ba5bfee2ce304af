import type { z } from 'zod';
import {
  classifyContact,
  formatShares,
  parsePrice,
  type addressChangeFormSchema,
  type certificateFormSchema,
  type inquiryFormSchema,
  type transferFormSchema,
  type BUYER_ENTITY_TYPES,
  type CERTIFICATE_REASONS,
  type DELIVERY_METHODS,
  type TRANSFER_TYPES,
} from '@ledgerwell/shared/portal-requests';

/**
 * What each portal form holds, and the pure mapping from it to the formData the API takes
 * (public-site spec 3). Value names are the formData keys, so the schemas' and the server's field
 * errors land on the field of the same name. Optional text left blank is omitted (the schemas are
 * strict); required text is sent as typed, trimmed, so the schema names what is missing.
 */

export type TransferFormData = Partial<z.input<typeof transferFormSchema>>;
export type AddressFormData = Partial<z.input<typeof addressChangeFormSchema>>;
export type CertificateFormData = Partial<z.input<typeof certificateFormSchema>>;
export type InquiryFormData = Partial<z.input<typeof inquiryFormSchema>>;

export interface TransferValues {
  transfer_type: '' | (typeof TRANSFER_TYPES)[number];
  receiving_firm_name: string;
  receiving_firm_dtc: string;
  receiving_account_num: string;
  receiving_account_name: string;
  transfer_all_shares: boolean;
  /** Digits only; shown with thousands separators. */
  transfer_shares_count: string;
  certificate_numbers: string;
  shareholder_tax_id: string;
  special_instructions: string;
  preferred_contact: string;
  buyerEntityType: '' | (typeof BUYER_ENTITY_TYPES)[number];
  buyerEntityName: string;
  buyerFirstName: string;
  buyerLastName: string;
  buyerEmail: string;
  buyerPhone: string;
  buyerTaxId: string;
  buyerAddressLine1: string;
  buyerAddressLine2: string;
  buyerCity: string;
  buyerState: string;
  buyerPostalCode: string;
  buyerCountry: string;
  pricePerShare: string;
}

export interface AddressValues {
  new_address_line1: string;
  new_city: string;
  new_state: string;
  new_postal_code: string;
  preferred_contact: string;
}

export interface CertificateValues {
  certificate_reason: '' | (typeof CERTIFICATE_REASONS)[number];
  delivery_method: '' | (typeof DELIVERY_METHODS)[number];
  comments: string;
  preferred_contact: string;
}

export interface InquiryValues {
  inquiry_message: string;
}

export const EMPTY_TRANSFER: TransferValues = {
  transfer_type: '',
  receiving_firm_name: '',
  receiving_firm_dtc: '',
  receiving_account_num: '',
  receiving_account_name: '',
  transfer_all_shares: false,
  transfer_shares_count: '',
  certificate_numbers: '',
  shareholder_tax_id: '',
  special_instructions: '',
  preferred_contact: '',
  buyerEntityType: '',
  buyerEntityName: '',
  buyerFirstName: '',
  buyerLastName: '',
  buyerEmail: '',
  buyerPhone: '',
  buyerTaxId: '',
  buyerAddressLine1: '',
  buyerAddressLine2: '',
  buyerCity: '',
  buyerState: '',
  buyerPostalCode: '',
  buyerCountry: 'United States',
  pricePerShare: '',
};

export const EMPTY_ADDRESS: AddressValues = {
  new_address_line1: '',
  new_city: '',
  new_state: '',
  new_postal_code: '',
  preferred_contact: '',
};
export const EMPTY_CERTIFICATE: CertificateValues = {
  certificate_reason: '',
  delivery_method: '',
  comments: '',
  preferred_contact: '',
};
export const EMPTY_INQUIRY: InquiryValues = { inquiry_message: '' };

/** Keeps the digits of what was typed or pasted: "1,2a3" → "123"; at most 12 digits (safe integers). */
export const sharesDigits = (text: string) =>
  text
    .replace(/\D/g, '')
    .replace(/^0+(?=\d)/, '')
    .slice(0, 12);

/** "12345" → "12,345"; "" stays "". */
export const displayShares = (digits: string) => (digits === '' ? '' : formatShares(Number(digits)));

/** The count the request is about: all of the holding, the typed count, or null when none is given. */
export function sharesToTransfer(
  values: Pick<TransferValues, 'transfer_all_shares' | 'transfer_shares_count'>,
  sharesHeld: string,
): number | null {
  if (values.transfer_all_shares) return Number(sharesHeld);
  return values.transfer_shares_count === '' ? null : Number(values.transfer_shares_count);
}

/**
 * Price × shares, rounded half up to cents once at the end as the server does, in integers (the price has at
 * most 4 decimals, so it is a whole number of ten-thousandths); null until both are known.
 */
export function saleTotal(pricePerShare: string, shares: number | null): number | null {
  const price = parsePrice(pricePerShare);
  if (price === null || shares === null || shares <= 0 || !Number.isInteger(shares)) return null;
  const cents = (BigInt(Math.round(price * 10_000)) * BigInt(shares) + 50n) / 100n;
  return Number(cents) / 100;
}

/** Text that starts with a digit, plus or parenthesis is treated as a phone number (spec 5). */
export const looksLikePhone = (text: string) => /^[\d+(]/.test(text.trim());

type Defined<T> = { [K in keyof T]: Exclude<T[K], undefined> };

/** Leaves out the keys whose value is undefined, so they are not sent at all. */
function compact<T extends Record<string, unknown>>(data: T): Partial<Defined<T>> {
  return Object.fromEntries(Object.entries(data).filter(([, value]) => value !== undefined)) as Partial<Defined<T>>;
}

/** Optional text: trimmed, or undefined (left out) when blank. */
const optional = (text: string) => {
  const trimmed = text.trim();
  return trimmed === '' ? undefined : trimmed;
};

function contact(text: string, required: boolean) {
  const preferred = text.trim();
  return {
    preferred_contact_type: classifyContact(preferred),
    preferred_contact: required ? preferred : optional(preferred),
  };
}

export function toTransferFormData(values: TransferValues): TransferFormData {
  const all = values.transfer_all_shares;
  const count = all || values.transfer_shares_count === '' ? null : Number(values.transfer_shares_count);
  const isSale = values.transfer_type === 'sale';
  const entity = values.buyerEntityType === 'entity';
  const individual = values.buyerEntityType === 'individual';
  return compact({
    // An unchosen type is sent as '' for the schema to refuse with its own message.
    transfer_type: values.transfer_type as NonNullable<TransferFormData['transfer_type']>,
    receiving_firm_name: isSale ? undefined : optional(values.receiving_firm_name),
    receiving_firm_dtc: isSale ? undefined : optional(values.receiving_firm_dtc),
    receiving_account_num: isSale ? undefined : optional(values.receiving_account_num),
    receiving_account_name: isSale ? undefined : optional(values.receiving_account_name),
    transfer_all_shares: all,
    transfer_shares_text: all ? 'ALL' : count === null ? undefined : formatShares(count),
    transfer_shares_count: count,
    certificate_numbers: optional(values.certificate_numbers),
    shareholder_tax_id: values.shareholder_tax_id.trim(),
    special_instructions: optional(values.special_instructions),
    ...contact(values.preferred_contact, true),
    ...(isSale
      ? {
          buyerEntityType: values.buyerEntityType === '' ? undefined : values.buyerEntityType,
          buyerEntityName: entity ? optional(values.buyerEntityName) : undefined,
          buyerFirstName: individual ? optional(values.buyerFirstName) : undefined,
          buyerLastName: individual ? optional(values.buyerLastName) : undefined,
          buyerEmail: optional(values.buyerEmail),
          buyerPhone: optional(values.buyerPhone),
          buyerTaxId: optional(values.buyerTaxId),
          buyerAddressLine1: optional(values.buyerAddressLine1),
          buyerAddressLine2: optional(values.buyerAddressLine2),
          buyerCity: optional(values.buyerCity),
          buyerState: optional(values.buyerState),
          buyerPostalCode: optional(values.buyerPostalCode),
          buyerCountry: optional(values.buyerCountry),
          pricePerShare: optional(values.pricePerShare),
        }
      : {}),
  });
}

export function toAddressFormData(values: AddressValues): AddressFormData {
  return compact({
    new_address_line1: values.new_address_line1.trim(),
    new_city: values.new_city.trim(),
    new_state: values.new_state.trim(),
    new_postal_code: values.new_postal_code.trim(),
    ...contact(values.preferred_contact, false),
  });
}

export function toCertificateFormData(values: CertificateValues): CertificateFormData {
  return compact({
    certificate_reason: values.certificate_reason as NonNullable<CertificateFormData['certificate_reason']>,
    delivery_method: values.delivery_method as NonNullable<CertificateFormData['delivery_method']>,
    comments: optional(values.comments),
    ...contact(values.preferred_contact, true),
  });
}

export function toInquiryFormData(values: InquiryValues): InquiryFormData {
  return { inquiry_message: values.inquiry_message.trim() };
}
