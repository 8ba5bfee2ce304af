import { useId } from 'react';
import { NativeDialog } from '../../../components/native-dialog';

interface ConfirmDialogProps {
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel?: string;
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * The wizard's "Are you sure…?" question: Esc answers no, and the safe answer has the focus, so
 * Enter never loses a draft by accident.
 */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  cancelLabel = 'Keep Going',
  danger = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const titleId = useId();
  const messageId = useId();

  return (
    <NativeDialog
      className="onboarding-dialog"
      aria-labelledby={titleId}
      aria-describedby={messageId}
      onClose={onCancel}
    >
      <h2 id={titleId} className="onboarding-dialog__title">
        {title}
      </h2>
      <p id={messageId}>{message}</p>
      <div className="onboarding-dialog__actions">
        <button type="button" className="button button--secondary" onClick={onCancel} data-autofocus>
          {cancelLabel}
        </button>
        <button type="button" className={danger ? 'button button--danger' : 'button'} onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </NativeDialog>
  );
}
