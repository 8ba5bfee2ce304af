import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { documented } from '../../lib/openapi';
import { answerChecker } from '../../test/documented-answers';

// A stub app with one documented route: the checker is what every API test's t.request runs.
const itemSchema = z.object({
  success: z.literal(true),
  data: z.object({ id: z.string(), tags: z.array(z.object({ name: z.string() })) }),
});
const app = new Hono()
  .get(
    '/api/items/mine',
    documented({ tag: 'T', summary: 'mine', auth: 'admin', responses: { 200: itemSchema } }),
    (c) => c.json({}),
  )
  .get(
    '/api/items/:id',
    documented({ tag: 'T', summary: 'one', auth: 'public', responses: { 200: itemSchema }, errors: [404] }),
    (c) => c.json({}),
  )
  .get(
    '/api/items/:id/csv',
    documented({
      tag: 'T',
      summary: 'csv',
      auth: 'public',
      responses: { 200: { media: 'text/csv', description: 'rows' } },
    }),
    (c) => c.text(''),
  );
const check = answerChecker(app);
const ok = { success: true, data: { id: 'a', tags: [{ name: 'x' }] } };
const run =
  (path: string, status: number, body: unknown, type = 'application/json') =>
  () =>
    check('GET', path, status, type, body, JSON.stringify(body));

describe('the documented-answer check', () => {
  it('accepts an answer that matches its schema, and the error shape on a documented error status', () => {
    expect(run('/api/items/1', 200, ok)).not.toThrow();
    expect(
      run('/api/items/1?x=1', 404, { success: false, code: 'NOT_FOUND', message: 'No', requestId: 'r' }),
    ).not.toThrow();
    expect(run('/api/items/1/csv', 200, null, 'text/csv; charset=utf-8')).not.toThrow();
  });

  it('fails on a mismatch, an undocumented key, an undocumented status or another media type', () => {
    expect(run('/api/items/1', 200, { success: true, data: { id: 1, tags: [] } })).toThrow(
      /does not match its documented schema/,
    );
    expect(run('/api/items/1', 200, { ...ok, data: { ...ok.data, tags: [{ name: 'x', secret: 1 }] } })).toThrow(
      /\$\.data\.tags\[0\]\.secret/,
    );
    expect(run('/api/items/1', 409, { success: false, code: 'CONFLICT', message: 'No' })).toThrow(
      /undocumented status/,
    );
    expect(run('/api/items/1', 404, { error: 'nope' })).toThrow(/not the error shape/);
    expect(run('/api/items/1/csv', 200, null, 'application/json')).toThrow(/documented text\/csv/);
  });

  it('picks the static route before a parameter, adds the statuses the auth implies, and skips undocumented paths', () => {
    // /items/mine is admin: 401 and 403 are documented there, not on the public /items/:id.
    expect(run('/api/items/mine', 401, { success: false, code: 'UNAUTHENTICATED', message: 'Sign in' })).not.toThrow();
    expect(run('/api/items/other', 401, { success: false, code: 'UNAUTHENTICATED', message: 'Sign in' })).toThrow(
      /undocumented status/,
    );
    expect(run('/api/nothing-here', 404, { anything: true })).not.toThrow();
  });
});
