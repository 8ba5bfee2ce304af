import { Writable } from 'node:stream';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/env';
import type { AppDeps, AppEnv } from '../lib/context';
import { createLogger } from '../lib/logger';
import { requestContext } from './request-context';

/** An app with only the request context, whose one route logs a warning, and the lines its logger wrote. */
function appLoggingAt(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      callback();
    },
  });
  const deps = { logger: createLogger(level, stream), config: loadConfig({ NODE_ENV: 'test' }) } as AppDeps;
  const app = new Hono<AppEnv>();
  app.use('*', requestContext(deps));
  app.get('/quiet', (c) => c.text('ok'));
  app.get('/warns', (c) => {
    c.get('log').warn({ reason: 'probe' }, 'something to look at');
    return c.text('ok');
  });
  return { app, lines };
}

describe('requestContext', () => {
  it("tags a route's own log line with the request id, however late the logger is made", async () => {
    const { app, lines } = appLoggingAt('warn');
    const res = await app.request('/warns', { headers: { 'X-Request-Id': 'probe-request-1' } });
    expect(res.headers.get('X-Request-Id')).toBe('probe-request-1');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ requestId: 'probe-request-1', reason: 'probe', msg: 'something to look at' });
  });

  it('writes one access line per request at info, with the request id, and none at warn', async () => {
    const info = appLoggingAt('info');
    await info.app.request('/quiet', { headers: { 'X-Request-Id': 'probe-request-2' } });
    expect(info.lines).toEqual([
      expect.objectContaining({
        requestId: 'probe-request-2',
        method: 'GET',
        path: '/quiet',
        status: 200,
        msg: 'request',
      }),
    ]);
    const warn = appLoggingAt('warn');
    await warn.app.request('/quiet');
    expect(warn.lines).toEqual([]);
  });
});
