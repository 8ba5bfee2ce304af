/** Socket errors: the server cannot be reached, or the connection broke under a query. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server that is restarting or refusing connections: class 08 (connection exception),
 * 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now, 53300 too_many_connections.
 */
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '53300']);

/** node-postgres and pg-pool's own errors, which carry no code (pg/lib/client.js, pg-pool/index.js). */
const DRIVER_MESSAGES = [
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Cannot use a pool after calling end on the pool',
];

function isFault(error: object): boolean {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || SERVER_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)))
    return true;
  const message = (error as { message?: unknown }).message;
  return typeof message === 'string' && DRIVER_MESSAGES.some((known) => message.startsWith(known));
}

/** Whether `error` or anything it wraps passes `test`: drizzle wraps the driver's error in `cause`, and a failed connect to several addresses is an AggregateError. */
function anyInChain(error: unknown, test: (error: object) => boolean, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 5) return false;
  if (test(error)) return true;
  const nested = error instanceof AggregateError ? error.errors : [];
  return [(error as { cause?: unknown }).cause, ...nested].some((inner) => anyInChain(inner, test, depth + 1));
}

/**
 * Whether `error` means the database could not be reached or dropped the connection (a restart, a
 * failover, a network cut), as opposed to a fault of the query.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return anyInChain(error, isFault);
}

/** SQLSTATE 22021 character_not_in_repertoire and 22P05 untranslatable_character: text PostgreSQL cannot store, such as U+0000. */
const UNSTORABLE_TEXT_CODES = new Set(['22021', '22P05']);

/** Whether the database refused a value of the client's because of its characters (a client error, not a fault of ours). */
export function isUnstorableText(error: unknown): boolean {
  return anyInChain(error, (inner) => UNSTORABLE_TEXT_CODES.has(String((inner as { code?: unknown }).code)));
}
