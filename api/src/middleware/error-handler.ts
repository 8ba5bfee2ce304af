import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ApiError } from '@ledgerwell/shared/api-error';
import type { AppEnv } from '../lib/context';
import { isDatabaseUnavailable, isUnstorableText } from '../lib/database-faults';
import { AppError } from '../lib/errors';

function send(c: Context<AppEnv>, error: AppError) {
  const body: ApiError = { success: false, code: error.code, message: error.message, requestId: c.get('requestId') };
  if (error.fieldErrors) body.errors = error.fieldErrors;
  if (error.challenge) body.challenge = error.challenge;
  for (const [name, value] of Object.entries(error.headers ?? {})) c.header(name, value);
  c.header('Cache-Control', 'no-store');
  c.header('X-Request-Id', c.get('requestId'));
  return c.json(body, error.status as 400);
}

export const UNSTORABLE_TEXT_MESSAGE =
  'The request contains characters that cannot be stored (such as a NUL character). Please remove them and try again.';
export const DATABASE_UNAVAILABLE_MESSAGE = 'The service is briefly unavailable. Please try again in a moment.';
/** Seconds a client should wait before trying again while the database is away (a restart takes a few). */
const DATABASE_RETRY_AFTER_SECONDS = '5';

/** The one error shape of the API; anything unexpected is logged in full and answered without detail. */
export function handleError(error: Error, c: Context<AppEnv>) {
  if (error instanceof AppError) return send(c, error);
  if (error instanceof HTTPException && error.status < 500) {
    const code = error.status === 413 ? 'PAYLOAD_TOO_LARGE' : error.status === 404 ? 'NOT_FOUND' : 'VALIDATION_ERROR';
    return send(c, new AppError(code, error.message || 'Bad request'));
  }
  if (isDatabaseUnavailable(error)) {
    // Expected during a restart or failover, and not a bug: a warning. The err serializer keeps the
    // query's bound values out of the log.
    c.get('log').warn({ err: error }, 'database unavailable');
    return send(
      c,
      new AppError('SERVICE_UNAVAILABLE', DATABASE_UNAVAILABLE_MESSAGE, undefined, {
        'Retry-After': DATABASE_RETRY_AFTER_SECONDS,
      }),
    );
  }
  if (isUnstorableText(error)) {
    // A NUL or similar in a field or query value that a schema let through: the client's input, not a fault.
    return send(c, new AppError('VALIDATION_ERROR', UNSTORABLE_TEXT_MESSAGE));
  }
  c.get('log').error({ err: error }, 'unhandled error');
  return send(c, new AppError('INTERNAL_ERROR', 'Something went wrong on our side. Please try again.'));
}

export function apiNotFound(c: Context<AppEnv>) {
  return send(c, new AppError('NOT_FOUND', `No API route for ${c.req.method} ${c.req.path}`));
}
