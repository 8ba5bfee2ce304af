import { TRANSACTION_TYPES, type TransactionType } from '@ledgerwell/shared/ledger';
import { ListFilters, SelectFilter, type FilterOption } from '../../../components/filter-fields';
import { PostingFilterFields } from '../../../components/ledger/posting-filter-fields';
import { TransactionTable } from '../../../components/ledger/transaction-table';
import { PagedResults } from '../../../components/paged-results';
import { useApiData } from '../../../hooks/use-api-data';
import { useDocumentMeta } from '../../../hooks/use-document-meta';
import { fetchCapTable } from '../api/cap-table';
import { fetchIssuerJournal, type JournalFilters } from '../api/journal';
import { IssuerPage } from '../components/issuer-page';
import { isOneOf, useUrlFilters } from '../hooks/use-url-filters';

const FILTER_KEYS = ['classId', 'type', 'from', 'to'] as const;

const isTransactionType = (value: string): value is TransactionType => isOneOf(TRANSACTION_TYPES, value);

/** The API's filters from the address's: empty values left out, an unknown type ignored rather than refused. */
function journalQuery(filters: Record<(typeof FILTER_KEYS)[number], string>): JournalFilters {
  return {
    ...(filters.classId ? { classId: filters.classId } : {}),
    ...(isTransactionType(filters.type) ? { type: filters.type } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
  };
}

/**
 * The journal of the issuer's classes: every posting, newest effective date first, narrowed by class, type and
 * effective dates. The filters and page live in the address. Postings are never changed: a correction is a new one.
 */
export function JournalPage() {
  useDocumentMeta('Journal');
  const { filters, page, filtered, changeFilter, setPage, clear } = useUrlFilters(FILTER_KEYS);
  const classes = useApiData('issuer-classes', (signal) => fetchCapTable({ limit: 1 }, signal));
  const query = journalQuery(filters);
  const journal = useApiData(JSON.stringify(['issuer-journal', query, page]), (signal) =>
    fetchIssuerJournal(query, page, signal),
  );
  const classNames = new Map((classes.data?.classes ?? []).map((shareClass) => [shareClass.classId, shareClass.name]));
  const classOptions: FilterOption<string>[] = [
    { value: '', label: 'All classes' },
    ...[...classNames].map(([value, label]) => ({ value, label })),
  ];

  return (
    <IssuerPage
      title="Journal"
      intro="Every posting in your company's share classes, newest effective date first. A correction is a new posting."
    >
      <ListFilters label="Filter the journal" filtered={filtered} onClear={clear}>
        <SelectFilter
          id="journal-class"
          label="Class"
          value={filters.classId}
          options={classOptions}
          onChange={(classId) => changeFilter('classId', classId)}
        />
        <PostingFilterFields
          idPrefix="journal"
          type={isTransactionType(filters.type) ? filters.type : ''}
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
          empty: filtered ? 'No posting matches these filters.' : 'Nothing has been posted in your classes yet.',
        }}
        onPage={setPage}
      >
        {(list) => (
          <TransactionTable
            rows={list.rows}
            caption="Postings, newest first"
            classLabel={(classId) => classNames.get(classId) ?? 'Share class'}
          />
        )}
      </PagedResults>
    </IssuerPage>
  );
}
