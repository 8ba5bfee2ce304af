import { REQUEST_STATUSES } from '@ledgerwell/shared/portal-requests';
import { REQUEST_TYPES } from '@ledgerwell/shared/request-types';
import { ListFilters, SelectFilter, type FilterOption } from '../../../components/filter-fields';
import { PagedResults } from '../../../components/paged-results';
import { useApiData } from '../../../hooks/use-api-data';
import { useDocumentMeta } from '../../../hooks/use-document-meta';
import { statusLabel, typeLabel } from '../../../lib/request-labels';
import { fetchIssuerRequests, type RequestFilters } from '../api/requests';
import { IssuerPage } from '../components/issuer-page';
import { RequestsTable } from '../components/requests-table';
import { TurnaroundSummary } from '../components/turnaround-summary';
import { isOneOf, useUrlFilters } from '../hooks/use-url-filters';

const FILTER_KEYS = ['type', 'status'] as const;

const TYPE_OPTIONS: FilterOption<string>[] = [
  { value: '', label: 'All types' },
  ...REQUEST_TYPES.map((type) => ({ value: type, label: typeLabel(type) })),
];
const STATUS_OPTIONS: FilterOption<string>[] = [
  { value: '', label: 'All statuses' },
  ...REQUEST_STATUSES.map((status) => ({ value: status, label: statusLabel(status) })),
];

/** The API's filters from the address's; a value the lists do not know is ignored rather than sent. */
function requestQuery({ type, status }: Record<(typeof FILTER_KEYS)[number], string>): RequestFilters {
  return {
    ...(isOneOf(REQUEST_TYPES, type) ? { type } : {}),
    ...(isOneOf(REQUEST_STATUSES, status) ? { status } : {}),
  };
}

/**
 * The shareholder requests on the issuer's holders' accounts, newest first, by type and status, with this month's
 * SEC Rule 17Ad-2 turnaround of its transfers above them.
 */
export function RequestsPage() {
  useDocumentMeta('Requests');
  const { filters, page, filtered, changeFilter, setPage, clear } = useUrlFilters(FILTER_KEYS);
  const query = requestQuery(filters);
  const requests = useApiData(JSON.stringify(['issuer-requests', query, page]), (signal) =>
    fetchIssuerRequests(query, page, signal),
  );

  return (
    <IssuerPage title="Requests" intro="What your shareholders asked Ledgerwell to do on their accounts, newest first.">
      {requests.data && <TurnaroundSummary turnaround={requests.data.turnaround} />}
      <ListFilters label="Filter the requests" filtered={filtered} onClear={clear}>
        <SelectFilter
          id="requests-type"
          label="Type"
          value={query.type ?? ''}
          options={TYPE_OPTIONS}
          onChange={(type) => changeFilter('type', type)}
        />
        <SelectFilter
          id="requests-status"
          label="Status"
          value={query.status ?? ''}
          options={STATUS_OPTIONS}
          onChange={(status) => changeFilter('status', status)}
        />
      </ListFilters>
      <PagedResults
        result={requests}
        rowCount={(list) => list.rows.length}
        texts={{
          failure: 'Failed to load the requests',
          loading: 'Loading the requests',
          table: 'Requests',
          empty: filtered ? 'No request matches these filters.' : 'Your shareholders have made no request yet.',
        }}
        onPage={setPage}
      >
        {(list) => <RequestsTable rows={list.rows} />}
      </PagedResults>
    </IssuerPage>
  );
}
