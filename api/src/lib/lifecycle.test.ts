import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { createTestApp, type TestApp } from '../test/test-app';
import { ProcessLifecycle, shutdownOnSignals, type ShutdownPlan } from './lifecycle';

/** One GET over a connection of its own (agent: false), or over `agent`; rejects when the server refuses or cuts it. */
function get(
  url: string,
  agent: http.Agent | false = false,
): Promise<{ status: number; body: string; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body, connection: response.headers.connection }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

/** The real app behind a real node:http server, plus a slow route that exists only in this test. */
describe('graceful shutdown', () => {
  let t: TestApp;
  let lifecycle: ProcessLifecycle;
  let server: http.Server;
  let base: string;
  let closed: string[];
  let plan: (timeoutMs: number) => ShutdownPlan;
  let release: () => void;

  beforeEach(async () => {
    t = await createTestApp();
    lifecycle = new ProcessLifecycle(t.deps.logger);
    const slow = new Hono();
    let unblock!: () => void;
    const blocked = new Promise<void>((resolve) => (unblock = resolve));
    release = unblock;
    slow.get('/test/slow', async (c) => {
      await new Promise((resolve) => setTimeout(resolve, Number(c.req.query('ms'))));
      return c.text('finished');
    });
    slow.get('/test/stuck', async (c) => {
      await blocked;
      return c.text('too late');
    });
    slow.route('/', createApp({ ...t.deps, lifecycle }));
    server = serve({ fetch: slow.fetch, port: 0, hostname: '127.0.0.1' }) as http.Server;
    lifecycle.track(server);
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    closed = [];
    plan = (timeoutMs) => ({
      server,
      timeoutMs,
      closers: [
        async () => {
          closed.push('listeners');
        },
        async () => {
          // The test database's listeners, pool, and the database itself.
          await t.close();
          closed.push('pool');
        },
      ],
    });
  });
  afterEach(async () => {
    release();
    if (!lifecycle.closing) {
      await lifecycle.shutdown(plan(0));
    }
  });

  it('lets a slow request finish, refuses new connections, answers ready 503 meanwhile, then closes the pool', async () => {
    let sweeps = 0;
    lifecycle.every(20, () => {
      sweeps += 1;
    });
    expect((await get(`${base}/api/health/ready`)).status).toBe(200);

    const slow = get(`${base}/test/slow?ms=800`);
    await expect.poll(() => lifecycle.requestsInFlight).toBe(1);
    const started = Date.now();
    const shutdown = lifecycle.shutdown(plan(10_000));
    // A second signal does not start a second shutdown.
    expect(lifecycle.shutdown(plan(10_000))).toBe(shutdown);

    // During the drain: readiness says no (asked of the app itself: the socket takes no new connection) ...
    const ready = await createApp({ ...t.deps, lifecycle }).request('/api/health/ready');
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'unavailable', reason: 'shutting down' });
    // ... and a new connection is refused.
    await expect(get(`${base}/api/health/live`)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(closed).toEqual([]);

    const answer = await slow;
    expect(answer).toMatchObject({ status: 200, body: 'finished', connection: 'close' });
    expect(await shutdown).toEqual({ cut: 0 });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(closed).toEqual(['listeners', 'pool']);
    // The pool is closed, and the sweeps stopped.
    await expect(t.deps.db.execute(sql`select 1`)).rejects.toThrow();
    const sweepsAtClose = sweeps;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sweeps).toBe(sweepsAtClose);
  });

  it('skips a tick while the sweep still runs, and closes the pool only after a running sweep finished', async () => {
    const events: string[] = [];
    let runs = 0;
    let finish!: () => void;
    lifecycle.every(10, () => {
      runs += 1;
      events.push('sweep started');
      return new Promise<void>((resolve) => (finish = resolve)).then(() => void events.push('sweep finished'));
    });
    await expect.poll(() => runs).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(runs).toBe(1);
    const shutdown = lifecycle.shutdown({ ...plan(10_000), closers: [async () => void events.push('pool closed')] });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(events).toEqual(['sweep started']);
    finish();
    expect(await shutdown).toEqual({ cut: 0 });
    expect(events).toEqual(['sweep started', 'sweep finished', 'pool closed']);
  });

  it('does not wait for idle kept-alive connections', async () => {
    const agent = new http.Agent({ keepAlive: true });
    expect((await get(`${base}/api/health/live`, agent)).status).toBe(200);
    const started = Date.now();
    expect(await lifecycle.shutdown(plan(10_000))).toEqual({ cut: 0 });
    expect(Date.now() - started).toBeLessThan(2000);
    agent.destroy();
  });

  it('cuts a request still running at the timeout, then closes everything', async () => {
    // Settled at once into its outcome: the cut rejects it during the shutdown, before the assertion
    // below is reached, and an unobserved rejection there fails the whole run.
    const stuck = get(`${base}/test/stuck`).then(
      (answer) => ({ answer }),
      (error: unknown) => ({ error }),
    );
    await expect.poll(() => lifecycle.requestsInFlight).toBe(1);
    const started = Date.now();
    expect(await lifecycle.shutdown(plan(300))).toEqual({ cut: 1 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(await stuck).toMatchObject({ error: { code: 'ECONNRESET' } });
    expect(closed).toEqual(['listeners', 'pool']);
    expect(t.logLines.some((line) => line.includes('shutdown timeout reached'))).toBe(true);
  });

  it('shuts down once on SIGTERM, whatever the number of signals, then exits 0', async () => {
    const exits: number[] = [];
    const remove = shutdownOnSignals(lifecycle, t.deps.logger, plan(10_000), (code) => exits.push(code));
    try {
      process.emit('SIGTERM', 'SIGTERM');
      process.emit('SIGTERM', 'SIGTERM');
      await expect.poll(() => exits).toEqual([0]);
      expect(closed).toEqual(['listeners', 'pool']);
      expect(t.logLines.filter((line) => line.includes('already shutting down'))).toHaveLength(1);
    } finally {
      remove();
    }
  });
});
