import { useEffect, useId, useRef, type ReactNode } from 'react';

export interface DocumentDialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
}

/**
 * One document in a modal on the native <dialog>: showModal() makes the page behind it inert, focus
 * moves to the scrollable text (arrow keys scroll it at once), Escape or Close closes it and focus
 * returns to the control that opened it. Rendered only while open: the parent unmounts it to close.
 */
export function DocumentDialog({ title, onClose, children }: DocumentDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    bodyRef.current?.focus();
    return () => {
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className="document-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        // Escape: the parent unmounts the dialog, so it never closes behind React's back.
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the <dialog> itself, outside its inner frame.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="document-dialog__frame">
        <header className="document-dialog__header">
          <h2 id={titleId} className="document-dialog__title">
            {title}
          </h2>
          <button type="button" className="document-dialog__dismiss" aria-label={`Close ${title}`} onClick={onClose}>
            <span aria-hidden="true">×</span>
          </button>
        </header>
        <div ref={bodyRef} className="document-dialog__body" tabIndex={0} role="region" aria-labelledby={titleId}>
          {children}
        </div>
        <footer className="document-dialog__footer">
          <button type="button" className="button" onClick={onClose}>
            Close
          </button>
        </footer>
      </div>
    </dialog>
  );
}
