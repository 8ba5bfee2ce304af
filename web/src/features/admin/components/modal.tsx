import { useId, type KeyboardEvent, type ReactNode } from 'react';
import { NativeDialog } from '../../../components/native-dialog';

interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  className?: string;
  /** Shown as the heading; the viewer hides it visually and shows its own toolbar instead. */
  hideTitle?: boolean;
  onKeyDown?: (event: KeyboardEvent<HTMLDialogElement>) => void;
}

/**
 * The admin area's modal: a NativeDialog (inert page behind, Esc closes, focus returns to the opener)
 * with a heading that names it. The first element marked data-autofocus gets the focus, else the
 * dialog itself.
 */
export function Modal({ title, onClose, children, className, hideTitle = false, onKeyDown }: ModalProps) {
  const titleId = useId();
  return (
    <NativeDialog
      onClose={onClose}
      className={className ? `modal ${className}` : 'modal'}
      aria-modal="true"
      aria-labelledby={titleId}
      tabIndex={-1}
      onKeyDown={onKeyDown}
    >
      <h2 id={titleId} className={hideTitle ? 'visually-hidden' : 'modal__title'}>
        {title}
      </h2>
      {children}
    </NativeDialog>
  );
}
