import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { adminSessions, adminUsers } from '@ledgerwell/db/schema';
import { LISTENER_APPLICATION_NAME } from '@ledgerwell/db/client';
import { fixedClock } from '../../lib/clock';
import { hashToken } from '../../lib/tokens';
import { createApp } from '../../app';
import { createAdminUser, createTestApp, loginToken, type TestApp } from '../../test/test-app';
import { SESSION_CACHE_MAX_AGE_MS, SessionCache, startSessionCache } from './session-cache';
import type { SessionCacheValue } from '../../identity/sessions';

describe('session cache', () => {
  const clock = fixedClock(new Date('2026-11-23T10:00:00Z'));
  const cacheWith = (key: string, userId: string) => {
    const cache = new SessionCache<string>(clock);
    cache.heard();
    cache.keep(key, userId, `${key} of ${userId}`, cache.mark());
    return cache;
  };

  it('answers only while it hears the announcements, and for at most its maximum age', () => {
    const cache = new SessionCache<string>(clock);
    cache.keep('a', 'u1', 'value', cache.mark());
    expect(cache.get('a')).toBeUndefined();

    cache.heard();
    cache.keep('a', 'u1', 'value', cache.mark());
    expect(cache.get('a')).toBe('value');
    clock.advance(SESSION_CACHE_MAX_AGE_MS - 1);
    expect(cache.get('a')).toBe('value');
    clock.advance(1);
    expect(cache.get('a')).toBeUndefined();

    cache.keep('a', 'u1', 'value', cache.mark());
    cache.deaf();
    expect(cache.get('a')).toBeUndefined();
    cache.keep('a', 'u1', 'value', cache.mark());
    cache.heard();
    // Whatever was kept before listening again may have missed an announcement.
    expect(cache.get('a')).toBeUndefined();
  });

  it('forgets a user on an announcement, everyone on *, and refuses a read that overlapped a change', () => {
    const cache = cacheWith('a', 'u1');
    cache.keep('b', 'u2', 'b of u2', cache.mark());
    cache.announced('u1');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBe('b of u2');
    cache.announced('*');
    expect(cache.get('b')).toBeUndefined();

    const before = cache.mark();
    cache.forget('u3');
    cache.keep('c', 'u4', 'read before the change', before);
    expect(cache.get('c')).toBeUndefined();
  });
});

describe('admin sessions cached across processes', () => {
  const PASSWORD = 'Correct-Horse-7';
  let t: TestApp;
  let token: string;
  let second: Awaited<ReturnType<typeof startSecondProcess>>;

  /** Another API process on the same database: its own app and its own cache, listening on its own. */
  async function startSecondProcess() {
    const sessions = await startSessionCache<SessionCacheValue>(t.database, t.clock, t.deps.logger);
    const app = createApp({ ...t.deps, sessionCache: sessions.cache });
    const verify = async () => {
      const res = await app.request('/api/admin/auth/verify', { headers: { Authorization: `Bearer ${token}` } });
      return { status: res.status, json: (await res.json()) as { admin?: { role: string } } };
    };
    return { cache: sessions.cache, stop: sessions.stop, verify };
  }

  /** Announcements arrive when the change commits, on another connection: a few milliseconds later. */
  const eventually = (check: () => Promise<unknown>, expected: unknown) =>
    expect.poll(check, { timeout: 5000, interval: 20 }).toEqual(expected);

  beforeEach(async () => {
    t = await createTestApp();
    await createAdminUser(t.deps, { username: 'bob', password: PASSWORD, role: 'ADMIN' });
    token = await loginToken(t, 'bob', PASSWORD);
    second = await startSecondProcess();
  });
  afterEach(async () => {
    await second.stop();
    await t.close();
  });

  it('answers from the cache: a session checked once is not read again for each call', async () => {
    expect((await second.verify()).status).toBe(200);
    // Seen from the database the session is long idle, but this process checked it a moment ago.
    await t.deps.db.update(adminSessions).set({ lastSeenAt: new Date(t.clock.now().getTime() - 3 * 60 * 60 * 1000) });
    expect((await second.verify()).status).toBe(200);
    // Read again once the entry is old enough: the database says idle, and the session ends.
    t.clock.advance(SESSION_CACHE_MAX_AGE_MS);
    expect((await second.verify()).status).toBe(401);
  });

  it('refuses a session another process revoked, once the database announces it', async () => {
    expect((await second.verify()).status).toBe(200);
    expect((await t.request('POST', '/api/admin/logout', { token })).status).toBe(200);
    // The process that logged out forgets at once.
    expect((await t.request('GET', '/api/admin/auth/verify', { token })).status).toBe(401);
    await eventually(async () => (await second.verify()).status, 401);
  });

  it('follows a change made straight in the database: a deactivation, a new role', async () => {
    expect((await second.verify()).json.admin?.role).toBe('ADMIN');
    await t.deps.db.update(adminUsers).set({ role: 'READ_ONLY' }).where(eq(adminUsers.username, 'bob'));
    await eventually(async () => (await second.verify()).json.admin?.role, 'READ_ONLY');
    await t.deps.db.update(adminUsers).set({ isActive: false }).where(eq(adminUsers.username, 'bob'));
    await eventually(async () => (await second.verify()).status, 401);
  });

  // Only a server connection can be lost: the embedded database is in this process.
  it.runIf(process.env.TEST_DB_ENGINE === 'postgres')(
    'reads every session while it cannot hear the announcements, and caches again once it can',
    async () => {
      expect((await second.verify()).status).toBe(200);
      // The server ends the listening connections (a restart, a network failure).
      await t.deps.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${LISTENER_APPLICATION_NAME} and datname = current_database()`,
      );
      await expect.poll(() => second.cache.active, { timeout: 5000 }).toBe(false);
      // A revocation whose announcement nobody heard is still seen: the session is read from the database.
      await t.deps.db.update(adminSessions).set({ revokedAt: t.clock.now() });
      expect((await second.verify()).status).toBe(401);
      await expect.poll(() => second.cache.active, { timeout: 10_000 }).toBe(true);

      const fresh = await loginToken(t, 'bob', PASSWORD);
      token = fresh;
      // Cached again: a change is heard.
      expect((await second.verify()).status).toBe(200);
      await t.deps.db
        .update(adminSessions)
        .set({ revokedAt: t.clock.now() })
        .where(eq(adminSessions.tokenHash, hashToken(fresh)));
      await eventually(async () => (await second.verify()).status, 401);
    },
  );
});
