import type { RequestStatus } from '@ledgerwell/shared/portal-requests';
import { REQUEST_STATUS_LABELS } from '../labels';

/** A request's status as a coloured label, the same in the list and in a request's detail. */
export function StatusBadge({ status }: { status: RequestStatus }) {
  return (
    <span className={`portal-pill portal-status portal-status--${status.toLowerCase().replace(/_/g, '-')}`}>
      {REQUEST_STATUS_LABELS[status]}
    </span>
  );
}
