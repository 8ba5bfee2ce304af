import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { LISTENER_APPLICATION_NAME, type Db } from '@ledgerwell/db/client';
import { ipWhitelistRules } from '@ledgerwell/db/schema';
import { createApp } from '../../app';
import { fixedClock } from '../../lib/clock';
import { createAdminUser, createTestApp, loginToken, TEST_ENGINE, type TestApp } from '../../test/test-app';
import { admits, inForce, IP_RULE_CACHE_MAX_AGE_MS, IpRuleCache } from './rule-cache';

const OFFICE = '10.1.2.3';
const OUTSIDE = '192.168.7.7';

describe('IP rule cache', () => {
  const clock = fixedClock(new Date('2026-11-23T10:00:00Z'));
  const rules = [{ ipAddress: '10.0.0.0/8', expiresAt: null }];

  it('answers only while it hears the announcements, and for at most its maximum age', () => {
    const cache = new IpRuleCache(clock);
    cache.keep(rules, cache.mark());
    expect(cache.get()).toBeUndefined();

    cache.heard();
    cache.keep(rules, cache.mark());
    expect(cache.get()).toEqual(rules);
    clock.advance(IP_RULE_CACHE_MAX_AGE_MS - 1);
    expect(cache.get()).toEqual(rules);
    clock.advance(1);
    expect(cache.get()).toBeUndefined();

    cache.keep(rules, cache.mark());
    cache.deaf();
    expect(cache.get()).toBeUndefined();
    cache.keep(rules, cache.mark());
    cache.heard();
    // Whatever was kept before listening again may have missed an announcement.
    expect(cache.get()).toBeUndefined();
  });

  it('forgets on a change, refuses a read that overlapped one, and trusts no clock that went back', () => {
    const cache = new IpRuleCache(clock);
    cache.heard();
    cache.keep(rules, cache.mark());
    cache.forget();
    expect(cache.get()).toBeUndefined();

    const before = cache.mark();
    cache.forget();
    cache.keep(rules, before);
    expect(cache.get()).toBeUndefined();

    cache.keep(rules, cache.mark());
    clock.advance(-1);
    expect(cache.get()).toBeUndefined();
  });

  it('judges expiry when checking, against the clock, not when the rules were read', () => {
    const now = new Date('2026-11-23T10:00:00Z');
    const active = [
      { ipAddress: '10.0.0.0/8', expiresAt: now.getTime() + 1000 },
      { ipAddress: '172.16.0.0/12', expiresAt: null },
    ];
    expect(inForce(active, now)).toEqual(['10.0.0.0/8', '172.16.0.0/12']);
    expect(admits(active, OFFICE, now)).toBe(true);
    const later = new Date(now.getTime() + 1000);
    expect(inForce(active, later)).toEqual(['172.16.0.0/12']);
    expect(admits(active, OFFICE, later)).toBe(false);
    // With no rule in force, admin access is open.
    expect(admits([{ ipAddress: '10.0.0.0/8', expiresAt: now.getTime() }], OUTSIDE, now)).toBe(true);
  });
});

