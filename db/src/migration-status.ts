import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { MIGRATIONS_FOLDER } from './client';

interface JournalEntry {
  tag: string;
  when: number;
}

let shipped: readonly JournalEntry[] | undefined;

/** The migrations this build ships, from drizzle's journal (read once: the folder does not change under a running process). */
function shippedMigrations(): readonly JournalEntry[] {
  shipped ??= (
    JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
      entries: JournalEntry[];
    }
  ).entries;
  return shipped;
}

/**
 * The tags of the shipped migrations the database has not applied. drizzle's migrator records each
 * applied migration's journal timestamp (`when`) as `created_at` in drizzle.__drizzle_migrations;
 * a database that was never migrated has no such table, and then everything is pending.
 */
export async function pendingMigrations(db: Db): Promise<string[]> {
  let applied: Set<number>;
  try {
    const result = (await db.execute(sql`select created_at from drizzle.__drizzle_migrations`)) as unknown as {
      rows: { created_at: string | number }[];
    };
    applied = new Set(result.rows.map((row) => Number(row.created_at)));
  } catch (error) {
    // 42P01 undefined_table / 3F000 invalid_schema_name: never migrated. Anything else (the database
    // unreachable) is the caller's to report.
    const code =
      (error as { code?: unknown; cause?: { code?: unknown } }).cause?.code ?? (error as { code?: unknown }).code;
    if (code === '42P01' || code === '3F000') return shippedMigrations().map((entry) => entry.tag);
    throw error;
  }
  return shippedMigrations()
    .filter((entry) => !applied.has(entry.when))
    .map((entry) => entry.tag);
}
