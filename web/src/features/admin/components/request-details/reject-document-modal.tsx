import { useId, useState, type FormEvent } from 'react';
import { REVIEW_MESSAGES } from '@ledgerwell/shared/request-review';
import { DOCUMENT_LABELS, type DocumentType } from '@ledgerwell/shared/verification';
import { Modal } from '../modal';

interface RejectDocumentModalProps {
  type: DocumentType;
  busy: boolean;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}

/** A rejection needs a reason (spec 5): the button stays disabled while it is blank. */
export function RejectDocumentModal({ type, busy, onConfirm, onCancel }: RejectDocumentModalProps) {
  const [reason, setReason] = useState('');
  const id = useId();
  const blank = reason.trim() === '';

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!blank) onConfirm(reason.trim());
  }

  return (
    <Modal title={`Reject ${DOCUMENT_LABELS[type]}`} onClose={onCancel}>
      <form onSubmit={submit} noValidate>
        <p className="muted">
          All three photos will be set aside and the shareholder will be e-mailed a new 24-hour link with this reason.
        </p>
        <div className="field">
          <label htmlFor={`${id}-reason`} className="field__label">
            Reason for rejection
          </label>
          <textarea
            id={`${id}-reason`}
            className="field__input"
            rows={3}
            maxLength={1000}
            required
            aria-describedby={blank ? `${id}-warning` : undefined}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            data-autofocus
          />
          {blank && (
            <p id={`${id}-warning`} className="field__warning">
              {REVIEW_MESSAGES.rejectionReasonRequired}
            </p>
          )}
        </div>
        <div className="form-actions modal__actions">
          <button type="button" className="button button--secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="button button--danger" disabled={blank || busy}>
            {busy ? 'Rejecting...' : 'Reject document'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
