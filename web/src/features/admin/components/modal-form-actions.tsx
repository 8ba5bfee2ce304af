interface ModalFormActionsProps {
  busy: boolean;
  submitLabel: string;
  /** What the submit button says while the form is sent. */
  busyLabel?: string;
  onCancel: () => void;
}

/** A modal form's Cancel and submit buttons, both disabled while it is sent. */
export function ModalFormActions({ busy, submitLabel, busyLabel = 'Saving...', onCancel }: ModalFormActionsProps) {
  return (
    <div className="form-actions modal__actions">
      <button type="button" className="button button--secondary" onClick={onCancel} disabled={busy}>
        Cancel
      </button>
      <button type="submit" className="button" disabled={busy}>
        {busy ? busyLabel : submitLabel}
      </button>
    </div>
  );
}
