import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from './client';

/**
 * The databases a test run makes on a PostgreSQL server, all named `lw_<kind>_<run>_<suffix>`, so the
 * run can drop every one it made (and only those) at its end, even those of a test that crashed.
 * `<run>` is LW_TEST_RUN, set once by `pnpm test` (tests/run-all.ts) or by vitest's global setup.
 */
export type TestDatabaseKind = 'tpl' | 'test' | 'e2e';

const RUN_PATTERN = /^[a-z0-9]{4,24}$/;

export function newTestRunId(): string {
  return `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
}

function checkedRunId(run: string): string {
  if (!RUN_PATTERN.test(run))
    throw new Error(`LW_TEST_RUN must be 4 to 24 lower-case letters or digits, not ${JSON.stringify(run)}`);
  return run;
}

export function testDatabaseName(kind: TestDatabaseKind, run: string): string {
  return `lw_${kind}_${checkedRunId(run)}_${randomBytes(4).toString('hex')}`;
}

/** The same server URL with another database name. */
export function withDatabase(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function onServer<T>(serverUrl: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/**
 * A new database, copied from `template` when one is given. A copy of a migrated template costs a
 * file copy (tens of milliseconds) where creating and migrating costs a second or two.
 */
export async function createTestDatabase(
  serverUrl: string,
  kind: TestDatabaseKind,
  run: string,
  template?: string,
): Promise<{ name: string; url: string }> {
  const name = testDatabaseName(kind, run);
  await onServer(serverUrl, (client) =>
    client.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${pg.escapeIdentifier(template)}` : ''}`),
  );
  return { name, url: withDatabase(serverUrl, name) };
}

export async function dropTestDatabase(serverUrl: string, name: string): Promise<void> {
  await onServer(serverUrl, (client) =>
    client.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`),
  );
}

/** One database migrated to the latest schema, for the run's test databases to be copied from. */
export async function createMigratedTemplate(serverUrl: string, run: string): Promise<string> {
  const { name, url } = await createTestDatabase(serverUrl, 'tpl', run);
  const database = await openDatabase({ databaseUrl: url, poolSize: 1 });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  // Marked as a template: PostgreSQL then refuses connections that could change it mid-copy.
  await onServer(serverUrl, (client) =>
    client.query(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS false IS_TEMPLATE true`),
  );
  return name;
}

/** Drops every database of these kinds this run made (templates last); returns their names. */
export async function dropRunDatabases(
  serverUrl: string,
  run: string,
  kinds: readonly TestDatabaseKind[] = ['tpl', 'test', 'e2e'],
): Promise<string[]> {
  checkedRunId(run);
  if (!kinds.every((kind) => /^[a-z0-9]+$/.test(kind))) throw new Error(`bad database kinds: ${kinds.join(', ')}`);
  const names = await onServer(serverUrl, async (client) => {
    const result = await client.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname ~ $1 ORDER BY datname LIKE 'lw\\_tpl\\_%', datname`,
      [`^lw_(${kinds.join('|')})_${run}_`],
    );
    return result.rows.map((row) => row.datname);
  });
  for (const name of names) {
    if (name.startsWith('lw_tpl_')) {
      // A template cannot be dropped until it is an ordinary database again.
      await onServer(serverUrl, (client) =>
        client.query(`ALTER DATABASE ${pg.escapeIdentifier(name)} IS_TEMPLATE false`),
      );
    }
    await dropTestDatabase(serverUrl, name);
  }
  return names;
}
