import { useId, useState, type FormEvent } from 'react';
import { PORTAL_DOCUMENT_MESSAGES as M } from '@ledgerwell/shared/portal-documents';
import { isApiRequestError } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/save-blob';
import { fetchStatementPdf } from '../documents-api';
import { getPortalToken } from '../portal-session';

/** Today in the visitor's calendar, YYYY-MM-DD: what a date field holds. */
function localToday(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

interface StatementFormProps {
  accountId: string;
  /** The holding's name, for the button's accessible name. */
  title: string;
  onSessionExpired: () => void;
}

/** A statement of holdings as of a chosen date, made on the server from the journal and saved as a PDF. */
export function StatementForm({ accountId, title, onSessionExpired }: StatementFormProps) {
  const [asOf, setAsOf] = useState(localToday);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const fieldId = useId();
  const errorId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const token = getPortalToken();
    if (!token) return onSessionExpired();
    setBusy(true);
    setError(null);
    try {
      saveBlob(await fetchStatementPdf(token, accountId, asOf), `statement-${asOf}.pdf`);
    } catch (failure) {
      if (isApiRequestError(failure) && failure.status === 401) return onSessionExpired();
      const message = isApiRequestError(failure) && failure.fromServer ? failure.message : M.statementFailed;
      setError(isApiRequestError(failure) ? (failure.fieldErrors.asOf ?? message) : M.statementFailed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className={error ? 'field field--invalid portal-statement' : 'field portal-statement'}
      onSubmit={submit}
      noValidate
    >
      <label htmlFor={fieldId} className="field__label">
        Statement as of
      </label>
      <div className="portal-statement__row">
        <input
          id={fieldId}
          className="field__input"
          type="date"
          value={asOf}
          max={localToday()}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => setAsOf(event.target.value)}
        />
        <button type="submit" className="button button--secondary button--small" disabled={busy || !asOf}>
          {busy ? 'Preparing…' : 'Download statement'}
          <span className="visually-hidden"> of {title} (PDF)</span>
        </button>
      </div>
      {error && (
        <p id={errorId} role="alert" className="field__error">
          {error}
        </p>
      )}
    </form>
  );
}
