import {
  LOST_CERTIFICATE_REASON_LABELS,
  REPLACEMENT_FORM_LABELS,
  type LostCertificateReason,
} from '@ledgerwell/shared/lost-certificates';
import type { HoldingForm } from '@ledgerwell/shared/ledger';
import type { RequestType } from '@ledgerwell/shared/portal-requests';

/**
 * Reads a request's formData for the details page. The portal stores snake_case names
 * (new_city, certificate_reason, …); the spec also names older and camelCase spellings (city,
 * zipCode, certificateReason, …): every reader tries each spelling in turn. Tax IDs are stored
 * encrypted, and formData keeps only their last four digits (`*_last4`).
 */
export type FormValues = Record<string, unknown>;

/** Every spelling of each field, the portal's first. */
export const FIELD_NAMES = {
  addressLine1: ['new_address_line1', 'address', 'newAddressLine1', 'address_line1', 'addressLine1', 'newAddress'],
  addressLine2: ['new_address_line2', 'newAddressLine2', 'address_line2', 'addressLine2'],
  city: ['new_city', 'city', 'newCity'],
  state: ['new_state', 'state', 'newState'],
  zip: ['new_postal_code', 'zipCode', 'zip_code', 'zip', 'newPostalCode', 'postal_code', 'postalCode'],
  contact: ['preferred_contact', 'preferredContact'],
  contactType: ['preferred_contact_type', 'preferredContactType'],
  certificateReason: ['certificate_reason', 'certificateReason'],
  deliveryMethod: ['delivery_method', 'deliveryMethod'],
  comments: ['comments'],
  inquiryMessage: ['inquiry_message', 'inquiryMessage', 'message'],
  transferType: ['transfer_type', 'transferType'],
  receivingFirmName: ['receiving_firm_name', 'receivingFirmName'],
  receivingFirmDtc: ['receiving_firm_dtc', 'receivingFirmDtc', 'dtcNumber', 'dtc_number'],
  receivingAccountNumber: [
    'receiving_account_num',
    'receivingAccountNum',
    'receivingAccountNumber',
    'receiving_account_number',
  ],
  receivingAccountName: ['receiving_account_name', 'receivingAccountName'],
  transferAllShares: ['transfer_all_shares', 'transferAllShares'],
  sharesCount: ['transfer_shares_count', 'transferSharesCount'],
  sharesText: ['transfer_shares_text', 'transferSharesText'],
  certificateNumbers: ['certificate_numbers', 'certificateNumbers'],
  shareholderTaxId: ['shareholder_tax_id_last4', 'shareholderTaxIdLast4', 'shareholder_tax_id', 'shareholderTaxId'],
  specialInstructions: ['special_instructions', 'specialInstructions'],
  buyerEntityType: ['buyerEntityType', 'buyer_entity_type'],
  buyerEntityName: ['buyerEntityName', 'buyer_entity_name'],
  buyerFirstName: ['buyerFirstName', 'buyer_first_name'],
  buyerLastName: ['buyerLastName', 'buyer_last_name'],
  buyerEmail: ['buyerEmail', 'buyer_email'],
  buyerPhone: ['buyerPhone', 'buyer_phone'],
  buyerTaxId: ['buyerTaxId_last4', 'buyerTaxIdLast4', 'buyer_tax_id_last4', 'buyerTaxId', 'buyer_tax_id'],
  buyerAddressLine1: ['buyerAddressLine1', 'buyer_address_line1'],
  buyerAddressLine2: ['buyerAddressLine2', 'buyer_address_line2'],
  buyerCity: ['buyerCity', 'buyer_city'],
  buyerState: ['buyerState', 'buyer_state'],
  buyerPostalCode: ['buyerPostalCode', 'buyer_postal_code'],
  buyerCountry: ['buyerCountry', 'buyer_country'],
  pricePerShare: ['pricePerShare', 'price_per_share'],
  totalAmount: ['totalAmount', 'total_amount'],
  numberOfShares: ['numberOfShares', 'number_of_shares'],
  lostCertificateNumber: ['certificateNumber'],
  lostCertificateShares: ['shares'],
  lostReason: ['reason'],
  lostCircumstances: ['circumstances'],
  replacementForm: ['replacementForm'],
  affidavitFullName: ['affidavitFullName'],
  affidavitSignedAt: ['affidavitSignedAt'],
  nextSteps: ['nextSteps'],
} as const satisfies Record<string, readonly string[]>;
export type FieldName = keyof typeof FIELD_NAMES;

const isPresent = (value: unknown) =>
  value !== undefined && value !== null && !(typeof value === 'string' && value.trim() === '');

/** The first present value among the field's spellings, or undefined. */
export function readField(data: FormValues, field: FieldName): unknown {
  for (const name of FIELD_NAMES[field]) {
    if (isPresent(data[name])) return data[name];
  }
  return undefined;
}

