import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Hono } from 'hono';
import type { AdminRole } from '@ledgerwell/shared/admin-auth';
import type { AppEnv } from '../../lib/context';
import { createAdminUser, createTestApp, loginToken, type TestApp } from '../../test/test-app';
import { requireAdmin, requirePasswordChanged, requireRole } from '../../identity/middleware';

const PASSWORD = 'Correct-Horse-7';

describe('requireRole', () => {
  let t: TestApp;
  let guarded: Hono<AppEnv>;
  beforeEach(async () => {
    t = await createTestApp();
    // The same middleware chain the admin routes use, in front of a route that needs ADMIN.
    guarded = t.bareApp();
    guarded.use('/api/admin/*', requireAdmin(t.deps), requirePasswordChanged);
    guarded.post('/api/admin/registry', requireRole('ADMIN'), (c) => c.json({ success: true }));
  });
  afterEach(() => t.close());

  it.each<[AdminRole, number]>([
    ['READ_ONLY', 403],
    ['REVIEWER', 403],
    ['ADMIN', 200],
    ['SUPER_ADMIN', 200],
  ])('%s gets %i on an ADMIN route', async (role, status) => {
    const username = `user_${role.toLowerCase()}`;
    await createAdminUser(t.deps, { username, password: PASSWORD, role });
    const token = await loginToken(t, username, PASSWORD);
    const res = await guarded.request('/api/admin/registry', {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(status);
    if (status === 403) expect(await res.json()).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('answers 401 before any role check without a session', async () => {
    const res = await guarded.request('/api/admin/registry', { method: 'POST' });
    expect(res.status).toBe(401);
  });
});
