import { useSearchParams } from 'react-router';
import type { AdminProfile } from '@ledgerwell/shared/admin-auth';
import { Spinner } from '../../../components/ui/spinner';
import { useDocumentMeta } from '../../../hooks/use-document-meta';
import { fetchRequests } from '../api/requests';
import { Pagination } from '../components/pagination';
import { RequestFiltersBar } from '../components/requests/request-filters';
import { RequestsTable } from '../components/requests/requests-table';
import { useApiData } from '../../../hooks/use-api-data';
import {
  filtersFromParams,
  filtersToParams,
  listApiQuery,
  pageRange,
  updateFilters,
  type RequestFilters,
} from '../utils/requests-query';

export function RequestsPage({ admin }: { admin: AdminProfile }) {
  useDocumentMeta('Requests');
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  const query = listApiQuery(filters);
  const list = useApiData(JSON.stringify(query), (signal) => fetchRequests(query, signal));

  function change(next: Partial<RequestFilters>) {
    setParams(filtersToParams(updateFilters(filters, next)));
  }

  return (
    <div className="admin-page">
      <header className="admin-page__header">
        <h1>Requests</h1>
        <p className="muted">Search, filter and review shareholder requests.</p>
      </header>

      <RequestFiltersBar filters={filters} onChange={change} />

      {list.error && !list.loading ? (
        <div className="notice notice--error" role="alert">
          <p>Failed to load requests</p>
          <p>
            <button type="button" className="button button--secondary button--small" onClick={list.reload}>
              Try again
            </button>
          </p>
        </div>
      ) : !list.data ? (
        <Spinner label="Loading requests" />
      ) : list.data.requests.length === 0 ? (
        <div className="empty-state" aria-busy={list.loading || undefined}>
          <p>No requests found matching your criteria.</p>
          {filters.page > 1 && (
            <button
              type="button"
              className="button button--secondary button--small"
              onClick={() => change({ page: 1 })}
            >
              Back to page 1
            </button>
          )}
        </div>
      ) : (
        <div aria-busy={list.loading || undefined} className={list.loading ? 'results results--loading' : 'results'}>
          <RequestsTable rows={list.data.requests} myInitial={(admin.username[0] ?? '?').toUpperCase()} />
          <Pagination
            page={list.data.page}
            totalPages={list.data.totalPages}
            total={list.data.total}
            {...pageRange(list.data.page, list.data.requests.length, list.data.total)}
            disabled={list.loading}
            onPage={(page) => change({ page })}
          />
        </div>
      )}
    </div>
  );
}
