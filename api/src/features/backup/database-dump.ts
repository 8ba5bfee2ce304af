import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '@ledgerwell/db/client';

export interface DatabaseDump {
  /** PGlite's data folder as an uncompressed tar. */
  pgdata: Buffer;
  /** Migrations applied to the dumped database. */
  migrations: number;
}

/**
 * A consistent copy of the embedded database, taken by the process that has it open: the dump waits
 * for the query and the transaction in progress and holds both queues while it copies, so it holds
 * whole transactions only. `whileHeld` runs before the queues are released. Migrations run only at
 * start, so counting them first is exact.
 */
export async function dumpEmbeddedDatabase(
  database: Pick<Database, 'db' | 'dumpDataDir'>,
  whileHeld?: () => Promise<void>,
): Promise<DatabaseDump> {
  if (!database.dumpDataDir) throw new Error('only the embedded database can be dumped this way');
  const result = (await database.db.execute(
    sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
  )) as unknown as { rows: { count: number }[] };
  const blob = await database.dumpDataDir(whileHeld);
  return { pgdata: Buffer.from(await blob.arrayBuffer()), migrations: result.rows[0]?.count ?? 0 };
}

/**
 * Hard links to every stored file under `source`, in `target` (same file system: DATA_DIR). Taken
 * while the dump still holds the database, it keeps every photo a dumped row names: a replaced photo
 * is removed only after the replacing transaction commits, which is after the dump. Links cost no
 * copy, so the database is held for milliseconds, not for the copy of the photos.
 */
export async function linkStoredFiles(source: string, target: string): Promise<number> {
  let entries: string[];
  try {
    entries = await fs.readdir(source, { recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  let linked = 0;
  for (const entry of entries) {
    // Temporary files of writes in progress start with a dot; their rows cannot have committed yet.
    if (path.basename(entry).startsWith('.')) continue;
    const from = path.join(source, entry);
    const stat = await fs.lstat(from).catch(() => null);
    if (!stat?.isFile()) continue;
    await fs.mkdir(path.dirname(path.join(target, entry)), { recursive: true, mode: 0o700 });
    await fs.link(from, path.join(target, entry));
    linked += 1;
  }
  return linked;
}
