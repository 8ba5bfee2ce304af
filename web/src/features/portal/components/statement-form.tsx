import { useId, useState, type FormEvent } from 'react';
import { PORTAL_DOCUMENT_MESSAGES as M } from '@ledgerwell/shared/portal-documents';
import { isApiRequestError } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/save-blob';
import { fetchStatementPdf } from '../documents-api';
import { getPortalToken } from '../portal-session';

interface StatementFormProps {
  accountId: string;
  /**
   * Today in the issuer's time zone, from the holdings: the default and the latest date. The browser's own today can
   * be a day ahead (a phone in UTC while the issuer's California day has not ended), and the server refuses it.
   */
  issuerToday: string;
  /** The holding's name, for the button's accessible name. */
  title: string;
  onSessionExpired: () => void;
}

/** A statement of holdings as of a chosen date, made on the server from the journal and saved as a PDF. */
export function StatementForm({ accountId, issuerToday, title, onSessionExpired }: StatementFormProps) {
  const [asOf, setAsOf] = useState(issuerToday);
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
          max={issuerToday}
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
