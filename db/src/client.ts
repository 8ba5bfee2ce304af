import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { fillPlaceholders, type Logger, type SQL } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

/** The one database type the rest of the code sees, whichever engine is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DbEngine = 'embedded' | 'postgres';

/** What a listener to a notification channel hears. */
export interface ChannelListener {
  /** A notification's payload. */
  onMessage(payload: string): void;
  /** Listening (again): notifications sent before this may have been missed. */
  onListening(): void;
  /** The connection was lost: notifications are missed until onListening. */
  onLost(error: Error): void;
}

export interface Database {
  db: Db;
  engine: DbEngine;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * Hears NOTIFY on `channel` until the returned function is called. On PostgreSQL through a
   * connection of its own, checked every few seconds and opened again when lost.
   */
  listen(channel: string, listener: ChannelListener): Promise<() => Promise<void>>;
  /**
   * Embedded only: the data folder as an uncompressed tar, loadable as a `template`. `whileHeld` runs
   * right after the dump, before any other transaction may commit (backups snapshot the photos there).
   */
  dumpDataDir?: (whileHeld?: () => Promise<void>) => Promise<Blob>;
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
  /** PostgreSQL only: how long a query waits for a new connection before failing; 5000 unless set. */
  connectionTimeoutMs?: number;
  /** Embedded only: start from this PGlite data-folder dump instead of an empty database (test fixtures). */
  template?: Blob | undefined;
  /** Embedded only: PGlite's compiled code and file bundle, loaded once for many databases (embeddedAssets). */
  assets?: EmbeddedAssets | undefined;
  /** Told every statement with its values (`pnpm bench:api` explains the list's statements); none unless set. */
  logger?: Logger | undefined;
}

/** What every PGlite instance loads before it starts: its WebAssembly module and its file-system bundle. */
export interface EmbeddedAssets {
  wasmModule: NonNullable<PGliteOptions['pgliteWasmModule']>;
  fsBundle: Blob;
}

/** Node's WebAssembly global; @types/node 20 leaves its types to the DOM library, which the server does not load. */
const wasm = (
  globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<EmbeddedAssets['wasmModule']> } }
).WebAssembly;

/**
 * PGlite's assets, compiled and read once: a process that opens many embedded databases (the API
 * tests: hundreds per run) passes them to each, which saves about a quarter of each start.
 */
export async function loadEmbeddedAssets(): Promise<EmbeddedAssets> {
  const dist = path.dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite')));
  const [code, bundle] = await Promise.all([
    fs.promises.readFile(path.join(dist, 'pglite.wasm')),
    fs.promises.readFile(path.join(dist, 'pglite.data')),
  ]);
  return { wasmModule: await wasm.compile(code), fsBundle: new Blob([bundle]) };
}

/** The single place that decides which engine runs; no other module knows. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      // A server that does not answer fails the query (a 503 upstream) instead of holding the request.
      connectionTimeoutMillis: options.connectionTimeoutMs ?? 5000,
      // Finds a peer gone silently (a failover, a dropped NAT entry) before the next query waits on it.
      keepAlive: true,
      // No JIT compilation: our statements are short index reads, and PostgreSQL's cost estimate sent a page of
      // the record-date export (2,000 correlated sums) to the JIT, which spent 230 ms compiling a 45 ms query:
      // 13,000 rows/s instead of the target 50,000 in `pnpm bench:ledger` (decision 019).
      options: '-c jit=off',
    });
    // Without a listener, an idle client's error (e.g. the server restarting) would crash the process;
    // the pool drops that client and opens a new one on the next query.
    pool.on('error', (error) => options.onPoolError?.(error));
    const db = drizzlePg(pool, { schema, ...(options.logger ? { logger: options.logger } : {}) });
    return {
      db: db as unknown as Db,
      engine: 'postgres',
      migrate: () => migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER }),
      close: () => pool.end(),
      listen: (channel, listener) => listenOnPostgres(options.databaseUrl!, channel, listener),
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
    ...(options.assets ? { pgliteWasmModule: options.assets.wasmModule, fsBundle: options.assets.fsBundle } : {}),
  });
  const db = drizzlePglite(client, { schema, ...(options.logger ? { logger: options.logger } : {}) });
  return {
    db: db as unknown as Db,
    engine: 'embedded',
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => client.close(),
    // PGlite's dump waits only for the current query, not for an open transaction: take the transaction queue too.
    dumpDataDir: (whileHeld) =>
      client._runExclusiveTransaction(async () => {
        const dump = await client.dumpDataDir('none');
        await whileHeld?.();
        return dump;
      }),
    async listen(channel, listener) {
      // One connection in this process: nothing to lose, every notification is heard.
      const stop = await client.listen(channel, (payload) => listener.onMessage(payload));
      listener.onListening();
      return () => stop();
    },
  };
}

/** A PostgreSQL pool's use: connections open and idle, queries waiting for one, and its maximum. */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

