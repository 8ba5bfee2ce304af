import { useEffect, useId, useRef } from 'react';

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
 * The wizard's "Are you sure…?" question on the native <dialog>: showModal() makes the page behind
 * inert and keeps the focus inside, Esc answers no, and the focus returns to the button that asked.
 * (The admin area has the same dialog; features do not import each other.)
 */
export function ConfirmDialog({ title, message, confirmLabel, cancelLabel = 'Keep Going', danger = false, onConfirm, onCancel }: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const messageId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    // The safe answer has the focus: Enter never loses a draft by accident.
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    return () => {
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className="onboarding-dialog"
      aria-labelledby={titleId}
      aria-describedby={messageId}
      onCancel={(event) => {
        // Esc: the page unmounts the dialog, so it never closes behind React's back.
        event.preventDefault();
        onCancel();
      }}
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
    </dialog>
  );
}
