import { useId, useRef, useState, type FormEvent } from 'react';
import type { IssuerView } from '@ledgerwell/shared/ledger';
import { OCF_IMPORT_MAX_BYTES, type OcfImportCounts, type OcfImportProblem } from '@ledgerwell/shared/ocf-import';
import { saveBlob } from '../../../../lib/save-blob';
import { downloadIssuerOcf, importIssuerOcf, type OcfImportOutcome } from '../../api/ocf';
import { actionErrorMessage } from '../../../../lib/action-error';
import { FileField } from '../file-field';
import type { PushToast } from './ledger-format';

const COUNT_LABELS: Record<keyof OcfImportCounts, string> = {
  stockClasses: 'Stock classes',
  stakeholders: 'Stakeholders',
  issuances: 'Issuances',
  transfers: 'Transfers',
  cancellations: 'Cancellations',
  reissuances: 'Reissuances',
  conversions: 'Conversions',
  authorizedAdjustments: 'Authorized-share adjustments',
  ledgerTransactions: 'Ledger postings made',
};

/** A bundle with thousands of rejected objects would make a table nobody reads; the rest are counted. */
const MAX_PROBLEMS_SHOWN = 200;

const bundleName = (legalName: string) =>
  `${legalName.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'issuer'}.ocf.zip`;

/** An issuer with no shares outstanding in any class may take an import; the server is the judge (409). */
export const mayImportOcf = (issuer: IssuerView) => issuer.classes.every((c) => Number(c.outstandingShares) === 0);

/** Export OCF: the issuer's cap table as an OCF bundle, saved as a file (ADMIN and up, with step-up). */
export function ExportOcfButton({ issuer, onToast }: { issuer: IssuerView; onToast: PushToast }) {
  const [busy, setBusy] = useState(false);
  async function exportOcf() {
    setBusy(true);
    try {
      saveBlob(await downloadIssuerOcf(issuer.id), bundleName(issuer.legalName));
    } catch (error) {
      onToast('error', actionErrorMessage(error, 'The OCF export failed'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <button
      type="button"
      className="button button--secondary button--small"
      aria-label={`Export ${issuer.legalName} as OCF`}
      onClick={exportOcf}
      disabled={busy}
      aria-busy={busy || undefined}
    >
      {busy ? 'Exporting…' : 'Export OCF'}
    </button>
  );
}

/**
 * Import OCF: a bundle posted as the issuer's opening cap table, all or nothing. Accepted: what was posted, by
 * kind. Rejected: every refused object (file, id, reason) in a table, and nothing written.
 */
export function OcfImportForm({
  issuer,
  onImported,
  onCancel,
}: {
  issuer: IssuerView;
  onImported: () => void;
  onCancel: () => void;
}) {
  const inputId = useId();
  const headingId = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<OcfImportOutcome | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setOutcome(null);
    const file = fileRef.current?.files?.[0];
    if (!file) return setError('Choose an OCF bundle (.zip) to import.');
    if (file.size > OCF_IMPORT_MAX_BYTES) return setError('The file is too large: at most 20 MB per import.');
    setBusy(true);
    try {
      const answer = await importIssuerOcf(issuer.id, file);
      setOutcome(answer);
      if (answer.accepted) onImported();
    } catch (failure) {
      setError(actionErrorMessage(failure, 'The OCF import failed; nothing was imported.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="admin-panel" aria-labelledby={headingId}>
      <h4 id={headingId}>Import OCF into {issuer.legalName}</h4>
      <p className="muted">
        An Open Cap Table Format bundle (.zip) becomes this issuer&rsquo;s opening cap table: its classes, holders and
        postings, through the ledger&rsquo;s own rules. A bundle with any rejected object changes nothing.
      </p>
      {error && (
        <div className="notice notice--error" role="alert">
          <p>{error}</p>
        </div>
      )}
      {outcome && !outcome.accepted && <RejectedReport message={outcome.message} problems={outcome.problems} />}
      {outcome?.accepted && (
        <div className="notice notice--success" role="status">
          <p>The bundle was imported.</p>
          <dl className="detail-list">
            {(Object.keys(COUNT_LABELS) as (keyof OcfImportCounts)[]).map((key) => (
              <div key={key}>
                <dt>{COUNT_LABELS[key]}</dt>
                <dd>{outcome.result.counts[key]}</dd>
              </div>
            ))}
          </dl>
        </div>
      )}
      <form onSubmit={handleSubmit} noValidate className="form">
        <FileField
          id={inputId}
          label="OCF bundle"
          accept=".zip,application/zip"
          inputRef={fileRef}
          onChange={() => setError(null)}
        />
        <div className="form-actions">
          <button type="submit" className="button" disabled={busy} aria-busy={busy || undefined}>
            {busy ? 'Importing…' : 'Import'}
          </button>
          <button type="button" className="button button--secondary" onClick={onCancel}>
            {outcome?.accepted ? 'Close' : 'Cancel'}
          </button>
        </div>
      </form>
    </section>
  );
}

function RejectedReport({ message, problems }: { message: string; problems: OcfImportProblem[] }) {
  const captionId = useId();
  return (
    <div className="notice notice--error" role="alert">
      <p>{message}</p>
      <div className="table-scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
        <table className="data-table">
          <caption id={captionId}>Rejected objects</caption>
          <thead>
            <tr>
              <th scope="col">File</th>
              <th scope="col">Object id</th>
              <th scope="col">Reason</th>
            </tr>
          </thead>
          <tbody>
            {problems.slice(0, MAX_PROBLEMS_SHOWN).map((problem, index) => (
              <tr key={`${problem.file}-${problem.objectId}-${index}`}>
                <td>{problem.file}</td>
                <td>{problem.objectId ?? <span className="muted">(the file)</span>}</td>
                <td>{problem.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {problems.length > MAX_PROBLEMS_SHOWN && <p>…and {problems.length - MAX_PROBLEMS_SHOWN} more.</p>}
    </div>
  );
}
