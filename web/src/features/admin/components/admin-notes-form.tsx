import { useState } from 'react';

interface AdminNotesFormProps {
  id: string;
  /** The notes as saved; the text box starts from them. */
  saved: string | null;
  maxLength: number;
  /** REVIEWER and up; a READ_ONLY admin reads the notes in a read-only box. */
  canEdit: boolean;
  busy: boolean;
  onSave: (notes: string) => void;
  className?: string;
}

/** Editable Admin Notes with Save Notes (enabled once the text differs from what is saved). */
export function AdminNotesForm({ id, saved, maxLength, canEdit, busy, onSave, className }: AdminNotesFormProps) {
  const [notes, setNotes] = useState(saved ?? '');
  return (
    <form
      className={className ? `admin-notes ${className}` : 'admin-notes'}
      onSubmit={(event) => {
        event.preventDefault();
        onSave(notes);
      }}
    >
      <label htmlFor={id} className="field__label">
        Admin Notes
      </label>
      <textarea
        id={id}
        className="field__input"
        rows={4}
        maxLength={maxLength}
        value={notes}
        readOnly={!canEdit}
        onChange={(event) => setNotes(event.target.value)}
      />
      {canEdit && (
        <button type="submit" className="button button--small" disabled={busy || notes === (saved ?? '')}>
          Save Notes
        </button>
      )}
    </form>
  );
}
