import { useId, useState, type FormEvent } from 'react';
import { REVIEW_MESSAGES } from '@ledgerwell/shared/request-review';
import { addRequestNote } from '../../api/requests';
import { parseAdminNotes } from '../../utils/admin-notes';
import { actionErrorMessage } from '../../../../lib/action-error';
import { formatDateTime } from '../../../../lib/format';

interface NotesSectionProps {
  requestId: string;
  adminNotes: string | null;
  canWrite: boolean;
  onChanged: () => void;
  onToast: (kind: 'success' | 'error', text: string) => void;
}

/** The request's notes, one per line, and a form to add one (a non-blank note is required). */
export function NotesSection({ requestId, adminNotes, canWrite, onChanged, onToast }: NotesSectionProps) {
  const id = useId();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const lines = parseAdminNotes(adminNotes);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (note.trim() === '') {
      setError(REVIEW_MESSAGES.noteRequired);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await addRequestNote(requestId, note.trim());
      setNote('');
      onToast('success', 'Note added');
      onChanged();
    } catch (failure) {
      onToast('error', actionErrorMessage(failure, 'Failed to add note'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="admin-card" aria-labelledby="notes">
      <h2 id="notes">Notes</h2>
      {lines.length === 0 ? (
        <p className="muted">No notes yet.</p>
      ) : (
        <ul className="notes-list">
          {lines.map((line, index) => (
            <li key={index}>
              {line.timestamp && (
                <p className="notes-list__meta">
                  <strong>{line.author}</strong> ·{' '}
                  <time dateTime={line.timestamp}>{formatDateTime(line.timestamp)}</time>
                </p>
              )}
              <p className="notes-list__text">{line.text}</p>
            </li>
          ))}
        </ul>
      )}
      {canWrite && (
        <form onSubmit={(event) => void submit(event)} noValidate className="notes-form">
          <div className={error ? 'field field--invalid' : 'field'}>
            <label htmlFor={`${id}-note`} className="field__label">
              Add a note
            </label>
            <textarea
              id={`${id}-note`}
              className="field__input"
              rows={3}
              maxLength={5000}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              value={note}
              onChange={(event) => setNote(event.target.value)}
            />
            {error && (
              <p id={`${id}-error`} className="field__error">
                {error}
              </p>
            )}
          </div>
          <button type="submit" className="button button--secondary" disabled={busy}>
            {busy ? 'Saving...' : 'Add Note'}
          </button>
        </form>
      )}
    </section>
  );
}
