import { DrizzleQueryError } from 'drizzle-orm/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../middleware/error-handler';
import { createTestApp, type TestApp } from '../test/test-app';
import { isDatabaseUnavailable } from './database-faults';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
/** As drizzle throws them: the driver's error in `cause`, the query and its bound values in the message. */
const wrapped = (cause: Error) =>
  new DrizzleQueryError('select * from admin_users where username = $1', ['alice-secret-param'], cause);

describe('database faults', () => {
  it.each([
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a reset connection', withCode('read ECONNRESET', 'ECONNRESET')],
    ['a network timeout', withCode('connect ETIMEDOUT 10.0.0.5:5432', 'ETIMEDOUT')],
    ['a connection cut under a query', new Error('Connection terminated unexpectedly')],
    ['the pool waiting too long for a connection', new Error('timeout exceeded when trying to connect')],
    ['a connect timeout', new Error('Connection terminated due to connection timeout')],
    ['SQLSTATE 08006 connection_failure', withCode('connection failure', '08006')],
    ['SQLSTATE 08P01 protocol_violation', withCode('protocol violation', '08P01')],
    ['SQLSTATE 57P01 admin_shutdown', withCode('terminating connection due to administrator command', '57P01')],
    [
      'SQLSTATE 57P02 crash_shutdown',
      withCode('terminating connection because of crash of another server process', '57P02'),
    ],
    ['SQLSTATE 57P03 cannot_connect_now', withCode('the database system is starting up', '57P03')],
    ['drizzle wrapping a terminated connection', wrapped(new Error('Connection terminated unexpectedly'))],
    [
      'drizzle wrapping admin_shutdown',
      wrapped(withCode('terminating connection due to administrator command', '57P01')),
    ],
    [
      'a refused connect on every address',
      new AggregateError([
        withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED'),
        withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      ]),
    ],
  ])('counts %s as the database being unavailable', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('duplicate key value violates unique constraint', '23505')],
    ['drizzle wrapping a syntax error', wrapped(withCode('syntax error at or near "selec"', '42601'))],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a string', 'ECONNREFUSED'],
    ['nothing', undefined],
  ])('does not count %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe('the error handler on a database fault', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 503 SERVICE_UNAVAILABLE with the clear message and Retry-After, logs a warning without the bound values', async () => {
    const app = t.bareApp();
    app.get('/query', () => {
      throw wrapped(withCode('terminating connection due to administrator command', '57P01'));
    });
    const res = await app.request('/query');
    expect(res.status).toBe(503);
    expect(res.headers.get('Retry-After')).toBe('5');
    const body = (await res.json()) as { code: string; message: string; requestId: string };
    expect(body).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE', message: DATABASE_UNAVAILABLE_MESSAGE });
    expect(JSON.stringify(body)).not.toContain('admin_users');
    const line = t.logLines
      .map((text) => JSON.parse(text) as { level: number; msg: string; requestId?: string })
      .find((entry) => entry.msg === 'database unavailable');
    expect(line?.level).toBe(40);
    expect(t.logLines.join('')).not.toContain('alice-secret-param');
  });

  it('still answers any other failure with 500', async () => {
    const app = t.bareApp();
    app.get('/bug', () => {
      throw wrapped(withCode('syntax error', '42601'));
    });
    const res = await app.request('/bug');
    expect(res.status).toBe(500);
    expect(res.headers.get('Retry-After')).toBeNull();
  });
});
