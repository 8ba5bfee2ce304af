import type { PortalFormRequestType, RequestStatus } from '@ledgerwell/shared/portal-requests';
import {
  BUYER_TYPE_LABELS,
  CERTIFICATE_REASON_LABELS,
  DELIVERY_METHOD_LABELS,
  TRANSFER_TYPE_LABELS,
} from '@ledgerwell/shared/portal-request-labels';

/** What people read for the portal's codes and enumerations (public-site spec 2-4). */

export { REQUEST_TYPE_TITLES as REQUEST_TYPE_LABELS } from '@ledgerwell/shared/portal-requests';

export const REQUEST_TYPE_DESCRIPTIONS: Record<PortalFormRequestType, string> = {
  TRANSFER: 'Move shares to a brokerage account (DRS or DWAC) or sell them privately.',
  ADDRESS_CHANGE: 'Update the mailing address on your shareholder record.',
  CERTIFICATE: 'Replace a lost certificate or ask for a duplicate, for an estate or legal matter.',
  INQUIRY: 'Ask us anything about your holding, dividends or documents.',
};

export const REQUEST_STATUS_LABELS: Record<RequestStatus, string> = {
  PENDING: 'Pending',
  AWAITING_VERIFICATION: 'Awaiting verification',
  VERIFICATION_SUBMITTED: 'Verification submitted',
  VERIFIED: 'Verified',
  PROCESSING: 'Processing',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
  COMPLETED: 'Completed',
  CANCELLED: 'Cancelled',
};

/** A form's choices, in the words the request detail repeats (shared/portal-request-labels). */
const choicesOf = <V extends string>(labels: Record<V, string>) =>
  (Object.entries(labels) as [V, string][]).map(([value, label]) => ({ value, label }));

/** Select options: the empty first option is the prompt, refused by the schema with its message. */
export const TRANSFER_TYPE_OPTIONS = [
  { value: '', label: 'Select a transfer type' },
  ...choicesOf(TRANSFER_TYPE_LABELS),
] as const;
export const CERTIFICATE_REASON_OPTIONS = [
  { value: '', label: 'Select a reason' },
  ...choicesOf(CERTIFICATE_REASON_LABELS),
] as const;
export const DELIVERY_METHOD_OPTIONS = [
  { value: '', label: 'Select a delivery method' },
  ...choicesOf(DELIVERY_METHOD_LABELS),
] as const;
export const BUYER_TYPE_OPTIONS = choicesOf(BUYER_TYPE_LABELS);

export const HOLDING_TYPE_LABELS: Record<string, string> = {
  DRS: 'Book entry (DRS)',
  CERTIFICATED: 'Certificated',
};

/** Portal messages the shared modules do not carry (public-site spec 8). */
export const PORTAL_MESSAGES = {
  submitNetworkError: 'Network error. Please try again.',
  fixFields: 'Please correct the highlighted fields.',
  processing: 'We will process it in 2-3 business days and send you a confirmation e-mail.',
  verificationHint: 'Use the link in your confirmation e-mail to upload your photo ID.',
  noRequests: 'You have not sent any requests yet.',
  requestsFailed: 'Your requests could not be loaded. Please try again.',
  requestDetailFailed: 'This request could not be loaded. Please try again.',
} as const;

/** "Mar 5, 2026" */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}

/** "Mar 5, 2026, 10:04 AM" */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

/** "$18,750.00" */
export const formatUsd = (amount: number) => amount.toLocaleString('en-US', { style: 'currency', currency: 'USD' });
