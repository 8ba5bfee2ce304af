import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { adminActivity, adminUsers } from '@ledgerwell/db/schema';
import { createAdminUser, createTestApp, loginToken, type TestApp } from '../../test/test-app';
import { deactivateAdminUser } from '../admin-users/deactivate';
import { toProfile } from '../../identity/profile';

const PASSWORD = 'Correct-Horse-7';
const MINUTE = 60 * 1000;

describe('admin sessions', () => {
  let t: TestApp;
  let token: string;
  beforeEach(async () => {
    t = await createTestApp();
    await createAdminUser(t.deps, { username: 'bob', password: PASSWORD, role: 'ADMIN' });
    token = await loginToken(t, 'bob', PASSWORD);
  });
  afterEach(() => t.close());

  it('verifies a live token and returns the admin', async () => {
    const res = await t.request('GET', '/api/admin/auth/verify', { token });
    expect(res.status).toBe(200);
    expect(res.json.admin).toMatchObject({ username: 'bob', role: 'ADMIN' });
    const me = await t.request('GET', '/api/admin/users/me', { token });
    expect(me.status).toBe(200);
    expect(me.json.data).toMatchObject({ username: 'bob', email: 'bob@example.com' });
    expect(me.json.data).not.toHaveProperty('passwordHash');
  });

  it('refuses a missing, malformed or unknown token with 401', async () => {
    for (const headers of [
      {} as Record<string, string>,
      { Authorization: 'Basic abc' },
      { Authorization: 'Bearer short' },
      { Authorization: `Bearer ${'x'.repeat(43)}` },
    ]) {
      const res = await t.request('GET', '/api/admin/auth/verify', { headers });
      expect(res.status).toBe(401);
      expect(res.json.code).toBe('UNAUTHENTICATED');
    }
    expect((await t.request('GET', '/api/admin/users/me')).status).toBe(401);
  });

  it('expires after 30 idle minutes', async () => {
    t.clock.advance(29 * MINUTE);
    expect((await t.request('GET', '/api/admin/auth/verify', { token })).status).toBe(200);
    t.clock.advance(29 * MINUTE);
    expect((await t.request('GET', '/api/admin/auth/verify', { token })).status).toBe(200);
    t.clock.advance(31 * MINUTE);
    const res = await t.request('GET', '/api/admin/auth/verify', { token });
    expect(res.status).toBe(401);
    expect(res.json.message).toBe('Your session has expired. Please sign in again.');
  });

  it('expires 12 hours after sign-in even when used all along', async () => {
    for (let elapsed = 0; elapsed < 12 * 60; elapsed += 25) {
      expect((await t.request('GET', '/api/admin/auth/verify', { token })).status, `after ${elapsed} min`).toBe(200);
      t.clock.advance(25 * MINUTE);
    }
    expect((await t.request('GET', '/api/admin/auth/verify', { token })).status).toBe(401);
  });

  it('logout revokes the token and is recorded', async () => {
    const res = await t.request('POST', '/api/admin/logout', { token });
    expect(res.status).toBe(200);
    expect((await t.request('GET', '/api/admin/auth/verify', { token })).status).toBe(401);
    expect((await t.request('POST', '/api/admin/logout', { token })).status).toBe(401);
    const rows = await t.deps.db.select().from(adminActivity).where(eq(adminActivity.actionType, 'LOGOUT'));
    expect(rows).toHaveLength(1);
  });

  it('deactivating an admin ends every session at once', async () => {
    const other = await loginToken(t, 'bob', PASSWORD);
    const actor = await createAdminUser(t.deps, { username: 'root', password: PASSWORD, role: 'SUPER_ADMIN' });
    const [bob] = await t.deps.db.select().from(adminUsers).where(eq(adminUsers.username, 'bob'));
    await deactivateAdminUser(t.deps, { profile: toProfile(actor), sessionId: 'n/a' }, bob!.id, {
      requestId: 'test-request',
      ip: '127.0.0.1',
      userAgent: null,
    });
    expect((await t.request('GET', '/api/admin/auth/verify', { token })).status).toBe(401);
    expect((await t.request('GET', '/api/admin/auth/verify', { token: other })).status).toBe(401);
    expect(
      (await t.request('POST', '/api/admin/login', { body: { username: 'bob', password: PASSWORD } })).status,
    ).toBe(401);
  });

  it('answers unknown admin paths with 404 JSON once signed in, 401 before', async () => {
    expect((await t.request('GET', '/api/admin/no-such-thing')).status).toBe(401);
    const res = await t.request('GET', '/api/admin/no-such-thing', { token });
    expect(res.status).toBe(404);
    expect(res.json.code).toBe('NOT_FOUND');
  });
});
