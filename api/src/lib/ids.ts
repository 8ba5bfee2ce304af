const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a path parameter can be a row id (PostgreSQL uuid). Checked before a query, so that a
 * malformed id is a 404 and never a uuid cast error (500).
 */
export const isUuid = (value: string): boolean => value.length === 36 && UUID.test(value);
