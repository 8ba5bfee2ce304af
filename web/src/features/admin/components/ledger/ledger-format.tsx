/** Small helpers shared by the ledger screens. */
import type { CertificateView } from '@ledgerwell/shared/certificates';
import type { CertificateStatus, StopReason } from '@ledgerwell/shared/ledger';
import type { TransactionLinks } from '../../../../components/ledger/transaction-table';
import { paths } from '../../../../config/paths';
import type { Toast } from '../../hooks/use-toasts';

export type PushToast = (kind: Toast['kind'], text: string) => void;

/** Staff follow a posting's legs to each account's ledger and its source to the request. */
export const STAFF_TRANSACTION_LINKS: TransactionLinks = {
  account: paths.admin.ledgerAccount,
  request: paths.admin.request,
};

export const STOP_REASON_LABELS: Record<StopReason, string> = {
  LOST: 'Lost',
  STOLEN: 'Stolen',
  DESTROYED: 'Destroyed',
  ADVERSE_CLAIM: 'Adverse claim',
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
