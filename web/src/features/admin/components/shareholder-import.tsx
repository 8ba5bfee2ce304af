import { useId, useRef, useState, type FormEvent } from 'react';
import { isApiRequestError } from '../../../lib/api-client';
import { IMPORT_HEADER, importShareholders, type ImportResult } from '../api/shareholders';
import { IMPORT_MAX_BYTES } from '@ledgerwell/shared/registry';
import { FileField } from './file-field';

/** The server's limit for one import (api/src/features/registry/routes.ts): checked here to spare the upload. */
/** A file with thousands of bad lines would make a page nobody reads; the rest are counted. */
const MAX_LINES_SHOWN = 100;

type Failure = { message: string; lines: { line: number; message: string }[] };

interface ShareholderImportProps {
  onImported: (result: ImportResult) => void;
  onCancel: () => void;
}

export function ShareholderImport({ onImported, onCancel }: ShareholderImportProps) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const fileRef = useRef<HTMLInputElement>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [busy, setBusy] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    const file = fileRef.current?.files?.[0];
    if (!file) {
      setFailure({ message: 'Choose a CSV file to import.', lines: [] });
      return;
    }
    if (file.size > IMPORT_MAX_BYTES) {
      setFailure({ message: 'The file is too large: at most 5 MB per import.', lines: [] });
      return;
    }
    setBusy(true);
    try {
      const result = await importShareholders(await file.text());
      if (fileRef.current) fileRef.current.value = '';
      onImported(result);
    } catch (error) {
      if (isApiRequestError(error) && error.lineErrors.length > 0) {
        setFailure({ message: 'Nothing was imported.', lines: error.lineErrors });
      } else if (isApiRequestError(error) && error.isNetworkError) {
        setFailure({ message: 'Network error: nothing was imported. Please try again.', lines: [] });
      } else {
        setFailure({
          message:
            isApiRequestError(error) && error.fromServer ? error.message : 'The import failed; nothing was imported.',
          lines: [],
        });
      }
    } finally {
      setBusy(false);
    }
  }

  const count = failure?.lines.length ?? 0;

  return (
    <section className="card admin-panel" aria-labelledby="import-heading">
      <h2 id="import-heading">Import CSV</h2>
      <p id={hintId} className="muted">
        One row per account; rows with the same code belong to one holder. An existing code is updated. The first line
        must be this header:
      </p>
      <pre className="import-header">
        <code>{IMPORT_HEADER}</code>
      </pre>
      <p className="muted">
        Separate several certificate numbers with semicolons. A file with any bad line changes nothing. At most 5 MB.
      </p>

      {failure && (
        <div className="notice notice--error" role="alert">
          {count > 0 ? (
            <>
              <p>
                The file has {count} problem{count === 1 ? '' : 's'}. <strong>{failure.message}</strong>
              </p>
              <ul className="line-errors">
                {failure.lines.slice(0, MAX_LINES_SHOWN).map((line, index) => (
                  <li key={`${line.line}-${index}`}>
                    Line {line.line}: {line.message}
                  </li>
                ))}
              </ul>
              {count > MAX_LINES_SHOWN && <p>…and {count - MAX_LINES_SHOWN} more.</p>}
            </>
          ) : (
            <p>{failure.message}</p>
          )}
        </div>
      )}

      <form onSubmit={handleSubmit} noValidate className="form">
        <FileField
          id={inputId}
          label="CSV file"
          accept=".csv,text/csv"
          inputRef={fileRef}
          describedBy={hintId}
          onChange={() => setFailure(null)}
        />
        <div className="form-actions">
          <button type="submit" className="button" disabled={busy} aria-busy={busy || undefined}>
            {busy ? 'Importing...' : 'Import'}
          </button>
          <button type="button" className="button button--secondary" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </section>
  );
}