/** The pool behind `db` on PostgreSQL (metrics); null for the embedded database, which has no pool. */
export function poolStats(db: Db): PoolStats | null {
  // drizzle keeps the client it was given as `$client`; only this module knows it is a pg.Pool.
  const client = (db as unknown as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) return null;
  return {
    total: client.totalCount,
    idle: client.idleCount,
    waiting: client.waitingCount,
    max: client.options.max ?? 10,
  };
}

const dialect = new PgDialect();

/**
 * One statement of a hot path, written with `sql.placeholder(name)` for its values. Drizzle turns it into text once,
 * here, not on every call (building a long statement costs a tenth of a transfer's CPU), and on PostgreSQL it runs as
 * a named prepared statement, which each connection parses and plans once (planning a long statement costs more than
 * running it). `name` must be unique to this statement.
 */
export function preparedStatement<Row, Values extends Record<string, unknown>>(name: string, query: SQL) {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return async (db: Db, values: Values): Promise<Row[]> => {
    const filled = fillPlaceholders(params, values) as unknown[];
    const client = (db as unknown as { $client?: unknown }).$client;
    if (client instanceof pg.Pool) return (await client.query({ name, text, values: filled })).rows as Row[];
    return (await (client as PGlite).query<Row>(text, filled)).rows;
  };
}

/** The listening connections' name in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = 'ledgerwell-listener';

/** How often the listening connection proves it is alive, and how long it may take to answer. */
const LISTEN_CHECK_MS = 5000;
/** After a loss, the first new attempt waits this long, each failed one doubles it, up to the maximum. */
export const LISTEN_RETRY_FIRST_MS = 500;
export const LISTEN_RETRY_MAX_MS = 10_000;

/**
 * LISTEN on a connection outside the pool (a pooled one would hand its notifications to whichever
 * query held it). A connection that fails, ends, or does not answer its check in time is reported
 * lost and replaced; a silent network failure is found by the check, not only by TCP. Attempts back
 * off (LISTEN_RETRY_FIRST_MS doubling to LISTEN_RETRY_MAX_MS) while the server stays away, so a
 * restarting server is not hammered by every process at once.
 */
async function listenOnPostgres(
  connectionString: string,
  channel: string,
  listener: ChannelListener,
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let check: ReturnType<typeof setInterval> | null = null;
  let retry: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  let retryMs = LISTEN_RETRY_FIRST_MS;

  const drop = () => {
    if (check) clearInterval(check);
    check = null;
    const old = client;
    client = null;
    old?.removeAllListeners();
    old?.on('error', () => undefined);
    void old?.end().catch(() => undefined);
  };

  const lost = (error: Error) => {
    if (stopped || !client) return;
    drop();
    listener.onLost(error);
    retry = setTimeout(() => void start(), retryMs);
    retry.unref();
    retryMs = Math.min(retryMs * 2, LISTEN_RETRY_MAX_MS);
  };

  const start = async () => {
    retry = null;
    if (stopped) return;
    const next = new pg.Client({
      connectionString,
      keepAlive: true,
      connectionTimeoutMillis: LISTEN_CHECK_MS,
      query_timeout: LISTEN_CHECK_MS,
      application_name: LISTENER_APPLICATION_NAME,
    });
    next.on('notification', (message) => {
      if (message.channel === channel) listener.onMessage(message.payload ?? '');
    });
    next.on('error', (error) => lost(error));
    next.on('end', () => lost(new Error('the listening connection ended')));
    try {
      client = next;
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      lost(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    if (stopped || client !== next) return;
    check = setInterval(() => {
      next.query('select 1').catch((error: unknown) => lost(error instanceof Error ? error : new Error(String(error))));
    }, LISTEN_CHECK_MS);
    check.unref();
    retryMs = LISTEN_RETRY_FIRST_MS;
    listener.onListening();
  };

  await start();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    drop();
  };
}
