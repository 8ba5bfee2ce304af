/**
 * A detail screen's way back to the list it was opened from, filters, search and page included (issue 29): the
 * list hands its query string to the detail in the navigation's state, and Back returns to it. Opened any other
 * way (a bookmark, the dashboard), Back goes to the list as it first opens.
 */
export interface OpenedFromList {
  listSearch: string;
}

export const openedFromList = (search: string): OpenedFromList => ({ listSearch: search });

export function backToList(listPath: string, state: unknown): string {
  const search = (state as Partial<OpenedFromList> | null)?.listSearch;
  return typeof search === 'string' && search.startsWith('?') ? `${listPath}${search}` : listPath;
}
