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
 * whole transactions only. Migrations run only at start, so counting them first is exact.
 */
export async function dumpEmbeddedDatabase(database: Pick<Database, 'db' | 'dumpDataDir'>): Promise<DatabaseDump> {
  if (!database.dumpDataDir) throw new Error('only the embedded database can be dumped this way');
  const result = (await database.db.execute(sql`select count(*)::int as count from drizzle.__drizzle_migrations`)) as unknown as { rows: { count: number }[] };
  const blob = await database.dumpDataDir();
  return { pgdata: Buffer.from(await blob.arrayBuffer()), migrations: result.rows[0]?.count ?? 0 };
}
