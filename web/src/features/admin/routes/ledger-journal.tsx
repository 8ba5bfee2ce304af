import { Link } from 'react-router';
import type { TransactionType } from '@ledgerwell/shared/ledger';
import { paths } from '../../../config/paths';
import { useDocumentMeta } from '../../../hooks/use-document-meta';
import { fetchIssuers, fetchJournal, type IssuerView, type JournalFilters } from '../api/ledger';
import { ListFilters, SelectFilter, type FilterOption } from '../../../components/filter-fields';
import { PostingFilterFields } from '../../../components/ledger/posting-filter-fields';
import { STAFF_TRANSACTION_LINKS } from '../components/ledger/ledger-format';
import { TransactionTable } from '../../../components/ledger/transaction-table';
import { PageHeader } from '../components/page-header';
import { PagedResults } from '../../../components/paged-results';
import { useApiData } from '../../../hooks/use-api-data';
import { useListFilters } from '../hooks/use-list-filters';

interface JournalFilterValues {
  /** The account number typed in the search box. */
  search: string;
  /** '' for every class, `issuer:<id>` for an issuer's classes, `class:<id>` for one class. */
  scope: string;
  type: TransactionType | '';
  from: string;
  to: string;
}

const NO_FILTERS: JournalFilterValues = { search: '', scope: '', type: '', from: '', to: '' };

function scopeOptions(issuers: IssuerView[] | null): FilterOption<string>[] {
  return [
    { value: '', label: 'All issuers and classes' },
    ...(issuers ?? []).flatMap((issuer) => [
      { value: `issuer:${issuer.id}`, label: `${issuer.legalName}, every class` },
      ...issuer.classes.map((shareClass) => ({
        value: `class:${shareClass.id}`,
        label: `${issuer.legalName}, ${shareClass.name}`,
      })),
    ]),
  ];
}

/** The API's filters from the screen's: the scope names an issuer or a class, empty values are left out. */
function journalQuery({ search, scope, type, from, to }: JournalFilterValues): JournalFilters {
  const [kind, id] = scope.split(':');
  return {
    ...(kind === 'issuer' ? { issuerId: id } : {}),
    ...(kind === 'class' ? { classId: id } : {}),
    ...(type ? { type } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    ...(search ? { accountNumber: search } : {}),
  };
}

/**
 * The journal: every posting to the ledger, newest effective date first, narrowed by issuer or class, type,
 * effective dates and account number. Each leg links to its account's ledger.
 */
export function LedgerJournalPage() {
  useDocumentMeta('Journal');
  const { searchInput, filters, page, setPage, changeSearch, changeFilter, clear, filtered } =
    useListFilters(NO_FILTERS);
  const issuers = useApiData('issuers', fetchIssuers);
  const query = journalQuery(filters);
  const journal = useApiData(JSON.stringify([query, page]), (signal) => fetchJournal(query, page, signal));
  const classNames = new Map(
    (issuers.data ?? []).flatMap((issuer) =>
      issuer.classes.map((shareClass) => [shareClass.id, `${issuer.legalName}, ${shareClass.name}`] as const),
    ),
  );

  return (
    <div className="admin-page">
      <p className="back-link">
        <Link to={paths.admin.ledger}>← Back to the ledger</Link>
      </p>
      <PageHeader
        title="Journal"
        intro="Every posting to the ledger, newest effective date first. Postings are never changed: a correction is a new posting."
      />
      <ListFilters
        label="Filter the journal"
        search={{ id: 'journal-account', placeholder: 'Account number', value: searchInput, onChange: changeSearch }}
        filtered={filtered}
        onClear={clear}
      >
        <SelectFilter
          id="journal-scope"
          label="Issuer or class"
          value={filters.scope}
          options={scopeOptions(issuers.data)}
          onChange={(scope) => changeFilter('scope', scope)}
        />
        <PostingFilterFields
          idPrefix="journal"
          type={filters.type}
          from={filters.from}
          to={filters.to}
          onType={(type) => changeFilter('type', type)}
          onFrom={(from) => changeFilter('from', from)}
          onTo={(to) => changeFilter('to', to)}
        />
      </ListFilters>
      <PagedResults
        result={journal}
        rowCount={(list) => list.rows.length}
        texts={{
          failure: 'Failed to load the journal',
          loading: 'Loading the journal',
          table: 'Journal of postings',
          empty: filtered ? 'No posting matches these filters.' : 'Nothing has been posted yet.',
        }}
        onPage={setPage}
      >
        {(list) => (
          <TransactionTable
            rows={list.rows}
            caption="Postings, newest first"
            classLabel={(classId) => classNames.get(classId) ?? 'Unknown class'}
            links={STAFF_TRANSACTION_LINKS}
          />
        )}
      </PagedResults>
    </div>
  );
}
