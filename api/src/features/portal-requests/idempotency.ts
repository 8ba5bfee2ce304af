import { createHmac } from 'node:crypto';
import type { SubmitRequestInput } from '@ledgerwell/shared/portal-requests';
import type { FieldCipher } from '../../lib/field-encryption';

export const TAX_ID_FIELDS = ['shareholder_tax_id', 'buyerTaxId'] as const;
export type TaxIdField = (typeof TAX_ID_FIELDS)[number];
/** Where formData keeps a tax ID's last four digits for display; the ID itself is only in the encrypted column. */
export const taxIdLast4Key = (field: TaxIdField) => `${field}_last4` as const;

/**
 * What the record keeps of a request body: two HMACs under keys derived from the encryption key,
 * so a database dump alone cannot test guesses against it. The body's MAC leaves the tax IDs out;
 * they get their own MAC under their own key only so that a retry whose sole change is a corrected
 * tax ID is refused (422) rather than answered with the first request, which kept the old one.
 * Decision 005.
 */
export function requestFingerprint(cipher: Pick<FieldCipher, 'deriveKey'>, input: SubmitRequestInput): string {
  const formData: Record<string, unknown> = { ...input.formData };
  const taxIds: Record<string, unknown> = {};
  for (const field of TAX_ID_FIELDS) {
    if (field in formData) taxIds[field] = formData[field];
    delete formData[field];
  }
  const mac = (purpose: string, value: unknown) =>
    createHmac('sha256', cipher.deriveKey(purpose)).update(JSON.stringify(value)).digest('base64url');
  return `${mac('idempotency-body', { ...input, formData })}.${mac('idempotency-tax-ids', taxIds)}`;
}
