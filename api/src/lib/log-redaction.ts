/**
 * What the log may keep of a request path and of an error. Used by the logger itself (logger.ts) and
 * the access log, so no call site can forget: a verification code in a URL or a bound parameter of a
 * failed query never reaches a log line.
 */

/** `/verify/<code>` (the page a verification link opens) and any API path carrying a code the same way. */
const CODE_SEGMENT = /(\/verify)\/[^/?#]+/gi;

/** A query string or fragment, and everything after it. */
const QUERY_OR_FRAGMENT = /[?#].*$/s;
/** A percent-encoded ASCII character: decoding it never fails and never splits a multi-byte character. */
const ENCODED_ASCII = /%([0-7][0-9a-f])/gi;

/**
 * The path as a router that decodes and collapses separators would read it: encoded ASCII decoded
 * (up to three layers, for `%252F`), backslashes as slashes, runs of slashes as one. Redacting only
 * the raw spelling let `/verify//CODE` and `/verify%2FCODE` keep the code in the log.
 */
function normalisedPath(path: string): string {
  let decoded = path.replace(QUERY_OR_FRAGMENT, '');
  for (let layer = 0; layer < 3; layer++) {
    const next = decoded.replace(ENCODED_ASCII, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    if (next === decoded) break;
    // A decoded ? or # ends the path just as a real one does.
    decoded = next.replace(QUERY_OR_FRAGMENT, '');
  }
  return decoded.replace(/[\\/]+/g, '/');
}

/** The normalised path with codes replaced; the query string is dropped whole (it may carry codes or typed text). */
export function redactPath(path: string): string {
  return normalisedPath(path).replace(CODE_SEGMENT, '$1/[redacted]');
}

/** A PostgreSQL error (node-postgres or PGlite): a five-character SQLSTATE and a severity. */
function isDatabaseError(value: object): value is { code: string } & Record<string, unknown> {
  const { code, severity } = value as { code?: unknown; severity?: unknown };
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && typeof severity === 'string';
}

/** drizzle's DrizzleQueryError (and PGlite's own errors): message and `params` hold every bound value. */
function isQueryError(value: object): value is { query: string } {
  return typeof (value as { query?: unknown }).query === 'string' && 'params' in value;
}

/** `insert shareholders`, `select admin_sessions`: which statement failed, without its text or values. */
function statementName(query: string): string {
  const verb = /^\s*(\w+)/.exec(query)?.[1]?.toLowerCase() ?? 'query';
  const table = /\b(?:into|update|from)\s+"?([\w.]+)"?/i.exec(query)?.[1];
  return table ? `${verb} ${table}` : verb;
}

type Serialized = Record<string, unknown>;

/**
 * pino's `err` serializer. A database error keeps only its SQLSTATE code and the constraint, table
 * and column it names (schema names, never values); its message and `detail` are dropped, since
 * PostgreSQL quotes the offending value in them ("invalid input syntax for type uuid: \"…\"",
 * "Key (code)=(…) already exists"). A failed drizzle query keeps only the statement's name. Other
 * errors keep type, message and stack. Causes are walked the same way (pino's own serializer would
 * copy every cause's message into the top one).
 */
export function serializeError(error: unknown, depth = 0): Serialized | unknown {
  if (!error || typeof error !== 'object') return error;
  const type = (error as Error).constructor?.name ?? 'Error';
  const cause =
    depth < 5 && 'cause' in error ? serializeError((error as { cause: unknown }).cause, depth + 1) : undefined;
  if (isDatabaseError(error)) {
    const { code, constraint, table, column } = error as Record<string, unknown>;
    return { type, message: 'database error', code, constraint, table, column, cause };
  }
  if (isQueryError(error))
    return { type, message: 'database query failed', statement: statementName(error.query), cause };
  const { message, stack } = error as Error;
  return { type, message, stack, cause };
}
