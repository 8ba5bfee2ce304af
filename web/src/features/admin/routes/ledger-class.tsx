import { useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ADMIN_ROLE_RANK, type AdminRole } from '@ledgerwell/shared/admin-auth';
import { paths } from '../../../config/paths';
import { LoadFailure } from '../../../components/ui/load-failure';
import { Spinner } from '../../../components/ui/spinner';
import { useDocumentMeta } from '../../../hooks/use-document-meta';
import { exportClassHolders, fetchClassHolders, fetchIssuers } from '../api/ledger';
import { ExportCsvButton } from '../../../components/download-button';
import { HolderTable } from '../../../components/ledger/holder-table';
import { ToastRegion } from '../components/toast-region';
import { useApiData } from '../../../hooks/use-api-data';
import { useToasts } from '../hooks/use-toasts';
import { actionErrorMessage } from '../../../lib/action-error';

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
          <HolderTable list={list} onPage={setPage} accountHref={paths.admin.ledgerAccount} />
        )}
      </section>
      <ToastRegion toasts={toasts} onDismiss={dismiss} />
    </div>
  );
}
