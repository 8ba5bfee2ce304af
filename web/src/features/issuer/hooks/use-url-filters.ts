import { useSearchParams } from 'react-router';

/**
 * A paged list's filters and page kept in the address (`?type=…&from=…&page=2`), so a reload, a shared link or
 * Back shows the same list. Changing or clearing a filter goes back to page 1; page 1 is not written.
 */
export function useUrlFilters<Key extends string>(keys: readonly Key[]) {
  const [search, setSearch] = useSearchParams();
  const filters = Object.fromEntries(keys.map((key) => [key, search.get(key) ?? ''])) as Record<Key, string>;
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);

  function write(next: Record<Key, string>, nextPage: number) {
    const params = new URLSearchParams();
    for (const key of keys) if (next[key]) params.set(key, next[key]);
    if (nextPage > 1) params.set('page', String(nextPage));
    setSearch(params);
  }

  return {
    filters,
    page,
    filtered: keys.some((key) => filters[key] !== ''),
    changeFilter: (key: Key, value: string) => write({ ...filters, [key]: value }, 1),
    setPage: (next: number) => write(filters, next),
    clear: () => write(Object.fromEntries(keys.map((key) => [key, ''])) as Record<Key, string>, 1),
  };
}

/** Whether a value read from the address is one of a list's values (anything else is ignored, never sent). */
export const isOneOf = <T extends string>(values: readonly T[], value: string): value is T =>
  (values as readonly string[]).includes(value);
