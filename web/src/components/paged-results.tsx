import type { ReactNode } from 'react';
import { Spinner } from './ui/spinner';
import { actionErrorMessage } from '../lib/action-error';
import { pageSummary } from '../lib/page-summary';
import { LoadFailure } from './ui/load-failure';

interface PageOfRows {
  pagination: { page: number; totalPages: number; totalCount: number };
}

interface PagedResultsProps<T extends PageOfRows> {
  /** The page as useApiData loads it. */
  result: { data: T | null; loading: boolean; error: unknown; reload: () => void };
  /** How many rows the page holds. */
  rowCount: (page: T) => number;
  texts: {
    /** The load failure when the server sent no message of its own (spec 8), shown in the table's place. */
    failure: string;
    loading: string;
    /** The table's accessible name; its scroll box is a focusable region so a keyboard can scroll it. */
    table: string;
    empty: string;
  };
  onPage: (page: number) => void;
  /** The <table>, rendered once the page is there. */
  children: (page: T) => ReactNode;
}

/**
 * A server-paged list (spec 2.4, 2.5): its failure with Try again, its first load's spinner, the
 * empty state or the table, then 'Showing page X of Y (N total)' with Previous and Next, the
 * buttons only when there is more than one page. A reload keeps the last page on screen, dimmed.
 */
export function PagedResults<T extends PageOfRows>({
  result,
  rowCount,
  texts,
  onPage,
  children,
}: PagedResultsProps<T>) {
  const { data, loading, error, reload } = result;
  if (data === null) {
    return error ? (
      <LoadFailure text={actionErrorMessage(error, texts.failure)} onRetry={reload} alert />
    ) : (
      <Spinner label={texts.loading} block />
    );
  }
  const { page, totalPages, totalCount } = data.pagination;
  return (
    <div aria-busy={loading || undefined} className={loading ? 'results results--loading' : 'results'}>
      {rowCount(data) === 0 ? (
        <p className="empty-state">{texts.empty}</p>
      ) : (
        <div className="table-scroll" role="region" aria-label={texts.table} tabIndex={0}>
          {children(data)}
        </div>
      )}
      <div className="list-paging">
        <p className="pagination__summary">{pageSummary(page, totalPages, totalCount)}</p>
        {totalPages > 1 && (
          <nav className="pagination__controls" aria-label="Pagination">
            <button
              type="button"
              className="button button--secondary button--small"
              disabled={loading || page <= 1}
              onClick={() => onPage(page - 1)}
            >
              Previous
            </button>
            <button
              type="button"
              className="button button--secondary button--small"
              disabled={loading || page >= totalPages}
              onClick={() => onPage(page + 1)}
            >
              Next
            </button>
          </nav>
        )}
      </div>
    </div>
  );
}
