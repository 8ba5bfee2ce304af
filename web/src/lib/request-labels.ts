import { REQUEST_TYPE_TITLES, type RequestType } from '@ledgerwell/shared/portal-requests';
import type { FlagPriority } from '@ledgerwell/shared/request-review';

/** Display names of request statuses (admin-request-review spec 4); the list filter's values are lowercase. */
const STATUS_LABELS: Record<string, string> = {
  PENDING: 'Pending Review',
  AWAITING_VERIFICATION: 'Awaiting Verification',
  VERIFICATION_SUBMITTED: 'Verification Submitted',
  VERIFIED: 'Verified',
  PROCESSING: 'Processing',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
  COMPLETED: 'Completed',
  CANCELLED: 'Cancelled',
};

/** "some_status" → "Some status": how the spec shows a status it does not know. */
export function capitalise(text: string): string {
  const words = text.trim().replace(/[_-]+/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function statusLabel(status: string): string {
  return STATUS_LABELS[status.trim().toUpperCase()] ?? capitalise(status);
}

/** The badge colour family of a status. */
export function statusTone(status: string): 'pending' | 'progress' | 'success' | 'danger' | 'neutral' {
  switch (status.trim().toUpperCase()) {
    case 'PENDING':
    case 'AWAITING_VERIFICATION':
      return 'pending';
    case 'VERIFICATION_SUBMITTED':
    case 'VERIFIED':
    case 'PROCESSING':
      return 'progress';
    case 'APPROVED':
    case 'COMPLETED':
      return 'success';
    case 'REJECTED':
      return 'danger';
    default:
      return 'neutral';
  }
}

/** Short names, as the type filter and the type badge show them. */
export const TYPE_LABELS: Record<RequestType, string> = {
  TRANSFER: 'Transfer',
  ADDRESS_CHANGE: 'Address Change',
  CERTIFICATE: 'Certificate',
  INQUIRY: 'Inquiry',
  LOST_CERTIFICATE: 'Lost Certificate',
};

/** Full names, for headings and the dashboard's recent activity: the portal's own names. */
export const REQUEST_TITLES = REQUEST_TYPE_TITLES;

export function typeLabel(type: string): string {
  return TYPE_LABELS[type.trim().toUpperCase() as RequestType] ?? capitalise(type);
}

export function requestTitle(type: string): string {
  return REQUEST_TITLES[type.trim().toUpperCase() as RequestType] ?? capitalise(type);
}

/** Flag colour by priority: HIGH red, LOW blue, anything else yellow (spec 2). */
export function flagTone(priority: string | null | undefined): 'high' | 'medium' | 'low' {
  if (priority === 'HIGH') return 'high';
  if (priority === 'LOW') return 'low';
  return 'medium';
}

export const FLAG_PRIORITY_LABELS: Record<FlagPriority, string> = { HIGH: 'High', MEDIUM: 'Medium', LOW: 'Low' };

export function flagLabel(priority: string | null | undefined): string {
  const tone = flagTone(priority);
  return `Flagged: ${capitalise(tone)} priority`;
}

/** The list's Verification column (transfers only). */
export function verificationLabel(verification: 'PENDING' | 'SUBMITTED' | 'VERIFIED' | null): string | null {
  if (verification === null) return null;
  return verification === 'VERIFIED' ? 'Verified' : verification === 'SUBMITTED' ? 'Submitted' : 'Pending';
}

/** Shares to transfer: the count, "All shares", or nothing for a request without shares. */
export function sharesLabel(shares: number | null, allShares: boolean, allText = 'All shares'): string | null {
  if (allShares) return allText;
  return shares === null ? null : `${shares.toLocaleString('en-US')} shares`;
}

/** "ACTION_TYPE" → "Action type". */
export const humanise = capitalise;
