import { DOCUMENT_LABELS } from '@ledgerwell/shared/verification';
import type { VerificationDocument } from '../../api/requests';
import type { ImageSlot } from '../../hooks/use-document-images';
import { formatDateTime } from '../../../../lib/format';
import { capitalise } from '../../../../lib/request-labels';

interface DocumentCardProps {
  document: VerificationDocument;
  slot: ImageSlot;
  actions: { approve: boolean; reject: boolean };
  busy: boolean;
  onOpen: () => void;
  onApprove: () => void;
  onReject: () => void;
}

export function documentStatusLabel(status: string): string {
  return status === 'APPROVED'
    ? 'Approved'
    : status === 'REJECTED'
      ? 'Rejected'
      : status === 'PENDING'
        ? 'Pending review'
        : capitalise(status);
}

export function DocumentCard({ document, slot, actions, busy, onOpen, onApprove, onReject }: DocumentCardProps) {
  const label = DOCUMENT_LABELS[document.type];
  const tone = document.status === 'APPROVED' ? 'success' : document.status === 'REJECTED' ? 'danger' : 'pending';
  return (
    <li className="document-card">
      <div className="document-card__header">
        <h3>{label}</h3>
        <span className={`status-badge status-badge--${tone}`}>{documentStatusLabel(document.status)}</span>
      </div>
      <div className="document-card__image">
        {slot.status === 'ready' ? (
          <button
            type="button"
            className="document-card__open"
            onClick={onOpen}
            aria-label={`Open ${label} in the image viewer`}
          >
            <img src={slot.url} alt={label} />
          </button>
        ) : slot.status === 'failed' ? (
          <p className="document-card__placeholder">Failed to load image</p>
        ) : (
          <p className="document-card__placeholder" role="status">
            Loading...
          </p>
        )}
      </div>
      <p className="document-card__meta muted">
        Uploaded {formatDateTime(document.createdAt)}
        {document.width && document.height ? ` · ${document.width}×${document.height}` : ''}
        {document.verifiedBy && (
          <>
            <br />
            {documentStatusLabel(document.status)} by {document.verifiedBy}
            {document.verifiedAt && ` on ${formatDateTime(document.verifiedAt)}`}
          </>
        )}
      </p>
      {document.rejectionReason && <p className="document-card__reason">Reason: {document.rejectionReason}</p>}
      {(actions.approve || actions.reject) && (
        <div className="document-card__actions">
          {actions.approve && (
            <button
              type="button"
              className="button button--small"
              disabled={busy}
              onClick={onApprove}
              aria-label={`Approve ${label}`}
            >
              Approve
            </button>
          )}
          {actions.reject && (
            <button
              type="button"
              className="button button--small button--danger-outline"
              disabled={busy}
              onClick={onReject}
              aria-label={`Reject ${label}`}
            >
              Reject
            </button>
          )}
        </div>
      )}
    </li>
  );
}
