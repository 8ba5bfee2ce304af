import type { Context } from 'hono';
import type { z } from 'zod';
import { fieldErrors } from '@ledgerwell/shared/api-error';
import { proofBodySchema } from '@ledgerwell/shared/challenge';
import { AppError } from './errors';

const INVALID_BODY = 'Please correct the highlighted fields';

function validationError(error: z.ZodError): AppError {
  const errors = fieldErrors(error);
  const first = Object.values(errors)[0];
  return new AppError('VALIDATION_ERROR', first ?? INVALID_BODY, errors);
}

/** Reads and validates a JSON body with a shared schema; malformed JSON is a 400, never a 500. */
export async function parseJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new AppError('VALIDATION_ERROR', 'The request body must be valid JSON');
  }
  const result = schema.safeParse(body);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

export function parseQuery<S extends z.ZodType>(c: Context, schema: S): z.infer<S> {
  const result = schema.safeParse(c.req.query());
  if (!result.success) throw validationError(result.error);
  return result.data;
}

/** The solved proof of work a guarded call may carry in its JSON body (read after the call's own parse, which Hono caches). */
export async function readProof(c: Context): Promise<string | undefined> {
  return (await parseJson(c, proofBodySchema)).altcha;
}
