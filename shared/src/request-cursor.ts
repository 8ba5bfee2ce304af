/**
 * Keyset ("after this row") paging of the request list. A cursor names the last row of a page by
 * the columns the list is sorted on: the sort column when it is not the date (status or type), the
 * creation time in microseconds (what PostgreSQL keeps; a JavaScript date would round it to the
 * millisecond and skip or repeat rows), and the id. The next page starts right after that row, read
 * from the sort order's index however deep it is, where `page` makes the database skip every row
 * before it.
 *
 * Text: `[KEY.]MICROSECONDS.ID`, for example `1795842360418123.6f1c…` or `APPROVED.1795842360418123.6f1c…`.
 * Clients treat it as opaque and send back what the list returned as `nextCursor`.
 */

export interface RequestCursor {
  /** The status or request type of the row, when the list is sorted by one. */
  sortKey: string | null;
  /** Microseconds since 1970-01-01 UTC, as decimal text (beyond a double's exact range in general). */
  createdAtMicros: string;
  id: string;
}

export const REQUEST_CURSOR_MESSAGES = {
  invalid: 'after must be the nextCursor of an earlier page of this list',
  withPage: 'Use either page or after, not both',
} as const;

const CURSOR_PATTERN =
  /^(?:([A-Z_]{1,30})\.)?(\d{1,18})\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

export function formatRequestCursor(cursor: RequestCursor): string {
  return [cursor.sortKey, cursor.createdAtMicros, cursor.id].filter((part) => part !== null).join('.');
}

/** The cursor in `text`, or null when it is not one. */
export function parseRequestCursor(text: string): RequestCursor | null {
  const match = CURSOR_PATTERN.exec(text);
  if (!match) return null;
  return { sortKey: match[1] ?? null, createdAtMicros: match[2]!, id: match[3]! };
}