/** The field as trimmed text (numbers and booleans spelled out), or null. */
export function readText(data: FormValues, field: FieldName): string | null {
  const value = readField(data, field);
  if (value === undefined) return null;
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.map(String).join(', ');
  return JSON.stringify(value);
}

export function readBoolean(data: FormValues, field: FieldName): boolean {
  const value = readField(data, field);
  return value === true || (typeof value === 'string' && ['true', 'yes', '1'].includes(value.trim().toLowerCase()));
}

/** A number, also from text such as "2,500" or "$14.25"; null when absent or not a number. */
export function readNumber(data: FormValues, field: FieldName): number | null {
  const value = readField(data, field);
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const cleaned = value.trim().replace(/^\$/, '').replace(/,/g, '');
  if (!/^-?\d+(\.\d+)?$/.test(cleaned)) return null;
  return Number(cleaned);
}

/** The last four digits of a tax ID, masked: ***-**-1234 for a person, **-***1234 for an entity (spec 5). */
export function maskTaxId(value: string | null, kind: 'individual' | 'entity' = 'individual'): string | null {
  if (!value) return null;
  const last4 = value.replace(/\D/g, '').slice(-4);
  if (!last4) return null;
  return kind === 'entity' ? `**-***${last4}` : `***-**-${last4}`;
}

