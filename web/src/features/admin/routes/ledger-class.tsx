import { useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ADMIN_ROLE_RANK, type AdminRole } from '@ledgerwell/shared/admin-auth';
import { paths } from '../../../config/paths';
import { LoadFailure } from '../../../components/ui/load-failure';
import { Spinner } from '../../../components/ui/spinner';
import { useDocumentMeta } from '../../../hooks/use-document-meta';
import { exportClassHolders, fetchClassHolders, fetchIssuers, type HolderList } from '../api/ledger';
import { ExportCsvButton } from '../components/export-csv-button';
import { formatDay, shares } from '../components/ledger/ledger-format';
import { ToastRegion } from '../components/toast-region';
import { useApiData } from '../hooks/use-api-data';
import { useToasts } from '../hooks/use-toasts';
import { actionErrorMessage } from '../utils/action-error';

/**
 * A class's record-date list (Rule 17Ad-10's master file as of a date): the holders at the end of the chosen
 * day, paged, with the whole list as CSV for ADMIN and up (the export asks for step-up, as the others do).
 */
export function LedgerClassPage({ role }: { role: AdminRole }) {
  const { classId = '' } = useParams();
  const [asOf, setAsOf] = useState('');
  const [page, setPage] = useState(1);
  const dateId = useId();
  const { toasts, push, dismiss } = useToasts();
  const issuers = useApiData('issuers', fetchIssuers);
  const holders = useApiData(`holders:${classId}:${asOf}:${page}`, (signal) =>
    fetchClassHolders(classId, { ...(asOf ? { asOf } : {}), page }, signal),
  );
  const found = issuers.data
    ?.flatMap((issuer) => issuer.classes.map((shareClass) => ({ issuer, shareClass })))
    .find(({ shareClass }) => shareClass.id === classId);
  const title = found ? `${found.issuer.legalName}, ${found.shareClass.name}` : 'Share class';
  useDocumentMeta(title);
  const list = holders.data;
  const canExport = ADMIN_ROLE_RANK[role] >= ADMIN_ROLE_RANK.ADMIN;

  return (
    <div className="admin-page">
      <p className="back-link">
        <Link to={paths.admin.ledger}>← Back to the ledger</Link>
      </p>
      <header className="admin-page__header">
        <h1>{title}</h1>
        <p className="muted">The holders of record at the end of a day, from the journal.</p>
      </header>
      <section className="admin-card" aria-labelledby="record-date-list" aria-busy={holders.loading || undefined}>
        <h2 id="record-date-list">Holders of record</h2>
        <div className="search-bar__row">
          <div className="field">
            <label htmlFor={dateId} className="field__label">
              Record date
            </label>
            <input
              id={dateId}
              type="date"
              className="field__input"
              value={asOf}
              max={list?.asOf}
              onChange={(event) => {
                setAsOf(event.target.value);
                setPage(1);
              }}
            />
            <p className="field__hint muted">Today when left empty.</p>
          </div>
          {canExport && list && (
            <ExportCsvButton
              download={() => exportClassHolders(classId, list.asOf)}
              fileName={() => `holders-${list.asOf}.csv`}
              onFailed={(error) => push('error', actionErrorMessage(error, 'Failed to export the holders'))}
            />
          )}
        </div>
        {list === null ? (
          holders.error ? (
            <LoadFailure
              text={actionErrorMessage(holders.error, 'Failed to load the holders')}
              onRetry={holders.reload}
            />
          ) : (
            <Spinner label="Loading holders" />
          )
        ) : (
          <HolderTable list={list} onPage={setPage} />
        )}
      </section>
      <ToastRegion toasts={toasts} onDismiss={dismiss} />
    </div>
  );
}

function HolderTable({ list, onPage }: { list: HolderList; onPage: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(list.total / list.limit));
  return (
    <>
      <p>
        <strong>{list.total.toLocaleString('en-US')}</strong> {list.total === 1 ? 'holder' : 'holders'} of{' '}
        <strong>{shares(list.totalShares)}</strong> shares at the end of {formatDay(list.asOf)}.
      </p>
      {list.data.length === 0 ? (
        <p className="empty-state">No holder held shares of this class on that day.</p>
      ) : (
        <div className="table-scroll" role="region" aria-label="Table of holders of record" tabIndex={0}>
          <table className="data-table">
            <caption className="visually-hidden">Holders of record on {list.asOf}</caption>
            <thead>
              <tr>
                <th scope="col">Account</th>
                <th scope="col">Registration</th>
                <th scope="col">Shares</th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((holder) => (
                <tr key={holder.accountId}>
                  <th scope="row" className="data-table__code">
                    <Link to={paths.admin.ledgerAccount(holder.accountId)}>{holder.accountNumber}</Link>
                  </th>
                  <td>{holder.registrationName}</td>
                  <td>{shares(holder.shares)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pages > 1 && (
        <nav className="pagination" aria-label="Pages of holders">
          <button
            type="button"
            className="button button--secondary button--small"
            disabled={list.page <= 1}
            onClick={() => onPage(list.page - 1)}
          >
            Previous
          </button>
          <span>
            Page {list.page} of {pages}
          </span>
          <button
            type="button"
            className="button button--secondary button--small"
            disabled={list.page >= pages}
            onClick={() => onPage(list.page + 1)}
          >
            Next
          </button>
        </nav>
      )}
    </>
  );
}
