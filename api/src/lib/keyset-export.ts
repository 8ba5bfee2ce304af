import { desc, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** Where a newest-first page ends: its last row's created_at, read as text (to the microsecond), and id. */
export interface Keyset {
  createdAt: string;
  id: string;
}

/** A table's keyset columns: a timestamptz `createdAt` and a uuid `id`, ordered (createdAt desc, id desc). */
export interface KeysetColumns {
  createdAt: AnyPgColumn;
  id: AnyPgColumn;
}

/**
 * The selected column a row's page end is read from: created_at as text, not through a JavaScript
 * Date, which would round it to the millisecond and repeat or skip rows at a page boundary.
 */
export const keysetCursor = (columns: KeysetColumns) => sql<string>`${columns.createdAt}::text`;

/** The keyset order, newest first, that `keysetPages` relies on. */
export const newestFirst = (columns: KeysetColumns): SQL[] => [desc(columns.createdAt), desc(columns.id)];

/** Rows that existed when the export began: `upTo` bounds it against rows added while it streams. */
export const createdUpTo = (columns: KeysetColumns, upTo: Date): SQL =>
  sql`${columns.createdAt} <= ${upTo.toISOString()}::timestamptz`;

/**
 * The matching rows, newest first, a keyset page at a time: each page starts after the last
 * (created_at, id) of the one before, so every page is an index range read, whatever its depth, and
 * no transaction stays open. `read` runs one page's query with `after` (undefined for the first page)
 * added to its conditions, ordered by `newestFirst(columns)` and limited to `pageRows`.
 */
export async function* keysetPages<Row extends { id: string; cursor: string }>(
  columns: KeysetColumns,
  pageRows: number,
  read: (after: SQL | undefined) => Promise<Row[]>,
): AsyncGenerator<Row[]> {
  const page = (after: Keyset | null) =>
    read(
      after
        ? sql`(${columns.createdAt}, ${columns.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`
        : undefined,
    );
  let rows = await page(null);
  while (rows.length > 0) {
    yield rows;
    if (rows.length < pageRows) return;
    const last = rows[rows.length - 1]!;
    rows = await page({ createdAt: last.cursor, id: last.id });
  }
}
