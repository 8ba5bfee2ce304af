// The query plans behind the admin list's calls, for `pnpm bench:api`: each call's statements are
// built by the server's own code (listRequests, with a logger that keeps each statement and its
// values), then run once more under EXPLAIN (ANALYZE, BUFFERS), so the bench shows which index answers
// a search and how many entries it read, not a hand-copied query that could drift from the server's.
// Explained with their values, as PostgreSQL plans a statement's first runs (the server's prepared
// statements may later keep a generic plan; the list's are written to plan alike either way).
import pg from 'pg';
import { listRequests } from '../../../api/src/features/request-review/list-requests';
import type { AppDeps } from '../../../api/src/lib/context';
import { openDatabase } from '../../../db/src/client';
import { requestListQuerySchema } from '../../../shared/src/request-review';

interface Statement {
  text: string;
  params: unknown[];
}

/** The statements one list call runs, with their plans: `query` as the call's query string. */
export async function explainListCall(databaseUrl: string, query: string): Promise<string> {
  const statements: Statement[] = [];
  const database = await openDatabase({
    databaseUrl,
    poolSize: 1,
    logger: { logQuery: (text, params) => statements.push({ text, params }) },
  });
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1, options: '-c jit=off' });
  try {
    const deps = { db: database.db, clock: { now: () => new Date() } } as unknown as AppDeps;
    const parsed = requestListQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));
    await listRequests(deps, parsed, '00000000-0000-0000-0000-000000000000');
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
