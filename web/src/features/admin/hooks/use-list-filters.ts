import { useEffect, useRef, useState } from 'react';

const SEARCH_DELAY_MS = 300;

/**
 * A server-paged list's filters and page. The search box applies its text 300 ms after the last
 * keystroke; every other filter at once. Spec 4: the page goes back to 1 whenever a filter changes.
 */
export function useListFilters<F extends { search: string }>(none: F) {
  const [searchInput, setSearchInput] = useState('');
  const [filters, setFilters] = useState<F>(none);
  const [page, setPage] = useState(1);
  const searchTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (searchTimer.current) clearTimeout(searchTimer.current);
    },
    [],
  );

  function cancelSearch() {
    if (searchTimer.current) clearTimeout(searchTimer.current);
    searchTimer.current = null;
  }

  function apply(change: (last: F) => F) {
    setFilters(change);
    setPage(1);
  }

  function changeSearch(value: string) {
    setSearchInput(value);
    cancelSearch();
    searchTimer.current = setTimeout(() => apply((last) => ({ ...last, search: value.trim() })), SEARCH_DELAY_MS);
  }

  /** A select: applied at once, with the search box's text as it stands. */
  function changeFilter<K extends Exclude<keyof F, 'search'>>(key: K, value: F[K]) {
    cancelSearch();
    apply((last) => ({ ...last, search: searchInput.trim(), [key]: value }));
  }

  function clear() {
    cancelSearch();
    setSearchInput('');
    apply(() => none);
  }

  const filtered = searchInput !== '' || (Object.keys(none) as (keyof F)[]).some((key) => filters[key] !== none[key]);
  return { searchInput, filters, page, setPage, changeSearch, changeFilter, clear, filtered };
}
