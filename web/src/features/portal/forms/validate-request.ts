import type { z } from 'zod';
import { fieldErrors } from '@ledgerwell/shared/api-error';
import {
  REQUEST_MESSAGES,
  addressChangeFormSchema,
  certificateFormSchema,
  inquiryFormSchema,
  submitRequestSchema,
  transferFormSchema,
  type PortalFormRequestType,
  type SubmitRequestInput,
} from '@ledgerwell/shared/portal-requests';
import type { AddressFormData, CertificateFormData, InquiryFormData, TransferFormData } from './form-data';
import { compareDecimals } from '@ledgerwell/shared/ledger';

/** Field name → message, keyed by the form's value names. */
export type FieldErrors = Record<string, string>;

export type RequestDraft =
  | { requestType: 'TRANSFER'; formData: TransferFormData }
  | { requestType: 'ADDRESS_CHANGE'; formData: AddressFormData }
  | { requestType: 'CERTIFICATE'; formData: CertificateFormData }
  | { requestType: 'INQUIRY'; formData: InquiryFormData };

export type CheckResult = { ok: true; input: SubmitRequestInput } | { ok: false; errors: FieldErrors };

const SCHEMAS: Record<PortalFormRequestType, z.ZodType> = {
  TRANSFER: transferFormSchema,
  ADDRESS_CHANGE: addressChangeFormSchema,
  CERTIFICATE: certificateFormSchema,
  INQUIRY: inquiryFormSchema,
};

/** Errors about a value shown on another field: the share text on the share count, the contact type on the contact. */
const SHOWN_ON: Record<string, string> = {
  transfer_shares_text: 'transfer_shares_count',
  preferred_contact_type: 'preferred_contact',
};

/** A server error key ("formData.receiving_firm_name") or schema path as the form's field name. */
export function fieldNameOf(key: string): string {
  const name = key.replace(/^formData\./, '');
  return SHOWN_ON[name] ?? name;
}

/** The server's field errors under the form's field names (first message per field wins). */
export function toFieldErrors(errors: Record<string, string>): FieldErrors {
  const result: FieldErrors = {};
  for (const [key, message] of Object.entries(errors)) {
    const name = fieldNameOf(key);
    if (!(name in result)) result[name] = message;
  }
  return result;
}

/** Every message the shared schema has for this formData, at once (its cross-field checks run even when fields fail). */
export function schemaErrors(schema: z.ZodType, formData: Record<string, unknown>): FieldErrors {
  const result = schema.safeParse(formData);
  return result.success ? {} : toFieldErrors(fieldErrors(result.error));
}

/**
 * Checks a request as the server will, with the same messages, plus the one check only the
 * signed-in account can make here: no more shares than it holds. Valid: the body to send.
 */
export function checkRequest(draft: RequestDraft, sharesHeld: string): CheckResult {
  const errors = schemaErrors(SCHEMAS[draft.requestType], draft.formData);
  if (draft.requestType === 'TRANSFER') {
    const { transfer_all_shares: all, transfer_shares_count: count } = draft.formData;
    if (!all && typeof count === 'number' && compareDecimals(String(count), sharesHeld) > 0)
      errors.transfer_shares_count ??= REQUEST_MESSAGES.sharesAboveHoldings;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const parsed = submitRequestSchema.safeParse(draft);
  return parsed.success
    ? { ok: true, input: parsed.data }
    : { ok: false, errors: toFieldErrors(fieldErrors(parsed.error)) };
}