/** A 10-digit phone as (xxx) xxx-xxxx; anything else as given (spec 5). */
export function formatPhone(value: string | null): string | null {
  if (!value) return null;
  const digits = value.replace(/\D/g, '');
  return digits.length === 10 ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` : value;
}

const TRANSFER_TYPE_LABELS: Record<string, string> = {
  drs: 'DRS',
  dwac: 'DWAC',
  'not-sure': 'Not sure',
  not_sure: 'Not sure',
  sale: 'Sale',
};
const CERTIFICATE_REASON_LABELS: Record<string, string> = {
  replacement: 'Replacement (lost, stolen or destroyed)',
  duplicate: 'Duplicate',
  estate: 'Estate settlement',
  legal: 'Legal requirement',
  other: 'Other',
};
const DELIVERY_METHOD_LABELS: Record<string, string> = {
  standard: 'Standard mail',
  certified: 'Certified mail',
  overnight: 'Overnight delivery',
  pickup: 'Pickup',
};

function labelFrom(labels: Record<string, string>, value: string | null): string | null {
  if (value === null) return null;
  return labels[value.toLowerCase()] ?? value;
}

export interface BuyerView {
  kind: 'entity' | 'individual';
  name: string | null;
  email: string | null;
  phone: string | null;
  taxIdMasked: string | null;
  address: string | null;
  pricePerShare: number | null;
  totalAmount: number | null;
  numberOfShares: number | null;
}

export interface TransferView {
  transferType: string | null;
  transferTypeLabel: string | null;
  receivingFirmName: string | null;
  receivingFirmDtc: string | null;
  receivingAccountNumber: string | null;
  receivingAccountName: string | null;
  allShares: boolean;
  sharesCount: number | null;
  certificateNumbers: string | null;
  shareholderTaxIdMasked: string | null;
  contact: string | null;
  contactType: string | null;
  specialInstructions: string | null;
  buyer: BuyerView | null;
}

function joinAddress(parts: (string | null)[]): string | null {
  const present = parts.filter((part): part is string => Boolean(part));
  return present.length ? present.join(', ') : null;
}

export function readBuyer(data: FormValues): BuyerView {
  const kind = readText(data, 'buyerEntityType')?.toLowerCase() === 'entity' ? 'entity' : 'individual';
  const personName =
    [readText(data, 'buyerFirstName'), readText(data, 'buyerLastName')].filter(Boolean).join(' ') || null;
  const cityLine = [
    readText(data, 'buyerCity'),
    [readText(data, 'buyerState'), readText(data, 'buyerPostalCode')].filter(Boolean).join(' '),
  ]
    .filter(Boolean)
    .join(', ');
  return {
    kind,
    name:
      kind === 'entity'
        ? (readText(data, 'buyerEntityName') ?? personName)
        : (personName ?? readText(data, 'buyerEntityName')),
    email: readText(data, 'buyerEmail'),
    phone: formatPhone(readText(data, 'buyerPhone')),
    taxIdMasked: maskTaxId(readText(data, 'buyerTaxId'), kind),
    address: joinAddress([
      readText(data, 'buyerAddressLine1'),
      readText(data, 'buyerAddressLine2'),
      cityLine || null,
      readText(data, 'buyerCountry'),
    ]),
    pricePerShare: readNumber(data, 'pricePerShare'),
    totalAmount: readNumber(data, 'totalAmount'),
    numberOfShares: readNumber(data, 'numberOfShares'),
  };
}

export function readTransfer(data: FormValues): TransferView {
  const transferType = readText(data, 'transferType')?.toLowerCase() ?? null;
  const allShares = readBoolean(data, 'transferAllShares') || readText(data, 'sharesText')?.toUpperCase() === 'ALL';
  return {
    transferType,
    transferTypeLabel: labelFrom(TRANSFER_TYPE_LABELS, transferType),
    receivingFirmName: readText(data, 'receivingFirmName'),
    receivingFirmDtc: readText(data, 'receivingFirmDtc'),
    receivingAccountNumber: readText(data, 'receivingAccountNumber'),
    receivingAccountName: readText(data, 'receivingAccountName'),
    allShares,
    sharesCount: allShares
      ? null
      : (readNumber(data, 'sharesCount') ?? readNumber(data, 'sharesText') ?? readNumber(data, 'numberOfShares')),
    certificateNumbers: readText(data, 'certificateNumbers'),
    shareholderTaxIdMasked: maskTaxId(readText(data, 'shareholderTaxId')),
    contact: readText(data, 'contact'),
    contactType: readText(data, 'contactType'),
    specialInstructions: readText(data, 'specialInstructions'),
    buyer: transferType === 'sale' ? readBuyer(data) : null,
  };
}

export interface AddressChangeView {
  address: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  contact: string | null;
}

export function readAddressChange(data: FormValues): AddressChangeView {
  return {
    address: joinAddress([readText(data, 'addressLine1'), readText(data, 'addressLine2')]),
    city: readText(data, 'city'),
    state: readText(data, 'state'),
    zip: readText(data, 'zip'),
    contact: readText(data, 'contact'),
  };
}

export interface CertificateView {
  reason: string | null;
  deliveryMethod: string | null;
  contact: string | null;
  comments: string | null;
}

export function readCertificate(data: FormValues): CertificateView {
  return {
    reason: labelFrom(CERTIFICATE_REASON_LABELS, readText(data, 'certificateReason')),
    deliveryMethod: labelFrom(DELIVERY_METHOD_LABELS, readText(data, 'deliveryMethod')),
    contact: readText(data, 'contact'),
    comments: readText(data, 'comments'),
  };
}

export function readInquiry(data: FormValues): { message: string | null } {
  return { message: readText(data, 'inquiryMessage') };
}

/** A lost-certificate report as filed: the codes as words. */
export function readLostCertificate(data: FormValues) {
  const reason = readText(data, 'lostReason');
  const form = readText(data, 'replacementForm');
  return {
    certificateNumber: readText(data, 'lostCertificateNumber'),
    shares: readText(data, 'lostCertificateShares'),
    reason: reason === null ? null : (LOST_CERTIFICATE_REASON_LABELS[reason as LostCertificateReason] ?? reason),
    circumstances: readText(data, 'lostCircumstances'),
    replacementForm: form === null ? null : (REPLACEMENT_FORM_LABELS[form as HoldingForm] ?? form),
  };
}

/** The fields each type's section shows itself; any other field is listed generically. */
const SHOWN_FIELDS: Record<RequestType, readonly FieldName[]> = {
  TRANSFER: [
    'transferType',
    'receivingFirmName',
    'receivingFirmDtc',
    'receivingAccountNumber',
    'receivingAccountName',
    'transferAllShares',
    'sharesCount',
    'sharesText',
    'certificateNumbers',
    'shareholderTaxId',
    'contact',
    'contactType',
    'specialInstructions',
    'buyerEntityType',
    'buyerEntityName',
    'buyerFirstName',
    'buyerLastName',
    'buyerEmail',
    'buyerPhone',
    'buyerTaxId',
    'buyerAddressLine1',
    'buyerAddressLine2',
    'buyerCity',
    'buyerState',
    'buyerPostalCode',
    'buyerCountry',
    'pricePerShare',
    'totalAmount',
    'numberOfShares',
  ],
  ADDRESS_CHANGE: ['addressLine1', 'addressLine2', 'city', 'state', 'zip', 'contact', 'contactType'],
  CERTIFICATE: ['certificateReason', 'deliveryMethod', 'comments', 'contact', 'contactType'],
  INQUIRY: ['inquiryMessage'],
  LOST_CERTIFICATE: [
    'lostCertificateNumber',
    'lostCertificateShares',
    'lostReason',
    'lostCircumstances',
    'replacementForm',
    'affidavitFullName',
    'affidavitSignedAt',
    'nextSteps',
  ],
};

/** "receiving_firm_name" and "receivingFirmName" → "Receiving firm name". */
export function fieldLabel(key: string): string {
  const words = key
    .replace(/_last4$/i, ' (last 4)')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Any value as one line of text. */
export function displayValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return value.toLocaleString('en-US');
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(displayValue).join(', ');
  return JSON.stringify(value);
}

/** The fields of formData that the type's own section does not show, as [label, text] pairs. */
export function otherFields(data: FormValues, type: RequestType): { key: string; label: string; value: string }[] {
  const shown = new Set<string>(SHOWN_FIELDS[type].flatMap((field) => FIELD_NAMES[field]));
  return Object.entries(data)
    .filter(([key, value]) => !shown.has(key) && isPresent(value))
    .map(([key, value]) => ({ key, label: fieldLabel(key), value: displayValue(value) }));
}
