import { Modal } from './modal';

interface ConfirmDialogProps {
  title: string;
  message: string;
  confirmLabel: string;
  busy?: boolean;
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The in-page "Are you sure…?" question (instead of window.confirm, which cannot be styled or labelled). */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  busy = false,
  danger = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Modal title={title} onClose={onCancel} className="modal--small">
      <p>{message}</p>
      <div className="form-actions modal__actions">
        <button type="button" className="button button--secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
        <button
          type="button"
          className={danger ? 'button button--danger' : 'button'}
          onClick={onConfirm}
          disabled={busy}
          data-autofocus
        >
          {busy ? 'Working...' : confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
