import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

/** The one database type the rest of the code sees, whichever engine is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DbEngine = 'embedded' | 'postgres';

export interface Database {
  db: Db;
  engine: DbEngine;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** Embedded only: the data folder as an uncompressed tar, loadable as a `template`. */
  dumpDataDir?: () => Promise<Blob>;
}

export const MIGRATIONS_FOLDER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../migrations');

export interface DatabaseOptions {
  /** Set: a real PostgreSQL server through a `pg` pool. Unset: embedded PGlite. */
  databaseUrl?: string | undefined;
  /** Where PGlite keeps its files; unset means in memory (tests). */
  dataDir?: string | undefined;
  poolSize?: number;
  /** PostgreSQL only: an idle pooled connection failed (server restart, terminated backend). */
  onPoolError?: (error: Error) => void;
  /** Embedded only: start from this PGlite data-folder dump instead of an empty database (test fixtures). */
  template?: Blob | undefined;
}

/** The single place that decides which engine runs; no other module knows. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // Without a listener, an idle client's error (e.g. the server restarting) would crash the process;
    // the pool drops that client and opens a new one on the next query.
    pool.on('error', (error) => options.onPoolError?.(error));
    const db = drizzlePg(pool, { schema });
    return {
      db: db as unknown as Db,
      engine: 'postgres',
      migrate: () => migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER }),
      close: () => pool.end(),
    };
  }
  let dataDir: string | undefined;
  if (options.dataDir) {
    dataDir = path.join(options.dataDir, 'pgdata');
    fs.mkdirSync(dataDir, { recursive: true });
  }
  // PGlite is one connection: its own queue serialises queries, and transactions take it exclusively.
  const client = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(options.template ? { loadDataDir: options.template } : {}),
  });
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Db,
    engine: 'embedded',
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir('none'),
  };
}
