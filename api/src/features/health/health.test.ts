import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('health: live and ready', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  it('answers live and ready with 200 on a migrated database, never cached', async () => {
    const live = await t.request('GET', '/api/health/live');
    expect(live.status).toBe(200);
    expect(live.json).toEqual({ status: 'ok' });
    expect(live.headers.get('Cache-Control')).toBe('no-store');
    const ready = await t.request('GET', '/api/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.json).toEqual({ status: 'ok' });
    expect(ready.headers.get('Cache-Control')).toBe('no-store');
  });

  it('answers ready with 503 while the process is shutting down, live still 200', async () => {
    const state = { closing: false };
    const app = createApp({ ...t.deps, lifecycle: state });
    expect((await app.request('/api/health/ready')).status).toBe(200);
    state.closing = true;
    const ready = await app.request('/api/health/ready');
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'unavailable', reason: 'shutting down' });
    expect((await app.request('/api/health/live')).status).toBe(200);
  });

  it('answers ready with 503 naming the migration the database has not applied', async () => {
    await t.deps.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
    );
    const ready = await t.request('GET', '/api/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.json.status).toBe('unavailable');
    expect(ready.json.reason).toMatch(/^migrations not applied: \d{4}_[a-z0-9_]+$/);
    // Liveness does not depend on the database.
    expect((await t.request('GET', '/api/health/live')).status).toBe(200);
  });

  it('answers ready with 503 when the database does not answer, live still 200', async () => {
    const app = createApp({
      ...t.deps,
      db: {
        execute: () =>
          Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })),
      } as unknown as TestApp['deps']['db'],
    });
    const ready = await app.request('/api/health/ready');
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'unavailable', reason: 'database unreachable' });
    expect((await app.request('/api/health/live')).status).toBe(200);
  });
});
