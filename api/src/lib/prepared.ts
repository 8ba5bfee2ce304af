import { sql, type Placeholder } from 'drizzle-orm';
import type { Db } from '@ledgerwell/db/client';

/**
 * Queries on the hot paths (every admin call's session, the request list) are built once and
 * prepared: drizzle does not assemble the SQL again on each call, and PostgreSQL parses it once per
 * pooled connection (node-postgres keeps named statements per connection) instead of on every call.
 * A query whose shape varies (which filters are present) gets one prepared statement per shape,
 * named `${prefix}_${key}`; values always travel as placeholders, never in the SQL text (but see
 * `literalLimit`).
 */
export function preparedQueries<Q>(prefix: string) {
  const cache = new WeakMap<Db, Map<string, Q>>();
  return (db: Db, key: string, build: (name: string) => Q): Q => {
    let byKey = cache.get(db);
    if (!byKey) cache.set(db, (byKey = new Map()));
    let query = byKey.get(key);
    if (!query) {
      const name = key ? `${prefix}_${key}` : prefix;
      // PostgreSQL truncates identifiers past 63 bytes: two shapes must never share a name.
      if (name.length > 63) throw new Error(`prepared statement name too long: ${name}`);
      query = build(name);
      byKey.set(key, query);
    }
    return query;
  };
}

/**
 * A constant LIMIT or OFFSET written into the statement, for a statement PostgreSQL should plan once
 * and keep: a plan kept for `LIMIT $1` must assume a tenth of the table and is far slower. Only for a
 * constant of the code, never for a value from a request (one statement per value).
 */
export function literalNumber(value: number): Placeholder {
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`not a limit or offset: ${value}`);
  // drizzle takes SQL for a limit or offset at run time; its type names only numbers and placeholders.
  return sql.raw(String(value)) as unknown as Placeholder;
}
