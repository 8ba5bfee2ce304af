import { ADMIN_ROLE_RANK, type AdminRole } from '@ledgerwell/shared/admin-auth';
import type { RequestStatus, RequestType } from '@ledgerwell/shared/portal-requests';
import { allowedStatusChanges, type StatusAction } from '@ledgerwell/shared/request-review';

/**
 * What the signed-in admin may do on a request. READ_ONLY reads everything and every write answers
 * 403, so it sees no action control at all; REVIEWER and up act (docs/request-status.md, Roles).
 */
export function canReview(role: AdminRole): boolean {
  return ADMIN_ROLE_RANK[role] >= ADMIN_ROLE_RANK.REVIEWER;
}

/** The status buttons to show: the server's own rules, and none for a reader. */
export function statusActionsFor(role: AdminRole, type: RequestType, status: RequestStatus): StatusAction[] {
  return canReview(role) ? allowedStatusChanges(type, status) : [];
}

/**
 * Document buttons: approval only while the photos await review (VERIFICATION_SUBMITTED);
 * rejection also once VERIFIED, to ask for a new set.
 */
export function documentActionsFor(
  role: AdminRole,
  requestStatus: RequestStatus,
  documentStatus: string,
): { approve: boolean; reject: boolean } {
  if (!canReview(role)) return { approve: false, reject: false };
  return {
    approve: requestStatus === 'VERIFICATION_SUBMITTED' && documentStatus !== 'APPROVED',
    reject:
      (requestStatus === 'VERIFICATION_SUBMITTED' || requestStatus === 'VERIFIED') && documentStatus !== 'REJECTED',
  };
}

/** The verb of the confirmation 'Are you sure you want to {action} this request?'. */
export const STATUS_ACTION_VERBS: Record<StatusAction, string> = {
  APPROVED: 'approve',
  REJECTED: 'reject',
  PROCESSING: 'process',
};

/** The confirmation each status action asks (spec 4). */
export function statusActionQuestion(action: StatusAction): string {
  return `Are you sure you want to ${STATUS_ACTION_VERBS[action]} this request?`;
}

export const STATUS_ACTION_LABELS: Record<StatusAction, string> = {
  APPROVED: 'Approve',
  REJECTED: 'Reject',
  PROCESSING: 'Mark as Processing',
};

/** The value sent for each action: the screens send approved, rejected and PROCESSING (spec 4). */
export const STATUS_ACTION_VALUES: Record<StatusAction, 'approved' | 'rejected' | 'PROCESSING'> = {
  APPROVED: 'approved',
  REJECTED: 'rejected',
  PROCESSING: 'PROCESSING',
};
