import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { adminActivity, adminSessions, adminUsers } from '@ledgerwell/db/schema';
import type { AdminRole } from '@ledgerwell/shared/admin-auth';
import { ADMIN_USER_MESSAGES as M } from '@ledgerwell/shared/admin-users';
import { createAdminUser, createTestApp, loginToken, type TestApp } from '../../test/test-app';
import { deactivateAdminUser } from './deactivate';
import { toProfile } from '../../identity/profile';

const PASSWORD = 'Correct-Horse-7';
const NEW_PASSWORD = 'Fresh-Start-42';
const META = { requestId: 'test-request', ip: '127.0.0.1', userAgent: null };
const newUser = (over: Record<string, unknown> = {}) => ({
  username: 'newbie',
  email: 'newbie@example.com',
  firstName: 'New',
  lastName: 'Bie',
  phone: '+1 (555) 123-4567',
  role: 'REVIEWER',
  password: NEW_PASSWORD,
  ...over,
});

async function activity(t: TestApp, resourceId: string, action: string) {
  return t.deps.db
    .select()
    .from(adminActivity)
    .where(and(eq(adminActivity.resourceId, resourceId), eq(adminActivity.actionType, action)));
}

describe('/api/admin/users', () => {
  let t: TestApp;
  let root: Awaited<ReturnType<typeof createAdminUser>>;
  let rootToken: string;
  let victim: Awaited<ReturnType<typeof createAdminUser>>;
  beforeEach(async () => {
    t = await createTestApp();
    root = await createAdminUser(t.deps, { username: 'root', password: PASSWORD, role: 'SUPER_ADMIN' });
    victim = await createAdminUser(t.deps, { username: 'victim', password: PASSWORD, role: 'REVIEWER' });
    rootToken = await loginToken(t, 'root', PASSWORD);
  });
  afterEach(() => t.close());

  const routes = (id: string): [string, string, unknown?][] => [
    ['GET', '/api/admin/users'],
    ['GET', `/api/admin/users/${id}`],
    ['POST', '/api/admin/users', newUser()],
    [
      'PUT',
      `/api/admin/users/${id}`,
      { ...newUser(), username: 'victim', email: 'victim@example.com', password: undefined },
    ],
    ['DELETE', `/api/admin/users/${id}`],
    ['POST', `/api/admin/users/${id}/reset-password`],
  ];

  it('answers 401 without a session and 403 to every role but SUPER_ADMIN, on every route; /me stays open', async () => {
    for (const [method, path, body] of routes(victim.id)) {
      const anonymous = await t.request(method, path, { body });
      expect(anonymous.status, `${method} ${path}`).toBe(401);
    }
    for (const role of ['READ_ONLY', 'REVIEWER', 'ADMIN'] as AdminRole[]) {
      const username = `as_${role.toLowerCase()}`;
      await createAdminUser(t.deps, { username, password: PASSWORD, role });
      const token = await loginToken(t, username, PASSWORD);
      for (const [method, path, body] of routes(victim.id)) {
        const res = await t.request(method, path, { token, body });
        expect(res.status, `${role} ${method} ${path}`).toBe(403);
        expect(res.json.code).toBe('FORBIDDEN');
      }
      expect((await t.request('GET', '/api/admin/users/me', { token })).status).toBe(200);
    }
    // Nothing changed.
    const [still] = await t.deps.db.select().from(adminUsers).where(eq(adminUsers.id, victim.id));
    expect(still).toMatchObject({ isActive: true, mustChangePassword: false, role: 'REVIEWER' });
    expect(await t.deps.db.select().from(adminUsers).where(eq(adminUsers.username, 'newbie'))).toHaveLength(0);
  });

  it('lets a SUPER_ADMIN use every route', async () => {
    const expected = [200, 200, 201, 200, 200, 200];
    const results = [];
    for (const [method, path, body] of routes(victim.id))
      results.push((await t.request(method, path, { token: rootToken, body })).status);
    expect(results).toEqual(expected);
    expect((await t.request('GET', '/api/admin/users/me', { token: rootToken })).json.data.username).toBe('root');
  });

  it('lists every user under users, by username, without secrets', async () => {
    const res = await t.request('GET', '/api/admin/users', { token: rootToken });
    expect(res.status).toBe(200);
    expect(res.json.total).toBe(2);
    expect(res.json.users.map((u: { username: string }) => u.username)).toEqual(['root', 'victim']);
    expect(res.json.users[0]).toMatchObject({
      role: 'SUPER_ADMIN',
      isActive: true,
      mustChangePassword: false,
      lastLoginAt: expect.any(String),
    });
    expect(res.json.users[1].lastLoginAt).toBeNull();
    expect(res.text).not.toMatch(/passwordHash|argon2/);
    expect((await t.request('GET', `/api/admin/users/${victim.id}`, { token: rootToken })).json.data.username).toBe(
      'victim',
    );
    expect((await t.request('GET', '/api/admin/users/not-a-uuid', { token: rootToken })).status).toBe(404);
    expect(
      (await t.request('GET', '/api/admin/users/00000000-0000-4000-8000-000000000000', { token: rootToken })).status,
    ).toBe(404);
  });

  it('creates a user who must change the chosen password at first sign-in, READ_ONLY by default', async () => {
    const res = await t.request('POST', '/api/admin/users', {
      token: rootToken,
      body: newUser({ role: undefined, phone: '' }),
    });
    expect(res.status).toBe(201);
    expect(res.json.message).toBe(M.created);
    expect(res.json.data).toMatchObject({
      username: 'newbie',
      role: 'READ_ONLY',
      phone: null,
      isActive: true,
      mustChangePassword: true,
    });
    const token = await loginToken(t, 'newbie', NEW_PASSWORD);
    expect((await t.request('GET', '/api/admin/requests', { token })).json.code).toBe('PASSWORD_CHANGE_REQUIRED');
  });

  it('checks the password rules on the server', async () => {
    const cases: [unknown, string][] = [
      [undefined, M.passwordRequired],
      ['', M.passwordRequired],
      ['Ab1!xyz', M.passwordTooShort],
      ['abcdefghijkl', M.passwordTooWeak],
      ['ABCDEFGHIJ', M.passwordTooWeak],
      ['x'.repeat(300), M.passwordTooLong],
      // Meets the spec's rule, refused as a common password (issue 29, item 11).
      ['password1', 'Password is too easy to guess: This is a commonly used password.'],
    ];
    for (const [password, message] of cases) {
      const res = await t.request('POST', '/api/admin/users', { token: rootToken, body: newUser({ password }) });
      expect(res.status, String(password)).toBe(400);
      expect(res.json.errors.password).toBe(message);
    }
    expect(
      (await t.request('POST', '/api/admin/users', { token: rootToken, body: newUser({ password: 'xqzvbnm41t' }) }))
        .status,
    ).toBe(201);
  });

  it("validates every field with the spec's messages", async () => {
    const res = await t.request('POST', '/api/admin/users', {
      token: rootToken,
      body: {
        username: 'ab',
        email: 'not-an-email',
        firstName: ' ',
        lastName: '',
        phone: '555-12',
        role: 'KING',
        password: NEW_PASSWORD,
      },
    });
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual({
      username: M.usernameTooShort,
      email: M.emailInvalid,
      firstName: M.firstNameRequired,
      lastName: M.lastNameRequired,
      phone: M.phoneInvalid,
      role: M.roleRequired,
    });
    const bad = await t.request('PUT', `/api/admin/users/${victim.id}`, { token: rootToken, body: { email: 'x' } });
    expect(bad.status).toBe(400);
    expect(bad.json.errors).toMatchObject({
      email: M.emailInvalid,
      firstName: M.firstNameRequired,
      role: M.roleRequired,
    });
    expect((await t.request('POST', '/api/admin/users', { token: rootToken, body: '{nope' })).status).toBe(400);
  });

  it('answers a duplicate username (any case) or e-mail with 409 and field errors', async () => {
    const taken = await t.request('POST', '/api/admin/users', {
      token: rootToken,
      body: newUser({ username: 'VICTIM' }),
    });
    expect(taken.status).toBe(409);
    expect(taken.json.errors).toEqual({ username: M.usernameTaken });
    const email = await t.request('POST', '/api/admin/users', {
      token: rootToken,
      body: newUser({ email: 'Victim@Example.com' }),
    });
    expect(email.status).toBe(409);
    expect(email.json.errors).toEqual({ email: M.emailTaken });
    const both = await t.request('POST', '/api/admin/users', {
      token: rootToken,
      body: newUser({ username: 'Root', email: 'root@example.com' }),
    });
    expect(both.json.errors).toEqual({ username: M.usernameTaken, email: M.emailTaken });
    const edit = await t.request('PUT', `/api/admin/users/${victim.id}`, {
      token: rootToken,
      body: { email: 'ROOT@example.com', firstName: 'V', lastName: 'W', role: 'REVIEWER' },
    });
    expect(edit.status).toBe(409);
    expect(edit.json.errors).toEqual({ email: M.emailTaken });
    // Its own e-mail is no conflict.
    const own = await t.request('PUT', `/api/admin/users/${victim.id}`, {
      token: rootToken,
      body: { email: 'VICTIM@example.com', firstName: 'V', lastName: 'W', role: 'REVIEWER' },
    });
    expect(own.status).toBe(200);
  });

  it('edits a user; the username is locked (the same one may be sent back, another is refused)', async () => {
    const body = {
      username: 'victim',
      email: 'v@example.com',
      firstName: 'Vic',
      lastName: 'Tim',
      phone: '5551234567',
      role: 'ADMIN',
    };
    const res = await t.request('PUT', `/api/admin/users/${victim.id}`, { token: rootToken, body });
    expect(res.status).toBe(200);
    expect(res.json.message).toBe(M.updated);
    expect(res.json.data).toMatchObject({ ...body });
    const renamed = await t.request('PUT', `/api/admin/users/${victim.id}`, {
      token: rootToken,
      body: { ...body, username: 'someone' },
    });
    expect(renamed.status).toBe(400);
    expect(renamed.json.errors).toEqual({ username: M.usernameLocked });
    const [row] = await t.deps.db.select().from(adminUsers).where(eq(adminUsers.id, victim.id));
    expect(row!.username).toBe('victim');

    const [entry] = await activity(t, victim.id, 'ADMIN_USER_UPDATED');
    expect(entry!.details).toEqual({
      username: 'victim',
      changes: {
        email: { before: 'victim@example.com', after: 'v@example.com' },
        firstName: { before: 'Test', after: 'Vic' },
        lastName: { before: 'victim', after: 'Tim' },
        phone: { before: null, after: '5551234567' },
        role: { before: 'REVIEWER', after: 'ADMIN' },
      },
    });
    // An edit that changes nothing writes nothing.
    await t.request('PUT', `/api/admin/users/${victim.id}`, { token: rootToken, body });
    expect(await activity(t, victim.id, 'ADMIN_USER_UPDATED')).toHaveLength(1);
  });

  it('a role change reaches the user at their next call', async () => {
    const token = await loginToken(t, 'victim', PASSWORD);
    expect((await t.request('GET', '/api/admin/users/me', { token })).json.data.role).toBe('REVIEWER');
    await t.request('PUT', `/api/admin/users/${victim.id}`, {
      token: rootToken,
      body: { email: victim.email, firstName: 'Test', lastName: 'victim', role: 'SUPER_ADMIN' },
    });
    expect((await t.request('GET', '/api/admin/users', { token })).status).toBe(200);
  });

  it("deactivating ends the user's sessions at once; the old token answers 401", async () => {
    const token = await loginToken(t, 'victim', PASSWORD);
    expect((await t.request('GET', '/api/admin/users/me', { token })).status).toBe(200);
    const res = await t.request('DELETE', `/api/admin/users/${victim.id}`, { token: rootToken });
    expect(res.status).toBe(200);
    expect(res.json.message).toBe(M.deactivated);
    expect((await t.request('GET', '/api/admin/users/me', { token })).status).toBe(401);
    expect(
      (await t.request('POST', '/api/admin/login', { body: { username: 'victim', password: PASSWORD } })).status,
    ).toBe(401);
    const sessions = await t.deps.db.select().from(adminSessions).where(eq(adminSessions.adminUserId, victim.id));
    expect(sessions.every((s) => s.revokedReason === 'deactivated')).toBe(true);
    const [entry] = await activity(t, victim.id, 'ADMIN_DEACTIVATED');
    expect(entry!.details).toEqual({ username: 'victim', changes: { isActive: { before: true, after: false } } });
    // Again: nothing to do, nothing recorded.
    expect((await t.request('DELETE', `/api/admin/users/${victim.id}`, { token: rootToken })).status).toBe(200);
    expect(await activity(t, victim.id, 'ADMIN_DEACTIVATED')).toHaveLength(1);
    // And back: reactivation through an edit.
    const back = await t.request('PUT', `/api/admin/users/${victim.id}`, {
      token: rootToken,
      body: { email: victim.email, firstName: 'Test', lastName: 'victim', role: 'REVIEWER', isActive: true },
    });
    expect(back.json.data.isActive).toBe(true);
    expect(
      (await t.request('POST', '/api/admin/login', { body: { username: 'victim', password: PASSWORD } })).status,
    ).toBe(200);
  });

  it('deactivating through an edit ends the sessions too', async () => {
    const token = await loginToken(t, 'victim', PASSWORD);
    const res = await t.request('PUT', `/api/admin/users/${victim.id}`, {
      token: rootToken,
      body: { email: victim.email, firstName: 'Test', lastName: 'victim', role: 'REVIEWER', isActive: false },
    });
    expect(res.status).toBe(200);
    expect((await t.request('GET', '/api/admin/users/me', { token })).status).toBe(401);
  });

  it('resets a password: a random 16+ character one returned once, must change, sessions ended', async () => {
    const token = await loginToken(t, 'victim', PASSWORD);
    const res = await t.request('POST', `/api/admin/users/${victim.id}/reset-password`, { token: rootToken });
    expect(res.status).toBe(200);
    const { newPassword } = res.json;
    expect(newPassword.length).toBeGreaterThanOrEqual(16);
    expect(res.text.split(newPassword)).toHaveLength(2);
    expect((await t.request('GET', '/api/admin/users/me', { token })).status).toBe(401);
    expect(
      (await t.request('POST', '/api/admin/login', { body: { username: 'victim', password: PASSWORD } })).status,
    ).toBe(401);
    const fresh = await t.request('POST', '/api/admin/login', { body: { username: 'victim', password: newPassword } });
    expect(fresh.status).toBe(200);
    expect(fresh.json.user.mustChangePassword).toBe(true);

    const second = await t.request('POST', `/api/admin/users/${victim.id}/reset-password`, { token: rootToken });
    expect(second.json.newPassword).not.toBe(newPassword);

    const rows = await activity(t, victim.id, 'ADMIN_PASSWORD_RESET');
    expect(rows[0]!.details).toEqual({
      username: 'victim',
      changes: { mustChangePassword: { before: false, after: true }, password: { changed: true } },
    });
    const everything = JSON.stringify(await t.deps.db.select().from(adminActivity));
    expect(everything).not.toContain(newPassword);
    expect(everything).not.toContain(second.json.newPassword);
    expect(everything).not.toContain('argon2');
    expect(t.logLines.join('')).not.toContain(newPassword);
  });

  it('records a creation with its values and never the password', async () => {
    const res = await t.request('POST', '/api/admin/users', { token: rootToken, body: newUser() });
    const [entry] = await activity(t, res.json.data.id, 'ADMIN_USER_CREATED');
    expect(entry).toMatchObject({ adminUserId: root.id, adminUsername: 'root', requestId: expect.any(String) });
    expect(entry!.details).toEqual({
      username: 'newbie',
      changes: {
        username: { before: null, after: 'newbie' },
        email: { before: null, after: 'newbie@example.com' },
        firstName: { before: null, after: 'New' },
        lastName: { before: null, after: 'Bie' },
        phone: { before: null, after: '+1 (555) 123-4567' },
        role: { before: null, after: 'REVIEWER' },
        isActive: { before: null, after: true },
        mustChangePassword: { before: null, after: true },
      },
    });
    expect(JSON.stringify(entry)).not.toContain(NEW_PASSWORD);
  });

  describe('the last active SUPER_ADMIN', () => {
    const asRoot = (isActive: boolean, role: string) => ({
      email: 'root@example.com',
      firstName: 'Test',
      lastName: 'root',
      role,
      isActive,
    });

    it('can be neither deactivated nor demoted', async () => {
      const del = await t.request('DELETE', `/api/admin/users/${root.id}`, { token: rootToken });
      expect(del.status).toBe(409);
      expect(del.json.message).toBe(M.lastSuperAdminDeactivate);
      const demote = await t.request('PUT', `/api/admin/users/${root.id}`, {
        token: rootToken,
        body: asRoot(true, 'ADMIN'),
      });
      expect(demote.status).toBe(409);
      expect(demote.json.message).toBe(M.lastSuperAdminDemote);
      const off = await t.request('PUT', `/api/admin/users/${root.id}`, {
        token: rootToken,
        body: asRoot(false, 'SUPER_ADMIN'),
      });
      expect(off.status).toBe(409);
      expect(off.json.message).toBe(M.lastSuperAdminDeactivate);
      const [row] = await t.deps.db.select().from(adminUsers).where(eq(adminUsers.id, root.id));
      expect(row).toMatchObject({ isActive: true, role: 'SUPER_ADMIN' });
      // An inactive SUPER_ADMIN does not count.
      await createAdminUser(t.deps, { username: 'sleeper', password: PASSWORD, role: 'SUPER_ADMIN', isActive: false });
      expect(
        (await t.request('PUT', `/api/admin/users/${root.id}`, { token: rootToken, body: asRoot(true, 'ADMIN') }))
          .status,
      ).toBe(409);
    });

    it('can be demoted once another is active; nobody deactivates their own account', async () => {
      const other = await createAdminUser(t.deps, { username: 'root2', password: PASSWORD, role: 'SUPER_ADMIN' });
      const self = await t.request('DELETE', `/api/admin/users/${root.id}`, { token: rootToken });
      expect(self.status).toBe(409);
      expect(self.json.message).toBe(M.cannotDeactivateSelf);
      const demote = await t.request('PUT', `/api/admin/users/${other.id}`, {
        token: rootToken,
        body: { email: other.email, firstName: 'Test', lastName: 'root2', role: 'ADMIN' },
      });
      expect(demote.status).toBe(200);
      expect(
        (await t.request('PUT', `/api/admin/users/${root.id}`, { token: rootToken, body: asRoot(true, 'ADMIN') }))
          .status,
      ).toBe(409);
    });

    it('two SUPER_ADMINs deactivating each other at once: exactly one succeeds', async () => {
      const other = await createAdminUser(t.deps, { username: 'root2', password: PASSWORD, role: 'SUPER_ADMIN' });
      const results = await Promise.allSettled([
        deactivateAdminUser(t.deps, { profile: toProfile(root), sessionId: 'n/a' }, other.id, META),
        deactivateAdminUser(t.deps, { profile: toProfile(other), sessionId: 'n/a' }, root.id, META),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      expect(rejected.reason.message).toBe(M.lastSuperAdminDeactivate);
      const active = await t.deps.db
        .select()
        .from(adminUsers)
        .where(and(eq(adminUsers.role, 'SUPER_ADMIN'), eq(adminUsers.isActive, true)));
      expect(active).toHaveLength(1);
    });
  });
});
