// The query plans behind the server's calls, for the benches: each call's statements are built by the
// server's own code (listRequests for `pnpm bench:api`, the portal's readers for `pnpm bench:portal`), with
// a logger that keeps each statement and its values, then run once more under EXPLAIN (ANALYZE, BUFFERS),
// so the bench shows which index answers a call and how many entries it read, not a hand-copied query
// that could drift from the server's. Explained with their values, as PostgreSQL plans a statement's
// first runs (the server's prepared statements may later keep a generic plan).
import pg from 'pg';
import { listRequests } from '../../../api/src/features/request-review/list-requests';
import type { AppDeps } from '../../../api/src/lib/context';
import { openDatabase } from '../../../db/src/client';
import { requestListQuerySchema } from '../../../shared/src/request-review';

interface Statement {
  text: string;
  params: unknown[];
}

/**
 * The statements `call` runs through the deps it is given (a database only, and a clock), each with its plan,
 * indented for printing; plans are separated by `--`.
 */
export async function explainStatements(
  databaseUrl: string,
  call: (deps: AppDeps) => Promise<unknown>,
): Promise<string> {
  const statements: Statement[] = [];
  const database = await openDatabase({
    databaseUrl,
    poolSize: 1,
    logger: { logQuery: (text, params) => statements.push({ text, params }) },
  });
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1, options: '-c jit=off' });
  try {
    await call({ db: database.db, clock: { now: () => new Date() } } as unknown as AppDeps);
    const out: string[] = [];
    for (const statement of statements) {
      const { rows } = await pool.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, buffers, costs off) ${statement.text}`,
        statement.params,
      );
      out.push(rows.map((row) => `    ${row['QUERY PLAN']}`).join('\n'));
    }
    return out.join('\n    --\n');
  } finally {
    await pool.end();
    await database.close();
  }
}

/**
 * The statements one admin list call runs, with their plans: `query` as the call's query string (the list's statements
 * are written to plan alike with values or as generic prepared statements).
 */
export function explainListCall(databaseUrl: string, query: string): Promise<string> {
  const parsed = requestListQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));
  return explainStatements(databaseUrl, (deps) => listRequests(deps, parsed, '00000000-0000-0000-0000-000000000000'));
}
