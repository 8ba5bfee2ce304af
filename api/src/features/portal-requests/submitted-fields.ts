import { formatDecimal } from '@ledgerwell/shared/ledger';
import { formatShares } from '@ledgerwell/shared/portal-requests';
import {
  ALL_SHARES_TEXT,
  BUYER_TYPE_LABELS,
  CERTIFICATE_REASON_LABELS,
  DELIVERY_METHOD_LABELS,
  REQUEST_FIELD_LABELS as LABELS,
  SELLER_TAX_ID_LABEL,
  TRANSFER_TYPE_LABELS,
  maskedTaxId,
  type RequestFieldName,
} from '@ledgerwell/shared/portal-request-labels';
import { LOST_CERTIFICATE_REASON_LABELS, REPLACEMENT_FORM_LABELS } from '@ledgerwell/shared/lost-certificates';
import type { RequestType } from '@ledgerwell/shared/request-types';
import { US_STATES } from '@ledgerwell/shared/us-states';
import type { RequestRow } from '../request-history/read-request';
import { taxIdLast4Key, type TaxIdField } from './idempotency';

/** One line of "what you sent": the field, its value as shown, and a label when it is not the field's own. */
type Line = [field: RequestFieldName, value: string | null, label?: string];
type FormData = RequestRow['formData'];

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);
const choice = (labels: Record<string, string>, value: unknown) => {
  const chosen = text(value);
  return chosen === null ? null : (labels[chosen] ?? chosen);
};
const plain = (form: FormData, fields: RequestFieldName[]): Line[] => fields.map((field) => [field, text(form[field])]);

/** Only the last four digits formData keeps; the encrypted column is never read here. */
function taxId(form: FormData, field: TaxIdField): string | null {
  const last4 = form[taxIdLast4Key(field)];
  return typeof last4 === 'string' ? maskedTaxId(last4) : null;
}

/** An exact amount from a numeric column: "$12.3456", "$2,469.10". */
function dollars(amount: string | null): string | null {
  if (amount === null) return null;
  const [whole, fraction = ''] = formatDecimal(amount).split('.');
  return `$${whole}.${fraction.padEnd(2, '0')}`;
}

function transferLines(request: RequestRow): Line[] {
  const form = request.formData;
  const sale = form.transfer_type === 'sale';
  const shares = request.transferAllShares
    ? ALL_SHARES_TEXT
    : request.sharesCount === null
      ? null
      : formatShares(request.sharesCount);
  // The form's order: type, shares, then the buyer (a sale) or the receiving firm, then the holder's own.
  const counterparty: Line[] = sale
    ? [
        ['buyerEntityType', choice(BUYER_TYPE_LABELS, form.buyerEntityType)],
        ...plain(form, ['buyerEntityName', 'buyerFirstName', 'buyerLastName', 'buyerEmail', 'buyerPhone']),
        ['buyerTaxId', taxId(form, 'buyerTaxId')],
        ...plain(form, [
          'buyerAddressLine1',
          'buyerAddressLine2',
          'buyerCity',
          'buyerState',
          'buyerPostalCode',
          'buyerCountry',
        ]),
        // The columns keep the exact figures; formData's are numbers for display.
        ['pricePerShare', dollars(request.pricePerShare)],
        ['totalAmount', dollars(request.totalAmount)],
      ]
    : plain(form, ['receiving_firm_name', 'receiving_firm_dtc', 'receiving_account_num', 'receiving_account_name']);
  return [
    ['transfer_type', choice(TRANSFER_TYPE_LABELS, form.transfer_type)],
    ['transfer_shares_count', shares],
    ['certificate_numbers', text(form.certificate_numbers)],
    ...counterparty,
    ['shareholder_tax_id', taxId(form, 'shareholder_tax_id'), sale ? SELLER_TAX_ID_LABEL : undefined],
    ...plain(form, ['preferred_contact', 'special_instructions']),
  ];
}

const stateName = (code: unknown) => {
  const chosen = text(code);
  return US_STATES.find((state) => state.code === chosen?.toUpperCase())?.name ?? chosen;
};

const LINES: Record<RequestType, (request: RequestRow) => Line[]> = {
  TRANSFER: transferLines,
  ADDRESS_CHANGE: ({ formData: form }) => [
    ...plain(form, ['new_address_line1', 'new_city']),
    ['new_state', stateName(form.new_state)],
    ...plain(form, ['new_postal_code', 'preferred_contact']),
  ],
  CERTIFICATE: ({ formData: form }) => [
    ['certificate_reason', choice(CERTIFICATE_REASON_LABELS, form.certificate_reason)],
    ['delivery_method', choice(DELIVERY_METHOD_LABELS, form.delivery_method)],
    ...plain(form, ['preferred_contact', 'comments']),
  ],
  INQUIRY: ({ formData: form }) => plain(form, ['inquiry_message']),
  LOST_CERTIFICATE: ({ formData: form }) => [
    ...plain(form, ['certificateNumber', 'shares']),
    ['reason', choice(LOST_CERTIFICATE_REASON_LABELS, form.reason)],
    ...plain(form, ['circumstances']),
    ['replacementForm', choice(REPLACEMENT_FORM_LABELS, form.replacementForm)],
    ...plain(form, ['affidavitFullName', 'affidavitSignedAt']),
  ],
};

/**
 * What the holder sent, as label and value in the form's own words and order, leaving out what they
 * left blank. Fields are read by name, never by spreading formData: a field this list does not name
 * (a tax ID's digits, anything added later) cannot reach the holder's screen by accident.
 */
export function submittedFields(request: RequestRow) {
  return LINES[request.requestType](request).flatMap(([field, value, label]) =>
    value === null ? [] : [{ field, label: label ?? LABELS[field], value }],
  );
}
