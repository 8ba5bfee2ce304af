import { useId, useState } from 'react';
import { normalizeDecimal } from '@ledgerwell/shared/ledger';
import { LoadFailure } from '../../../../components/ui/load-failure';
import { Spinner } from '../../../../components/ui/spinner';
import { fetchControlBook, fetchIssuers, type IssuerView, type ShareClassView } from '../../api/ledger';
import { useApiData } from '../../../../hooks/use-api-data';
import { actionErrorMessage } from '../../../../lib/action-error';
import { Link } from 'react-router';
import { paths } from '../../../../config/paths';
import { AddClassForm, AddIssuerForm, AuthorizedSharesForm } from './issuer-forms';
import { shares } from '../../../../lib/ledger-format';
import type { PushToast } from './ledger-format';
import { ExportOcfButton, mayImportOcf, OcfImportForm } from './ocf-tools';

/** The dialog open over the section, if any. */
type Dialog =
  | { kind: 'issuer' }
  | { kind: 'class'; issuer: IssuerView }
  | { kind: 'authorized'; issuer: IssuerView; shareClass: ShareClassView };

interface Writes {
  /** ADMIN and up add issuers and classes and record authorized shares (the server asks for step-up). */
  canWrite: boolean;
  open: (dialog: Dialog) => void;
  onToast: PushToast;
  /** Loads the issuers and control books again (after an import). */
  refresh: () => void;
}

/** "0", "0.000" and "-0" all say the books are in balance. */
const isZeroDecimal = (value: string) => normalizeDecimal(value.replace(/^-/, '')) === '0';

export function IssuersSection({ canWrite, onToast }: { canWrite: boolean; onToast: PushToast }) {
  const issuers = useApiData('ledger-issuers', fetchIssuers);
  // Bumped by "Check again": every class's control book loads anew with the issuer list.
  const [round, setRound] = useState(0);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const list = issuers.data;
  const writes: Writes = { canWrite, open: setDialog, onToast, refresh: () => checkAgain() };

  function checkAgain() {
    setRound((n) => n + 1);
    issuers.reload();
  }

  function done() {
    setDialog(null);
    checkAgain();
  }

  const dialogProps = { onDone: done, onCancel: () => setDialog(null), onToast };

  return (
    <section className="admin-card" aria-labelledby="ledger-issuers" aria-busy={issuers.loading || undefined}>
      <div className="admin-card__header">
        <h2 id="ledger-issuers">Issuers and classes</h2>
        <div className="admin-card__actions">
          {list && (
            <button type="button" className="button button--secondary button--small" onClick={checkAgain}>
              Check again
            </button>
          )}
          {canWrite && (
            <button type="button" className="button button--small" onClick={() => setDialog({ kind: 'issuer' })}>
              Add issuer
            </button>
          )}
        </div>
      </div>
      <p className="muted">
        The control book checks each class&rsquo;s shares outstanding against the sum of every holder&rsquo;s position
        in the master file; the difference is the master-file total less the shares outstanding.
      </p>
      {list === null ? (
        issuers.error ? (
          <LoadFailure
            text={actionErrorMessage(issuers.error, 'Failed to load the issuers')}
            onRetry={issuers.reload}
          />
        ) : (
          <Spinner label="Loading issuers" />
        )
      ) : list.length === 0 ? (
        <p className="empty-state">No issuers are on the ledger yet.</p>
      ) : (
        list.map((issuer) => <IssuerClasses key={issuer.id} issuer={issuer} round={round} writes={writes} />)
      )}
      {dialog?.kind === 'issuer' && <AddIssuerForm {...dialogProps} />}
      {dialog?.kind === 'class' && <AddClassForm issuer={dialog.issuer} {...dialogProps} />}
      {dialog?.kind === 'authorized' && (
        <AuthorizedSharesForm issuer={dialog.issuer} shareClass={dialog.shareClass} {...dialogProps} />
      )}
    </section>
  );
}

