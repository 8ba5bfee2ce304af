import { useId, type ReactNode } from 'react';
import { NativeDialog } from '../../../components/native-dialog';

export interface DocumentDialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
}

/**
 * One document in a modal (NativeDialog): focus moves to the scrollable text (arrow keys scroll it at
 * once), Escape, Close or a click on the backdrop closes it.
 */
export function DocumentDialog({ title, onClose, children }: DocumentDialogProps) {
  const titleId = useId();

  return (
    <NativeDialog
      className="document-dialog"
      aria-labelledby={titleId}
      onClose={onClose}
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
        <div className="document-dialog__body" tabIndex={0} role="region" aria-labelledby={titleId} data-autofocus>
          {children}
        </div>
        <footer className="document-dialog__footer">
          <button type="button" className="button" onClick={onClose}>
            Close
          </button>
        </footer>
      </div>
    </NativeDialog>
  );
}
