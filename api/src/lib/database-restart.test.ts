import { eq } from 'drizzle-orm';
import { adminSessions } from '@ledgerwell/db/schema';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SessionCache } from '../features/admin-auth/session-cache';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../middleware/error-handler';
import { createAdminUser, createTestApp, loginToken, TEST_ENGINE, type TestApp } from '../test/test-app';
import { startTcpProxy } from '../test/tcp-proxy';
import { hashToken } from './tokens';

/**
 * PostgreSQL going away and coming back, as the app sees it: the app's pool and its listening
 * connection go through a proxy that the test cuts and restores; the machine's server stays up.
 */
describe('a PostgreSQL restart', () => {
  let direct: TestApp;
  let proxied: TestApp;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;

  beforeEach(async () => {
    if (TEST_ENGINE !== 'postgres') return;
    // `direct` creates and migrates a fresh database and stands for another process that never loses it.
    direct = await createTestApp();
    const url = new URL(direct.databaseUrl!);
    proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    proxied = await createTestApp({ databaseUrl: url.toString() });
  });
  afterEach(async () => {
    if (TEST_ENGINE !== 'postgres') return;
    await proxied.close();
    await proxy.close();
    await direct.close();
  });

  const sessionCache = () => proxied.deps.sessionCache as SessionCache<unknown>;

  it.runIf(TEST_ENGINE === 'postgres')(
    'answers 503 with a clear message at once while it is away, then recovers on its own (pool and listener)',
    async () => {
      await createAdminUser(direct.deps, { username: 'alice', password: 'Correct-Horse-7' });
      const token = await loginToken(proxied, 'alice', 'Correct-Horse-7');
      const verify = () => proxied.request('GET', '/api/admin/auth/verify', { token });
      expect((await verify()).status).toBe(200);
      await expect.poll(() => sessionCache().active).toBe(true);

      await proxy.cut();
      // The listening connection is found lost: the cache answers nothing, every call asks the database.
      await expect.poll(() => sessionCache().active).toBe(false);
      for (const [method, path, body] of [
        ['GET', '/api/admin/auth/verify', undefined],
        ['POST', '/api/admin/login', { username: 'alice', password: 'Correct-Horse-7' }],
      ] as const) {
        const started = Date.now();
        const res = await proxied.request(method, path, { token, body });
        expect(Date.now() - started).toBeLessThan(3000);
        expect(res.status).toBe(503);
        expect(res.json).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: DATABASE_UNAVAILABLE_MESSAGE });
        expect(res.headers.get('Retry-After')).toBe('5');
      }
      expect((await proxied.request('GET', '/api/health/ready')).status).toBe(503);
      expect((await proxied.request('GET', '/api/health/live')).status).toBe(200);
      expect(proxied.logLines.some((line) => line.includes('"unhandled error"'))).toBe(false);

      await proxy.restore();
      // The pool opens new connections by itself.
      await expect.poll(async () => (await verify()).status, { timeout: 10_000, interval: 100 }).toBe(200);
      expect((await proxied.request('GET', '/api/health/ready')).status).toBe(200);

      // The listener is back (it retries with backoff) and hears again: a revocation made by another
      // process drops the session this one cached.
      await expect.poll(() => sessionCache().active, { timeout: 15_000, interval: 100 }).toBe(true);
      expect((await verify()).status).toBe(200);
      const tokenHash = hashToken(token);
      expect(sessionCache().get(tokenHash)).toBeDefined();
      await direct.deps.db
        .update(adminSessions)
        .set({ revokedAt: direct.clock.now() })
        .where(eq(adminSessions.tokenHash, tokenHash));
      await expect.poll(() => sessionCache().get(tokenHash), { timeout: 5000, interval: 20 }).toBeUndefined();
      expect((await verify()).status).toBe(401);
    },
  );
});