function IssuerClasses({ issuer, round, writes }: { issuer: IssuerView; round: number; writes: Writes }) {
  const headingId = useId();
  const [importing, setImporting] = useState(false);
  return (
    <div className="ledger-issuer">
      <div className="admin-card__header">
        <h3 id={headingId}>{issuer.legalName}</h3>
        {writes.canWrite && (
          <div className="admin-card__actions">
            <ExportOcfButton issuer={issuer} onToast={writes.onToast} />
            {mayImportOcf(issuer) && !importing && (
              <button
                type="button"
                className="button button--secondary button--small"
                aria-label={`Import an OCF bundle into ${issuer.legalName}`}
                onClick={() => setImporting(true)}
              >
                Import OCF
              </button>
            )}
            <button
              type="button"
              className="button button--secondary button--small"
              aria-label={`Add a share class to ${issuer.legalName}`}
              onClick={() => writes.open({ kind: 'class', issuer })}
            >
              Add class
            </button>
          </div>
        )}
      </div>
      {importing && <OcfImportForm issuer={issuer} onImported={writes.refresh} onCancel={() => setImporting(false)} />}
      {issuer.classes.length === 0 ? (
        <p className="muted">No share classes recorded yet.</p>
      ) : (
        <div className="table-scroll" role="region" aria-labelledby={headingId} tabIndex={0}>
          <table className="data-table">
            <caption className="visually-hidden">Share classes of {issuer.legalName}</caption>
            <thead>
              <tr>
                <th scope="col">Class</th>
                <th scope="col">CUSIP</th>
                <th scope="col">Par value</th>
                <th scope="col">Authorized</th>
                <th scope="col">Outstanding</th>
                <th scope="col">Master-file total</th>
                <th scope="col">Control book</th>
                {writes.canWrite && (
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {issuer.classes.map((shareClass) => (
                <ClassRow key={shareClass.id} issuer={issuer} shareClass={shareClass} round={round} writes={writes} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

const none = <span className="muted">None</span>;

interface ClassRowProps {
  issuer: IssuerView;
  shareClass: ShareClassView;
  round: number;
  writes: Writes;
}

function ClassRow({ issuer, shareClass, round, writes }: ClassRowProps) {
  return (
    <tr>
      <th scope="row">
        <Link to={paths.admin.ledgerClass(shareClass.id)} aria-label={`${shareClass.name}: holders on a record date`}>
          {shareClass.name}
        </Link>
      </th>
      <td className="data-table__code">{shareClass.cusip ?? none}</td>
      <td>{shareClass.parValue === null ? none : shares(shareClass.parValue)}</td>
      <td>
        {shareClass.authorizedShares === null ? (
          <span className="muted">Not recorded</span>
        ) : (
          shares(shareClass.authorizedShares)
        )}
      </td>
      <td>{shares(shareClass.outstandingShares)}</td>
      <ControlBookCells shareClass={shareClass} round={round} />
      {writes.canWrite && (
        <td>
          <button
            type="button"
            className="button button--secondary button--small"
            aria-label={`Change the authorized shares of ${shareClass.name}`}
            onClick={() => writes.open({ kind: 'authorized', issuer, shareClass })}
          >
            Authorized shares
          </button>
        </td>
      )}
    </tr>
  );
}

/** The master-file total and the balance of one class, loaded with the row. */
function ControlBookCells({ shareClass, round }: { shareClass: ShareClassView; round: number }) {
  const book = useApiData(`control-book:${shareClass.id}:${round}`, (signal) =>
    fetchControlBook(shareClass.id, signal),
  );
  if (book.error) {
    return (
      <td colSpan={2}>
        <span className="field__error">Could not check the control book.</span>{' '}
        <button
          type="button"
          className="button button--secondary button--small"
          aria-label={`Check the control book of ${shareClass.name} again`}
          onClick={book.reload}
        >
          Try again
        </button>
      </td>
    );
  }
  if (!book.data) {
    return (
      <td colSpan={2} className="muted">
        Checking…
      </td>
    );
  }
  const { masterFileTotal, difference } = book.data;
  return (
    <>
      <td>{shares(masterFileTotal)}</td>
      <td>
        {isZeroDecimal(difference) ? (
          <span className="status-badge status-badge--success">In balance</span>
        ) : (
          <strong className="status-badge status-badge--pending">Difference {shares(difference)}</strong>
        )}
      </td>
    </>
  );
}
