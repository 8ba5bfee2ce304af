import {
  ISSUER_APPLICATION_MESSAGES as M,
  ISSUER_APPLICATION_STATUSES,
  issuerApplicationStatusLabel,
  issuerApplicationsExportFileName,
  type IssuerApplicationStatus,
} from '@ledgerwell/shared/issuer-applications';
import { useDocumentMeta } from '../../../hooks/use-document-meta';
import {
  exportIssuerApplications,
  fetchIssuerApplications,
  fetchIssuerStats,
  type IssuerFilterValues,
} from '../api/issuer-applications';
import { Banner } from '../components/banner';
import { ListFilters, SelectFilter, type FilterOption } from '../../../components/filter-fields';
import { ApplicationDetail } from '../components/issuer-applications/application-detail';
import { ApplicationsTable } from '../components/issuer-applications/applications-table';
import { ListPageHeader } from '../components/page-header';
import { countCard, StatCards } from '../components/stat-cards';
import { useListScreen, type ListScreenProps } from '../hooks/use-list-screen';
import { actionErrorMessage } from '../../../lib/action-error';
import { showPercent } from '../utils/issuer-application-view';
import '../components/issuer-applications/issuer-applications.css';

const NO_FILTERS: IssuerFilterValues = { search: '', status: '' };
const STATUS_FILTERS: FilterOption<IssuerApplicationStatus | ''>[] = [
  { value: '', label: 'All statuses' },
  ...ISSUER_APPLICATION_STATUSES.map((status) => ({ value: status, label: issuerApplicationStatusLabel(status) })),
];

/** /admin/issuer-applications (spec 2.5): every role reads; REVIEWER and up change status and notes; ADMIN and up export. */
export function IssuerApplicationsPage({ role }: ListScreenProps) {
  useDocumentMeta('Issuer Applications');
  const {
    searchInput,
    filters,
    setPage,
    changeSearch,
    changeFilter,
    clear,
    filtered,
    list,
    stats,
    refresh,
    openId,
    setOpenId,
    banner,
    show,
    canChange,
    canExport,
  } = useListScreen(role, NO_FILTERS, fetchIssuerApplications, fetchIssuerStats, 'issuer application');

  return (
    <div className="admin-page issuer-page">
      <ListPageHeader
        title="Issuer Applications"
        intro="Companies applying to become issuer clients."
        exportCsv={
          canExport
            ? {
                download: () => exportIssuerApplications(filters),
                fileName: () => issuerApplicationsExportFileName(new Date()),
                onFailed: (error) => show({ kind: 'error', text: actionErrorMessage(error, M.exportFailed) }),
              }
            : null
        }
      />

      <Banner banner={banner} className="list-banner" onDismiss={() => show(null)} />

      <StatCards
        label="Issuer application statistics"
        cards={[
          countCard('Total Applications', stats?.total),
          countCard('Last 7 Days', stats?.recentCount),
          ['Approval Rate', showPercent(stats?.conversionRate)],
          countCard('Under Review', stats?.byStatus.UNDER_REVIEW),
        ]}
      />

      <ListFilters
        label="Filter issuer applications"
        search={{
          id: 'issuer-search',
          placeholder: 'Company, contact name or e-mail',
          value: searchInput,
          onChange: changeSearch,
        }}
        filtered={filtered}
        onClear={clear}
      >
        <SelectFilter
          id="issuer-status"
          label="Status"
          value={filters.status}
          options={STATUS_FILTERS}
          onChange={(status) => changeFilter('status', status)}
        />
      </ListFilters>

      <ApplicationsTable result={list} onOpen={setOpenId} onPage={setPage} />

      {openId && (
        <ApplicationDetail id={openId} canChange={canChange} onClose={() => setOpenId(null)} onChanged={refresh} />
      )}
    </div>
  );
}
