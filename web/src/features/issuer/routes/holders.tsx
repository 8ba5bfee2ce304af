import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { DownloadButton } from '../../../components/download-button';
import { HolderTable } from '../../../components/ledger/holder-table';
import { LoadFailure } from '../../../components/ui/load-failure';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { useApiData } from '../../../hooks/use-api-data';
import { useDocumentMeta } from '../../../hooks/use-document-meta';
import { actionErrorMessage } from '../../../lib/action-error';
import { isApiRequestError } from '../../../lib/api-client';
import { fetchCapTable } from '../api/cap-table';
import { downloadHoldersCsv, fetchHolders } from '../api/holders';
import { fetchIssuerUser } from '../api/issuer-user';
import { fileSlug, localDay } from '../components/file-names';
import { IssuerPage } from '../components/issuer-page';
import { RecordDateField } from '../components/record-date-field';

export const CSV_VIEWER_TEXT = "Only your company's administrators can download the holders.";

/** The server's message for the record date, when it refused the date itself. */
const asOfError = (error: unknown) => (isApiRequestError(error) ? error.fieldErrors.asOf : undefined);

/**
 * A class's holders of record at the end of a day (today unless a record date is chosen), paged by account number,
 * and the whole list for that day as CSV (tax IDs masked by the server). The date and page live in the address, so
 * a reload or Back shows the same list. The CSV is an administrator's: a viewer is told so instead of being offered a
 * button the server would refuse, and while the role is unknown nothing is offered.
 */
export function HoldersPage() {
  const { classId = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const asOf = search.get('asOf') ?? '';
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
  const [downloadFailure, setDownloadFailure] = useState<string | null>(null);

  const shareClass = useApiData(`issuer-class:${classId}`, (signal) => fetchCapTable({ classId, limit: 1 }, signal));
  const holders = useApiData(`issuer-holders:${classId}:${asOf}:${page}`, (signal) =>
    fetchHolders(classId, { ...(asOf ? { asOf } : {}), page }, signal),
  );
  const role = useApiData('issuer-user', fetchIssuerUser).data?.role;
  const className = shareClass.data?.classes[0]?.name;
  const title = className ? `Holders of record: ${className}` : 'Holders of record';
  useDocumentMeta(title);
  const list = holders.data;
  const dateError = asOfError(holders.error);

  function show(next: { asOf?: string; page?: number }) {
    const params = new URLSearchParams();
    const nextAsOf = next.asOf ?? asOf;
    if (nextAsOf) params.set('asOf', nextAsOf);
    if (next.page && next.page > 1) params.set('page', String(next.page));
    setSearch(params);
  }

  return (
    <IssuerPage
      title={title}
      intro="Who held shares of the class at the end of a day, from the journal."
      back={<Link to={paths.issuer.capTable}>← Back to the cap table</Link>}
    >
      <section className="admin-card" aria-labelledby="record-date-list" aria-busy={holders.loading || undefined}>
        <h2 id="record-date-list">Holders at the end of a day</h2>
        <div className="search-bar__row">
          <RecordDateField
            value={asOf}
            max={localDay(new Date())}
            serverError={dateError}
            onChange={(day) => show({ asOf: day, page: 1 })}
          />
          {list && role === 'ISSUER_VIEWER' && <p className="muted">{CSV_VIEWER_TEXT}</p>}
          {list && role === 'ISSUER_ADMIN' && (
            <DownloadButton
              label="Download CSV"
              busyLabel="Downloading…"
              download={() => {
                setDownloadFailure(null);
                return downloadHoldersCsv(classId, list.asOf);
              }}
              fileName={() => `holders-${fileSlug(className ?? '', 'class')}-${list.asOf}.csv`}
              onFailed={(error) => setDownloadFailure(actionErrorMessage(error, 'Failed to download the holders'))}
            />
          )}
        </div>
        {downloadFailure && (
          <p className="notice notice--error" role="alert">
            {downloadFailure}
          </p>
        )}
        {holders.error && !dateError ? (
          <LoadFailure
            text={actionErrorMessage(holders.error, 'Failed to load the holders')}
            onRetry={holders.reload}
            alert
          />
        ) : list ? (
          <HolderTable list={list} onPage={(next) => show({ page: next })} />
        ) : (
          // A refused date is told at the field; until a list comes, it is loading.
          !dateError && <Spinner label="Loading holders" />
        )}
      </section>
    </IssuerPage>
  );
}
