import { useEffect, useRef, type ComponentPropsWithoutRef } from 'react';

export interface NativeDialogProps extends Omit<ComponentPropsWithoutRef<'dialog'>, 'open' | 'onCancel' | 'onClose'> {
  /** Escape (and whatever else the dialog offers): the parent unmounts it. */
  onClose: () => void;
  /** The element that takes the focus on opening. */
  initialFocus?: string;
}

/**
 * A modal on the native <dialog>, rendered only while open (the parent unmounts it to close):
 * showModal() makes the page behind inert and keeps the focus inside, the focus goes to the element
 * `initialFocus` selects (by default the one marked `data-autofocus`), Escape calls onClose, and the
 * focus returns to the control that opened it. Used by the onboarding wizard, the admin sign-in's
 * code dialog and the admin Modal.
 */
export function NativeDialog({ onClose, initialFocus = '[data-autofocus]', children, ...props }: NativeDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    // A dialog made focusable (tabIndex) takes the focus itself when nothing matches, so its title is read.
    (dialog.querySelector<HTMLElement>(initialFocus) ?? (dialog.hasAttribute('tabindex') ? dialog : null))?.focus();
    return () => {
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
    // Once, on opening: the selector is fixed for a dialog's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <dialog
      ref={ref}
      {...props}
      onCancel={(event) => {
        // Escape: the parent unmounts the dialog, so it never closes behind React's back.
        event.preventDefault();
        onClose();
      }}
    >
      {children}
    </dialog>
  );
}
