import type { BUYER_ENTITY_TYPES, CERTIFICATE_REASONS, DELIVERY_METHODS, TRANSFER_TYPES } from './portal-requests';

// No zod at run time (type imports only): the portal's forms and the request detail read these words,
// and the API writes them into the detail's "what you sent", so both say what the form said.

/** The request forms' field labels, without the "(optional)" a form adds to an optional field. */
export const REQUEST_FIELD_LABELS = {
  transfer_type: 'Transfer type',
  transfer_shares_count: 'Number of shares',
  certificate_numbers: 'Certificate numbers',
  receiving_firm_name: 'Receiving firm name',
  receiving_firm_dtc: 'DTC number',
  receiving_account_num: 'Receiving account number',
  receiving_account_name: 'Account registration name',
  shareholder_tax_id: 'Your tax ID',
  preferred_contact: 'Preferred contact (email or phone)',
  special_instructions: 'Special instructions',
  buyerEntityType: 'The buyer is',
  buyerEntityName: 'Entity name',
  buyerFirstName: 'First name',
  buyerLastName: 'Last name',
  buyerEmail: 'Buyer email',
  buyerPhone: 'Buyer phone',
  buyerTaxId: 'Buyer tax ID',
  buyerAddressLine1: 'Buyer street address',
  buyerAddressLine2: 'Address line 2',
  buyerCity: 'Buyer city',
  buyerState: 'Buyer state',
  buyerPostalCode: 'Buyer postal code',
  buyerCountry: 'Buyer country',
  pricePerShare: 'Price per share (USD)',
  totalAmount: 'Total',
  new_address_line1: 'Street address',
  new_city: 'City',
  new_state: 'State',
  new_postal_code: 'ZIP code',
  certificate_reason: 'Reason for the certificate',
  delivery_method: 'Delivery method',
  comments: 'Comments',
  inquiry_message: 'Your message',
  certificateNumber: 'Certificate',
  shares: 'Shares on the certificate',
  reason: 'What happened',
  circumstances: 'Circumstances',
  replacementForm: 'Replacement',
  affidavitFullName: 'Affidavit of loss signed by',
  affidavitSignedAt: 'Affidavit signed at',
} as const;
export type RequestFieldName = keyof typeof REQUEST_FIELD_LABELS;

/** In a private sale the holder's own tax ID is the seller's, apart from the buyer's. */
export const SELLER_TAX_ID_LABEL = "Seller's tax ID (yours)";

/** What a transfer moving all shares says in place of a count (the form's "Transfer all shares"). */
export const ALL_SHARES_TEXT = 'All shares';

export const TRANSFER_TYPE_LABELS: Record<(typeof TRANSFER_TYPES)[number], string> = {
  drs: 'DRS (Direct Registration System)',
  dwac: 'DWAC (Deposit/Withdrawal at Custodian)',
  'not-sure': 'Not sure',
  sale: 'Private sale',
};

export const CERTIFICATE_REASON_LABELS: Record<(typeof CERTIFICATE_REASONS)[number], string> = {
  replacement: 'Replacement (lost, stolen or destroyed)',
  duplicate: 'Duplicate copy',
  estate: 'Estate settlement',
  legal: 'Legal requirement',
  other: 'Other',
};

export const DELIVERY_METHOD_LABELS: Record<(typeof DELIVERY_METHODS)[number], string> = {
  standard: 'Standard mail (7-10 business days)',
  certified: 'Certified mail (5-7 days)',
  overnight: 'Overnight (1-2 days)',
  pickup: 'Pickup in person',
};

export const BUYER_TYPE_LABELS: Record<(typeof BUYER_ENTITY_TYPES)[number], string> = {
  entity: 'Entity (company, trust or fund)',
  individual: 'Individual',
};

/** A tax ID as the holder may see it again: its last four digits only ("•••• 6789"). */
export const maskedTaxId = (last4: string) => (last4 ? `•••• ${last4}` : '••••');
