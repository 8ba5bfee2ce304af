import type { Context } from 'hono';
import type { z } from 'zod';
import { fieldErrors } from '@ledgerwell/shared/api-error';
import { proofBodySchema } from '@ledgerwell/shared/challenge';
import { findUnstorableText, UNSTORABLE_TEXT_MESSAGE } from '@ledgerwell/shared/text';
import { AppError } from './errors';

const INVALID_BODY = 'Please correct the highlighted fields';

function validationError(error: z.ZodError): AppError {
  const errors = fieldErrors(error);
  const first = Object.values(errors)[0];
  return new AppError('VALIDATION_ERROR', first ?? INVALID_BODY, errors);
}

/**
 * Every string of every body and query follows one rule before any schema sees it (issue 27): well-formed
 * Unicode without NUL (shared/src/text.ts). A lone surrogate otherwise reached PostgreSQL, which refused
 * it in jsonb (a 500) or stored U+FFFD in its place in text.
 */
function refuseUnstorableText(value: unknown): void {
  const path = findUnstorableText(value);
  if (path === null) return;
  throw new AppError(
    'VALIDATION_ERROR',
    UNSTORABLE_TEXT_MESSAGE,
    path ? { [path]: UNSTORABLE_TEXT_MESSAGE } : undefined,
  );
}

/** The request's JSON body: malformed JSON and unstorable text are 400s, never a 500. */
export async function readJsonBody(c: Context): Promise<unknown> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new AppError('VALIDATION_ERROR', 'The request body must be valid JSON');
  }
  refuseUnstorableText(body);
  return body;
}

/** Reads and validates a JSON body with a shared schema. */
export async function parseJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  const result = schema.safeParse(await readJsonBody(c));
  if (!result.success) throw validationError(result.error);
  return result.data;
}

export function parseQuery<S extends z.ZodType>(c: Context, schema: S): z.infer<S> {
  const query = c.req.query();
  refuseUnstorableText(query);
  const result = schema.safeParse(query);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

/** The solved proof of work a guarded call may carry in its JSON body (read after the call's own parse, which Hono caches). */
export async function readProof(c: Context): Promise<string | undefined> {
  return (await parseJson(c, proofBodySchema)).altcha;
}