describe('IP whitelist rules cached in the process', () => {
  const PASSWORD = 'Correct-Horse-7';
  let t: TestApp;
  let token: string;

  /** A call from `ip` (one trusted proxy: the last X-Forwarded-For entry is the client). */
  const verifyFrom = async (ip: string, app: { request: TestApp['app']['request'] } = t.app) =>
    (
      await app.request('/api/admin/auth/verify', {
        headers: { Authorization: `Bearer ${token}`, 'X-Forwarded-For': ip },
      })
    ).status;
  const addRule = (db: Db, ipAddress: string, fields: Partial<typeof ipWhitelistRules.$inferInsert> = {}) =>
    db
      .insert(ipWhitelistRules)
      .values({ ipAddress, description: `rule ${ipAddress}`, addedByUsername: 'test', ...fields });
  /** A write whose trigger does not fire, so nothing is announced (triggers off for this transaction only). */
  const unannounced = (write: (tx: Db) => Promise<unknown>) =>
    t.deps.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await write(tx);
    });
  /** Announcements arrive when the change commits, on another connection: a few milliseconds later. */
  const eventually = (check: () => Promise<unknown> | unknown, expected: unknown) =>
    expect.poll(check, { timeout: 5000, interval: 20 }).toEqual(expected);

  beforeEach(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '1' } });
    await createAdminUser(t.deps, { username: 'super', password: PASSWORD, role: 'SUPER_ADMIN' });
    token = await loginToken(t, 'super', PASSWORD);
  });
  afterEach(async () => {
    await t.close();
  });

  it('lets calls in from the cache: the rules are not read again until a change is announced or the cache is old', async () => {
    expect(t.ipRuleCache.active).toBe(true);
    expect(await verifyFrom(OUTSIDE)).toBe(200);
    expect(t.ipRuleCache.get()).toEqual([]);
    // A rule this process was not told about: the cache still says no rule is in force.
    await unannounced((tx) => addRule(tx, '10.0.0.0/8'));
    expect(await verifyFrom(OUTSIDE)).toBe(200);
    t.clock.advance(IP_RULE_CACHE_MAX_AGE_MS);
    expect(await verifyFrom(OUTSIDE)).toBe(403);
    expect(await verifyFrom(OFFICE)).toBe(200);
  });

  it('follows a change written straight in SQL, as another process would, once the database announces it', async () => {
    expect(await verifyFrom(OUTSIDE)).toBe(200);
    expect(t.ipRuleCache.get()).toEqual([]);
    await t.deps.db.execute(
      sql`insert into ip_whitelist_rules (ip_address, description) values ('10.0.0.0/8', 'Office')`,
    );
    await eventually(() => t.ipRuleCache.get(), undefined);
    expect(await verifyFrom(OUTSIDE)).toBe(403);
    expect(await verifyFrom(OFFICE)).toBe(200);
    expect(t.ipRuleCache.get()).toEqual([{ ipAddress: '10.0.0.0/8', expiresAt: null }]);

    // A new expiry in the past, then a truncate: each announced.
    await t.deps.db.execute(sql`update ip_whitelist_rules set expires_at = now() - interval '1 day'`);
    await eventually(() => verifyFrom(OUTSIDE), 200);
    await t.deps.db.execute(sql`update ip_whitelist_rules set expires_at = null`);
    await eventually(() => verifyFrom(OUTSIDE), 403);
    await t.deps.db.execute(sql`truncate ip_whitelist_rules`);
    await eventually(() => t.ipRuleCache.get(), undefined);
    expect(await verifyFrom(OUTSIDE)).toBe(200);
  });

  it('lets a rule expire without any write: expiry is judged at each call', async () => {
    await addRule(t.deps.db, '10.0.0.0/8', { expiresAt: new Date(t.clock.now().getTime() + 10_000) });
    await addRule(t.deps.db, '172.16.0.0/12');
    // Once the inserts' announcements are heard, a call caches both rules.
    await eventually(async () => [await verifyFrom(OFFICE), t.ipRuleCache.get()?.length], [200, 2]);
    t.clock.advance(10_000);
    // Still cached (younger than its maximum age, nothing announced), and no longer letting the office in.
    expect(t.ipRuleCache.get()).toHaveLength(2);
    expect(await verifyFrom(OFFICE)).toBe(403);
    expect(await verifyFrom('172.16.0.1')).toBe(200);
  });

  it('reads the rules on every call while it cannot hear the announcements', async () => {
    expect(await verifyFrom(OUTSIDE)).toBe(200);
    // What the listener does when its connection is lost (below, for real, on PostgreSQL).
    t.ipRuleCache.deaf();
    await unannounced((tx) => addRule(tx, '10.0.0.0/8'));
    expect(await verifyFrom(OUTSIDE)).toBe(403);
    await unannounced((tx) => tx.update(ipWhitelistRules).set({ isActive: false }));
    expect(await verifyFrom(OUTSIDE)).toBe(200);
    // Nothing was kept meanwhile.
    expect(t.ipRuleCache.get()).toBeUndefined();
    await unannounced((tx) => tx.update(ipWhitelistRules).set({ isActive: true }));
    expect(await verifyFrom(OUTSIDE)).toBe(403);
  });

  // Only a server connection can be lost: the embedded database is in this process.
  it.runIf(TEST_ENGINE === 'postgres')(
    'falls back to the database when the listening connection is lost, and caches again once it is back',
    async () => {
      expect(await verifyFrom(OUTSIDE)).toBe(200);
      expect(t.ipRuleCache.get()).toEqual([]);
      // The server ends the listening connections (a restart, a network failure).
      await t.deps.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${LISTENER_APPLICATION_NAME} and datname = current_database()`,
      );
      await expect.poll(() => t.ipRuleCache.active, { timeout: 5000 }).toBe(false);
      // A rule whose announcement nobody heard is still enforced: the rules are read from the database.
      await addRule(t.deps.db, '10.0.0.0/8');
      expect(await verifyFrom(OUTSIDE)).toBe(403);
      expect(await verifyFrom(OFFICE)).toBe(200);
      expect(t.ipRuleCache.get()).toBeUndefined();

      await expect.poll(() => t.ipRuleCache.active, { timeout: 10_000 }).toBe(true);
      expect(await verifyFrom(OFFICE)).toBe(200);
      expect(t.ipRuleCache.get()).toEqual([{ ipAddress: '10.0.0.0/8', expiresAt: null }]);
      // Heard again: a change is announced.
      await t.deps.db
        .update(ipWhitelistRules)
        .set({ isActive: false })
        .where(eq(ipWhitelistRules.ipAddress, '10.0.0.0/8'));
      await eventually(() => t.ipRuleCache.get(), undefined);
    },
  );

  it('forgets at once in the process that changes a rule through the API, without waiting for the announcement', async () => {
    // A process whose cache hears no announcement at all: only the route's own forgetting can help it.
    const deafToAnnouncements = new IpRuleCache(t.clock);
    deafToAnnouncements.heard();
    const app = createApp({ ...t.deps, ipRuleCache: deafToAnnouncements });
    const call = (method: string, url: string, body: unknown) =>
      app.request(url, {
        method,
        headers: { Authorization: `Bearer ${token}`, 'X-Forwarded-For': OFFICE, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect(await verifyFrom(OUTSIDE, app)).toBe(200);
    expect(deafToAnnouncements.get()).toEqual([]);
    const created = await call('POST', '/api/admin/ip-whitelist', { ipAddress: '10.0.0.0/8', description: 'Office' });
    expect(created.status).toBe(201);
    expect(await verifyFrom(OUTSIDE, app)).toBe(403);
    const id = ((await created.json()) as { data: { id: string } }).data.id;
    expect(await verifyFrom(OFFICE, app)).toBe(200);
    expect(
      (
        await call('PUT', `/api/admin/ip-whitelist/${id}`, {
          ipAddress: '10.0.0.0/8',
          description: 'Office',
          expiresAt: null,
          isActive: true,
        })
      ).status,
    ).toBe(200);
    expect((await call('PUT', `/api/admin/ip-whitelist/${id}`, { isActive: false })).status).toBe(200);
    expect(await verifyFrom(OUTSIDE, app)).toBe(200);
    expect((await call('PUT', `/api/admin/ip-whitelist/${id}`, { isActive: true })).status).toBe(200);
    expect(await verifyFrom(OUTSIDE, app)).toBe(403);
    expect((await call('DELETE', `/api/admin/ip-whitelist/${id}`, {})).status).toBe(200);
    expect(await verifyFrom(OUTSIDE, app)).toBe(200);
  });
});
