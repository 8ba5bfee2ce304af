import type { Context } from 'hono';
import { notFound } from './errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a path parameter can be a row id (PostgreSQL uuid). Checked before a query, so that a
 * malformed id is a 404 and never a uuid cast error (500).
 */
export const isUuid = (value: string): boolean => value.length === 36 && UUID.test(value);

/** A path id that is no uuid names nothing: 404 ("Account not found"), before it reaches a uuid column. */
export function pathId(c: Context, name: string, what: string): string {
  const value = c.req.param(name) ?? '';
  if (!isUuid(value)) throw notFound(`${what} not found`);
  return value;
}
