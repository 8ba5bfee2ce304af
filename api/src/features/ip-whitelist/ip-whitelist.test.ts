import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { adminActivity, ipWhitelistRules } from '@ledgerwell/db/schema';
import { ADMIN_ROLES, type AdminRole } from '@ledgerwell/shared/admin-auth';
import { IP_RULE_MESSAGES as M } from '@ledgerwell/shared/ip-rules';
import { ipAllow, parseIpAllowArgs } from '../../cli/ip-allow';
import { embeddedDatabaseInUse } from '../../cli/with-cli-database';
import { createAdminUser, createTestApp, TEST_ENGINE, type TestApp } from '../../test/test-app';
import { blockedRecorder } from './enforce';

const PASSWORD = 'Correct-Horse-7';
const OFFICE = '10.1.2.3';
const OUTSIDE = '192.168.7.7';
const BASE = '/api/admin/ip-whitelist';

type Init = { token?: string; ip?: string; body?: unknown; headers?: Record<string, string> };

describe('IP whitelist', () => {
  let t: TestApp;
  const tokens = {} as Record<AdminRole, string>;

  /** A call from `ip` (one trusted proxy: the last X-Forwarded-For entry is the client). */
  const call = (target: TestApp, method: string, url: string, init: Init = {}) =>
    target.request(method, url, { ...init, headers: { ...init.headers, 'X-Forwarded-For': init.ip ?? OFFICE } });
  const as = (role: AdminRole, method: string, url: string, init: Omit<Init, 'token'> = {}) =>
    call(t, method, url, { ...init, token: tokens[role] });
  const login = (ip: string, username = 'super') =>
    call(t, 'POST', '/api/admin/login', { ip, body: { username, password: PASSWORD } });
  const activity = (action: string) =>
    t.deps.db.select().from(adminActivity).where(eq(adminActivity.actionType, action)).orderBy(asc(adminActivity.id));
  /**
   * A write straight to the table, as another process or the recovery command makes it, reaches this process as
   * PostgreSQL's announcement, a moment after the commit: wait until the cache has heard it (forgotten its rules),
   * as any later caller would be. Checking at once raced the announcement and failed now and then under load.
   */
  const announced = () => vi.waitFor(() => expect(t.ipRuleCache.get()).toBeUndefined(), { timeout: 5000, interval: 5 });
  const addRule = async (ipAddress: string, fields: Partial<typeof ipWhitelistRules.$inferInsert> = {}) => {
    const [row] = await t.deps.db
      .insert(ipWhitelistRules)
      .values({ ipAddress, description: `rule ${ipAddress}`, addedByUsername: 'test', ...fields })
      .returning();
    await announced();
    return row!;
  };

  beforeEach(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '1' } });
    for (const role of ADMIN_ROLES) {
      const username = role === 'SUPER_ADMIN' ? 'super' : role.toLowerCase().replace('_', '');
      await createAdminUser(t.deps, { username, password: PASSWORD, role });
      const res = await login(OFFICE, username);
      expect(res.status).toBe(200);
      tokens[role] = res.json.token as string;
    }
  });
  afterEach(async () => {
    await t.close();
  });

  describe('routes', () => {
    it('answers only SUPER_ADMIN on every route (the other roles 403, anonymous 401)', async () => {
      const rule = await addRule('10.0.0.0/8');
      const routes: [string, string, unknown?][] = [
        ['GET', BASE],
        ['POST', BASE, { ipAddress: OFFICE, description: 'My desk' }],
        ['PUT', `${BASE}/${rule.id}`, { ipAddress: '10.0.0.0/8', description: 'Office LAN', expiresAt: null }],
        ['PUT', `${BASE}/${rule.id}`, { isActive: true }],
        ['DELETE', `${BASE}/${rule.id}`],
      ];
      for (const [method, url, body] of routes) {
        expect((await call(t, method, url, { body })).status, `anonymous ${method} ${url}`).toBe(401);
        for (const role of ['READ_ONLY', 'REVIEWER', 'ADMIN'] as const) {
          expect((await as(role, method, url, { body })).status, `${role} ${method} ${url}`).toBe(403);
        }
        expect((await as('SUPER_ADMIN', method, url, { body })).status, `SUPER_ADMIN ${method} ${url}`).toBeLessThan(
          300,
        );
      }
      // Nothing the refused calls sent was saved.
      expect(await t.deps.db.select().from(ipWhitelistRules)).toHaveLength(1);
    });

    it('creates, lists, edits, toggles and deletes, each with an activity row holding before and after', async () => {
      const created = await as('SUPER_ADMIN', 'POST', BASE, {
        body: { ipAddress: ' 10.7.7.7/8 ', description: '  Head office  ', expiresAt: '' },
      });
      expect(created.status).toBe(201);
      expect(created.json.data).toMatchObject({
        ipAddress: '10.0.0.0/8',
        description: 'Head office',
        isActive: true,
        addedBy: 'super',
        expiresAt: null,
      });
      const id = created.json.data.id as string;

      const list = await as('SUPER_ADMIN', 'GET', BASE);
      expect(list.status).toBe(200);
      expect(list.json.data).toHaveLength(1);
      expect(list.json.data[0]).toMatchObject({ id, ipAddress: '10.0.0.0/8' });

      const expiresAt = new Date(t.clock.now().getTime() + 86_400_000).toISOString();
      const edited = await as('SUPER_ADMIN', 'PUT', `${BASE}/${id}`, {
        body: { ipAddress: '10.1.0.0/16', description: 'Head office', expiresAt },
      });
      expect(edited.status).toBe(200);
      expect(edited.json).toMatchObject({ message: M.updated, data: { ipAddress: '10.1.0.0/16', expiresAt } });

      const added = await as('SUPER_ADMIN', 'POST', BASE, {
        body: { ipAddress: '10.1.2.0/24', description: 'Second' },
      });
      expect(added.status).toBe(201);
      const off = await as('SUPER_ADMIN', 'PUT', `${BASE}/${id}`, { body: { isActive: false } });
      expect(off.json).toMatchObject({ message: M.deactivated, data: { isActive: false, ipAddress: '10.1.0.0/16' } });
      const on = await as('SUPER_ADMIN', 'PUT', `${BASE}/${id}`, { body: { isActive: true } });
      expect(on.json).toMatchObject({ message: M.activated, data: { isActive: true } });

      const deleted = await as('SUPER_ADMIN', 'DELETE', `${BASE}/${id}`);
      expect(deleted.json).toMatchObject({ success: true, message: M.deleted });
      expect((await as('SUPER_ADMIN', 'DELETE', `${BASE}/${id}`)).status).toBe(404);
      expect((await as('SUPER_ADMIN', 'PUT', `${BASE}/not-a-uuid`, { body: { isActive: true } })).status).toBe(404);

      const [createdRow] = await activity('IP_RULE_CREATED');
      expect(createdRow).toMatchObject({
        adminUsername: 'super',
        resourceType: 'ip_rule',
        resourceId: id,
        ipAddress: OFFICE,
      });
      expect(createdRow!.details).toMatchObject({
        ipAddress: '10.0.0.0/8',
        description: 'Head office',
        isActive: true,
        expiresAt: null,
      });
      const updates = (await activity('IP_RULE_UPDATED')).filter((row) => row.resourceId === id);
      expect(updates.map((row) => row.details.changes)).toEqual([
        { ipAddress: { before: '10.0.0.0/8', after: '10.1.0.0/16' }, expiresAt: { before: null, after: expiresAt } },
        { isActive: { before: true, after: false } },
        { isActive: { before: false, after: true } },
      ]);
      const [deletedRow] = await activity('IP_RULE_DELETED');
      expect(deletedRow).toMatchObject({ resourceId: id });
      expect(deletedRow!.details).toMatchObject({ ipAddress: '10.1.0.0/16', description: 'Head office' });
    });

    it('refuses what spec 5.1 refuses, with its messages, and a duplicate address', async () => {
      const errorsOf = async (body: unknown) => {
        const res = await as('SUPER_ADMIN', 'POST', BASE, { body });
        expect(res.status).toBe(400);
        return res.json.errors;
      };
      expect(await errorsOf({ ipAddress: '', description: 'x' })).toEqual({ ipAddress: M.ipRequired });
      expect(await errorsOf({ ipAddress: '10.0.0.0/33', description: 'x' })).toEqual({ ipAddress: M.ipInvalid });
      expect(await errorsOf({ ipAddress: '2001:db8::/129', description: 'x' })).toEqual({ ipAddress: M.ipInvalid });
      expect(await errorsOf({ ipAddress: '10.0.0.1', description: ' ' })).toEqual({
        description: M.descriptionRequired,
      });
      const past = new Date(t.clock.now().getTime() - 1000).toISOString();
      expect(await errorsOf({ ipAddress: '10.0.0.1', description: 'x', expiresAt: past })).toEqual({
        expiresAt: M.expiryInPast,
      });
      expect(
        (await as('SUPER_ADMIN', 'PUT', `${BASE}/${(await addRule('10.0.0.0/8')).id}`, { body: { isActive: 'yes' } }))
          .status,
      ).toBe(400);

      const duplicate = await as('SUPER_ADMIN', 'POST', BASE, {
        body: { ipAddress: '10.5.5.5/8', description: 'Same network' },
      });
      expect(duplicate.status).toBe(409);
      expect(duplicate.json.errors).toEqual({ ipAddress: 'An IP rule for this address already exists' });
    });
  });

  describe('enforcement', () => {
    it('is open to every address while no rule is in force', async () => {
      expect((await as('ADMIN', 'GET', '/api/admin/auth/verify', { ip: OUTSIDE })).status).toBe(200);
      expect((await login('203.0.113.9')).status).toBe(200);
      await addRule('10.0.0.0/8', { isActive: false });
      await addRule('172.16.0.0/12', { expiresAt: new Date(t.clock.now().getTime() - 1000) });
      expect((await as('ADMIN', 'GET', '/api/admin/auth/verify', { ip: OUTSIDE })).status).toBe(200);
    });

    it('lets addresses inside a rule in, refuses the others on every admin call (login included), and records the refusal', async () => {
      await addRule('10.0.0.0/8');
      expect((await as('ADMIN', 'GET', '/api/admin/auth/verify')).status).toBe(200);
      expect((await login(OFFICE)).status).toBe(200);

      const refused = await as('ADMIN', 'GET', '/api/admin/auth/verify', { ip: OUTSIDE });
      expect(refused.status).toBe(403);
      expect(refused.json).toMatchObject({ success: false, code: 'FORBIDDEN', message: M.blocked });
      const refusedLogin = await login(OUTSIDE);
      expect(refusedLogin.status).toBe(403);
      expect(refusedLogin.json.message).toBe(M.blocked);
      expect((await call(t, 'GET', '/api/admin/requests', { ip: OUTSIDE })).status).toBe(403);

      // One row per address a minute, however many refusals.
      const rows = await activity('ADMIN_ACCESS_BLOCKED');
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ adminUserId: null, resourceType: 'ip_rule', ipAddress: OUTSIDE });
      expect(rows[0]!.details).toMatchObject({ ip: OUTSIDE, path: '/api/admin/auth/verify' });
      expect((await login('192.168.7.8')).status).toBe(403);
      expect(await activity('ADMIN_ACCESS_BLOCKED')).toHaveLength(2);
      t.clock.advance(60_000);
      expect((await login(OUTSIDE)).status).toBe(403);
      expect(await activity('ADMIN_ACCESS_BLOCKED')).toHaveLength(3);
    });

    it('ignores an expired rule and an inactive rule', async () => {
      await addRule('192.168.0.0/16', { expiresAt: new Date(t.clock.now().getTime() - 1) });
      await addRule('192.168.7.0/24', { isActive: false });
      await addRule('10.0.0.0/8', { expiresAt: new Date(t.clock.now().getTime() + 60_000) });
      expect((await as('ADMIN', 'GET', '/api/admin/auth/verify', { ip: OUTSIDE })).status).toBe(403);
      expect((await as('ADMIN', 'GET', '/api/admin/auth/verify')).status).toBe(200);
      // Once the last rule in force expires, access is open again.
      t.clock.advance(60_000);
      expect((await login(OUTSIDE)).status).toBe(200);
    });

    it('matches IPv6 loopback, and an IPv4-mapped client against its IPv4 rule', async () => {
      await addRule('::1');
      await addRule('10.0.0.0/8');
      expect((await login('::1')).status).toBe(200);
      expect((await login('0:0:0:0:0:0:0:1')).status).toBe(200);
      expect((await login('::2')).status).toBe(403);
      expect((await login('::ffff:10.9.8.7')).status).toBe(200);
      expect((await login('::ffff:192.168.7.7')).status).toBe(403);
    });

    it('bounds the refusals it records: one per address (an IPv6 client by its /64) and a cap per minute', () => {
      const recorder = blockedRecorder(60_000, 2);
      expect(recorder.shouldRecord('192.0.2.1', 0).record).toBe(true);
      expect(recorder.shouldRecord('192.0.2.1', 1).record).toBe(false);
      expect(recorder.shouldRecord('2001:db8::1', 2).record).toBe(true);
      expect(recorder.shouldRecord('2001:db8::2', 3).record).toBe(false);
      expect(recorder.shouldRecord('192.0.2.3', 4).record).toBe(false);
      expect(recorder.shouldRecord('192.0.2.1', 60_000)).toEqual({ record: true, suppressedBefore: 1 });
    });

    // A second API process needs a second connection to the same database: only a server has one.
    // On the embedded database there is one process by construction.
    // Decision 011: the other process caches the rules and forgets them when PostgreSQL announces the
    // change, a few milliseconds after its commit; an address let in again is let in at the next call,
    // since a refusal is always decided on the database's rules.
    it.runIf(TEST_ENGINE === 'postgres')(
      'applies a change to another server process on the same database: a new rule once announced, a lifted one at the next call',
      async () => {
        const other = await createTestApp({ databaseUrl: t.databaseUrl!, env: { TRUST_PROXY: '1' } });
        try {
          const otherVerify = (ip: string) => call(other, 'GET', '/api/admin/auth/verify', { ip, token: tokens.ADMIN });
          expect((await otherVerify(OUTSIDE)).status).toBe(200);
          const created = await as('SUPER_ADMIN', 'POST', BASE, {
            body: { ipAddress: '10.0.0.0/8', description: 'Office' },
          });
          expect(created.status).toBe(201);
          await expect.poll(async () => (await otherVerify(OUTSIDE)).status, { timeout: 5000, interval: 20 }).toBe(403);
          expect((await otherVerify(OFFICE)).status).toBe(200);
          expect(
            (await as('SUPER_ADMIN', 'PUT', `${BASE}/${created.json.data.id}`, { body: { isActive: false } })).status,
          ).toBe(200);
          expect((await otherVerify(OUTSIDE)).status).toBe(200);
        } finally {
          await other.close();
        }
      },
    );
  });

  describe('self-lockout', () => {
    it('refuses with 409 a rule that leaves out the caller, saves it once confirmed', async () => {
      const body = { ipAddress: '192.168.0.0/16', description: 'Branch' };
      const refused = await as('SUPER_ADMIN', 'POST', BASE, { body });
      expect(refused.status).toBe(409);
      expect(refused.json).toMatchObject({
        code: 'CONFLICT',
        message: M.selfLockout,
        errors: { confirmSelfLockout: M.selfLockout },
      });
      expect(await t.deps.db.select().from(ipWhitelistRules)).toHaveLength(0);
      expect(await activity('IP_RULE_CREATED')).toHaveLength(0);

      const saved = await as('SUPER_ADMIN', 'POST', BASE, { body: { ...body, confirmSelfLockout: true } });
      expect(saved.status).toBe(201);
      expect((await activity('IP_RULE_CREATED'))[0]!.details).toMatchObject({
        ipAddress: '192.168.0.0/16',
        selfLockoutConfirmed: true,
      });
      // As confirmed: the caller's own address is out from the next call.
      expect((await as('SUPER_ADMIN', 'GET', BASE)).status).toBe(403);
    });

    it('needs no confirmation for a rule that includes the caller', async () => {
      expect(
        (await as('SUPER_ADMIN', 'POST', BASE, { body: { ipAddress: '10.0.0.0/8', description: 'Office' } })).status,
      ).toBe(201);
      const other = await as('SUPER_ADMIN', 'POST', BASE, {
        body: { ipAddress: '192.168.0.0/16', description: 'Branch' },
      });
      expect(other.status).toBe(201);
      expect(other.json.data.isActive).toBe(true);
      expect((await as('SUPER_ADMIN', 'GET', BASE)).json.data).toHaveLength(2);
    });

    it('refuses a toggle, an edit and a delete that would lock the caller out unless confirmed', async () => {
      const office = await addRule('10.0.0.0/8');
      await addRule('192.168.0.0/16');

      const off = await as('SUPER_ADMIN', 'PUT', `${BASE}/${office.id}`, { body: { isActive: false } });
      expect(off.status).toBe(409);
      expect(off.json.errors).toEqual({ confirmSelfLockout: M.selfLockout });
      const edit = await as('SUPER_ADMIN', 'PUT', `${BASE}/${office.id}`, {
        body: { ipAddress: '10.9.0.0/16', description: 'Office' },
      });
      expect(edit.status).toBe(409);
      const del = await as('SUPER_ADMIN', 'DELETE', `${BASE}/${office.id}`);
      expect(del.status).toBe(409);
      const [unchanged] = await t.deps.db.select().from(ipWhitelistRules).where(eq(ipWhitelistRules.id, office.id));
      expect(unchanged).toMatchObject({ ipAddress: '10.0.0.0/8', isActive: true });

      const confirmedDelete = await as('SUPER_ADMIN', 'DELETE', `${BASE}/${office.id}`, {
        body: { confirmSelfLockout: true },
      });
      expect(confirmedDelete.status).toBe(200);
      expect((await activity('IP_RULE_DELETED'))[0]!.details).toMatchObject({ selfLockoutConfirmed: true });
      // The caller is out now.
      expect((await as('SUPER_ADMIN', 'GET', BASE)).status).toBe(403);
      expect((await as('SUPER_ADMIN', 'GET', BASE, { ip: '192.168.1.1' })).status).toBe(200);
    });

    it('takes the confirmation on a toggle, and on DELETE through the query too', async () => {
      const office = await addRule('10.0.0.0/8');
      const other = await addRule('10.0.0.0/16');
      await addRule('192.168.0.0/16');
      expect((await as('SUPER_ADMIN', 'PUT', `${BASE}/${other.id}`, { body: { isActive: false } })).status).toBe(200);
      expect((await as('SUPER_ADMIN', 'DELETE', `${BASE}/${office.id}?confirmSelfLockout=true`)).status).toBe(200);
      expect(
        (
          await as('SUPER_ADMIN', 'PUT', `${BASE}/${other.id}`, {
            ip: '192.168.1.1',
            body: { isActive: true, confirmSelfLockout: true },
          })
        ).status,
      ).toBe(200);
    });
  });

  describe('recovery command', () => {
    it('adds an active rule recorded as the system, or reactivates the existing one', async () => {
      const old = await addRule(OUTSIDE, { isActive: false, expiresAt: new Date(t.clock.now().getTime() - 1000) });
      await addRule('10.0.0.0/8');
      expect((await login(OUTSIDE)).status).toBe(403);

      const again = await ipAllow(t.deps.db, t.clock.now(), { address: ` ${OUTSIDE} `, description: 'Locked out' });
      await announced();
      expect(again).toEqual({ ok: true, message: expect.stringContaining('active again') });
      const [reactivated] = await t.deps.db.select().from(ipWhitelistRules).where(eq(ipWhitelistRules.id, old.id));
      expect(reactivated).toMatchObject({ isActive: true, expiresAt: null });
      expect((await login(OUTSIDE)).status).toBe(200);

      const added = await ipAllow(t.deps.db, t.clock.now(), { address: '2001:DB8::/48', description: 'Operator VPN' });
      expect(added).toEqual({ ok: true, message: expect.stringContaining('2001:db8::/48') });
      const [row] = await t.deps.db
        .select()
        .from(ipWhitelistRules)
        .where(eq(ipWhitelistRules.ipAddress, '2001:db8::/48'));
      expect(row).toMatchObject({
        isActive: true,
        description: 'Operator VPN',
        addedById: null,
        addedByUsername: 'system',
        expiresAt: null,
      });
      expect((await login('2001:db8:0:5::1')).status).toBe(200);

      const records = await t.deps.db
        .select()
        .from(adminActivity)
        .where(and(eq(adminActivity.resourceType, 'ip_rule'), eq(adminActivity.adminUsername, 'system')))
        .orderBy(asc(adminActivity.id));
      expect(records.map((r) => [r.actionType, r.adminUserId, r.resourceId])).toEqual([
        ['IP_RULE_UPDATED', null, old.id],
        ['IP_RULE_CREATED', null, row!.id],
      ]);

      expect(await ipAllow(t.deps.db, t.clock.now(), { address: '10.0.0.0/33', description: 'x' })).toEqual({
        ok: false,
        message: M.ipInvalid,
      });
    });

    it('reads its command line and tells when the embedded database is in use', () => {
      expect(parseIpAllowArgs(['10.0.0.1'])).toMatchObject({ address: '10.0.0.1', force: false });
      expect(parseIpAllowArgs(['--', '10.0.0.1', '--description', 'Ops', '--force'])).toEqual({
        address: '10.0.0.1',
        description: 'Ops',
        force: true,
      });
      expect(parseIpAllowArgs([])).toMatchObject({ error: expect.stringContaining(M.ipRequired) });
      expect(parseIpAllowArgs(['1.1.1.1', '2.2.2.2'])).toMatchObject({ error: expect.stringContaining('One address') });
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lw-ip-allow-'));
      try {
        expect(embeddedDatabaseInUse(dir)).toBe(false);
        fs.mkdirSync(path.join(dir, 'pgdata'));
        fs.writeFileSync(path.join(dir, 'pgdata', 'postmaster.pid'), '-42\n');
        expect(embeddedDatabaseInUse(dir)).toBe(true);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });
  });
});
