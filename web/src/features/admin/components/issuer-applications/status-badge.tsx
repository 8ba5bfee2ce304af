import { issuerApplicationStatusLabel, type IssuerApplicationStatus } from '@ledgerwell/shared/issuer-applications';

const TONE: Record<IssuerApplicationStatus, string> = {
  DRAFT: 'neutral',
  SUBMITTED: 'pending',
  UNDER_REVIEW: 'progress',
  APPROVED: 'success',
  REJECTED: 'danger',
};

/** UNDER_REVIEW shown as 'UNDER REVIEW' (spec 4), coloured by how far the review has come. */
export function IssuerStatusBadge({ status }: { status: IssuerApplicationStatus }) {
  return <span className={`status-badge status-badge--${TONE[status]}`}>{issuerApplicationStatusLabel(status)}</span>;
}
