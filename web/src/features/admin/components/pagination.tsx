interface PaginationProps {
  page: number;
  totalPages: number;
  first: number;
  last: number;
  total: number;
  disabled?: boolean;
  onPage: (page: number) => void;
}

/** Previous / Next with 'Showing X to Y of Z results' and 'Page N of M' (spec 2). */
export function Pagination({ page, totalPages, first, last, total, disabled = false, onPage }: PaginationProps) {
  return (
    <nav className="pagination" aria-label="Pagination">
      <p className="pagination__summary">
        Showing {first} to {last} of {total} results
      </p>
      <div className="pagination__controls">
        <button
          type="button"
          className="button button--secondary button--small"
          disabled={disabled || page <= 1}
          onClick={() => onPage(page - 1)}
        >
          Previous
        </button>
        <span>
          Page {page} of {Math.max(1, totalPages)}
        </span>
        <button
          type="button"
          className="button button--secondary button--small"
          disabled={disabled || page >= totalPages}
          onClick={() => onPage(page + 1)}
        >
          Next
        </button>
      </div>
    </nav>
  );
}
