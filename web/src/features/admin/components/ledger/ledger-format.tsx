/** Small helpers shared by the ledger screens. */
import type { CertificateView } from '@ledgerwell/shared/certificates';
import {
  formatDecimal,
  isCalendarDay,
  type CertificateStatus,
  type StopReason,
  type TransactionType,
} from '@ledgerwell/shared/ledger';
import type { Toast } from '../../hooks/use-toasts';

export type PushToast = (kind: Toast['kind'], text: string) => void;

export const STOP_REASON_LABELS: Record<StopReason, string> = {
  LOST: 'Lost',
  STOLEN: 'Stolen',
  DESTROYED: 'Destroyed',
  ADVERSE_CLAIM: 'Adverse claim',
};

const dayFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

/** A business day (YYYY-MM-DD) as that day everywhere, not as UTC midnight moved into the browser's zone. */
export function formatDay(value: string): string {
  return isCalendarDay(value) ? dayFormat.format(new Date(`${value}T00:00:00Z`)) : value;
}

export const shares = (value: string) => formatDecimal(value);

/** A signed quantity as a movement: "+100" in, "−30" out (a true minus sign, read as "minus"). */
export const signedShares = (value: string) =>
  value.startsWith('-') ? `\u2212${formatDecimal(value.slice(1))}` : `+${formatDecimal(value)}`;

export const TRANSACTION_TYPE_LABELS: Record<TransactionType, string> = {
  ISSUANCE: 'Issuance',
  TRANSFER: 'Transfer',
  CANCELLATION: 'Cancellation',
  CONVERSION: 'Conversion',
  REISSUANCE: 'Reissuance',
  AUTHORIZED_ADJUSTMENT: 'Authorized shares',
};

const CERTIFICATE_BADGES: Record<CertificateStatus, { label: string; tone: string }> = {
  OUTSTANDING: { label: 'Outstanding', tone: 'success' },
  CANCELLED: { label: 'Cancelled', tone: 'neutral' },
  STOPPED: { label: 'Stopped', tone: 'danger' },
};

export function CertificateStatusBadge({ status }: { status: CertificateStatus }) {
  const badge = CERTIFICATE_BADGES[status];
  return <span className={`status-badge status-badge--${badge.tone}`}>{badge.label}</span>;
}

/** Where a certificate came from and what replaced it, or null when it stands alone. */
export function certificateLineage(certificate: CertificateView): string | null {
  const parts = [
    certificate.sourceCertificateNumber ? `Cut from ${certificate.sourceCertificateNumber}` : null,
    certificate.derivedCertificateNumbers.length > 0
      ? `Replaced by ${certificate.derivedCertificateNumbers.join(', ')}`
      : null,
  ].filter((part) => part !== null);
  return parts.length > 0 ? parts.join('; ') : null;
}
