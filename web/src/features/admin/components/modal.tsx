import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

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
 * An accessible modal on the native <dialog>: showModal() makes the rest of the page inert (focus
 * stays inside), Esc closes, and focus returns to the control that opened it. The first element
 * marked data-autofocus gets the focus, else the dialog itself.
 */
export function Modal({ title, onClose, children, className, hideTitle = false, onKeyDown }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    (dialog.querySelector<HTMLElement>('[data-autofocus]') ?? dialog).focus();
    return () => {
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className={className ? `modal ${className}` : 'modal'}
      aria-modal="true"
      aria-labelledby={titleId}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        // Esc: the page decides (it unmounts the modal), so the dialog never closes behind React's back.
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id={titleId} className={hideTitle ? 'visually-hidden' : 'modal__title'}>
        {title}
      </h2>
      {children}
    </dialog>
  );
}
