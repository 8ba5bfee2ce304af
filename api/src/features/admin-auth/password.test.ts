import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { adminActivity } from '@ledgerwell/db/schema';
import { createAdminUser, createTestApp, loginToken, type TestApp } from '../../test/test-app';

const PASSWORD = 'Correct-Horse-7';
const NEW_PASSWORD = 'Brand-New-Pass-9';

describe('PUT /api/admin/users/me/password', () => {
  let t: TestApp;
  let token: string;
  beforeEach(async () => {
    t = await createTestApp();
    await createAdminUser(t.deps, { username: 'carol', password: PASSWORD });
    token = await loginToken(t, 'carol', PASSWORD);
  });
  afterEach(() => t.close());

  const change = (body: unknown, as = token) => t.request('PUT', '/api/admin/users/me/password', { token: as, body });

  it.each([
    [{}, { currentPassword: 'Current password is required', newPassword: 'Password is required' }],
    [{ currentPassword: PASSWORD, newPassword: 'short' }, { newPassword: 'Password is too weak' }],
    [{ currentPassword: PASSWORD, newPassword: 'alllowercaseletters' }, { newPassword: 'Password is too weak' }],
    [
      { currentPassword: PASSWORD, newPassword: PASSWORD },
      { newPassword: 'New password must be different from the current password' },
    ],
    [
      { currentPassword: PASSWORD, newPassword: `Aa1!${'x'.repeat(300)}` },
      { newPassword: 'Password must be at most 256 characters' },
    ],
  ])('refuses %j with field messages', async (body, errors) => {
    const res = await change(body);
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual(errors);
  });

  it('refuses a wrong current password with a field message and keeps the old password', async () => {
    const res = await change({ currentPassword: 'Not-The-One-1', newPassword: NEW_PASSWORD });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe('Current password is incorrect');
    expect(res.json.errors).toEqual({ currentPassword: 'Current password is incorrect' });
    expect(
      (await t.request('POST', '/api/admin/login', { body: { username: 'carol', password: PASSWORD } })).status,
    ).toBe(200);
  });

  it('changes the password, keeps this session and revokes the others', async () => {
    const otherSession = await loginToken(t, 'carol', PASSWORD);
    const res = await change({ currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true, message: 'Password changed successfully' });

    expect((await t.request('GET', '/api/admin/auth/verify', { token })).status).toBe(200);
    expect((await t.request('GET', '/api/admin/auth/verify', { token: otherSession })).status).toBe(401);
    expect(
      (await t.request('POST', '/api/admin/login', { body: { username: 'carol', password: PASSWORD } })).status,
    ).toBe(401);
    expect(
      (await t.request('POST', '/api/admin/login', { body: { username: 'carol', password: NEW_PASSWORD } })).status,
    ).toBe(200);
    const rows = await t.deps.db.select().from(adminActivity).where(eq(adminActivity.actionType, 'PASSWORD_CHANGED'));
    expect(rows).toHaveLength(1);
  });

  it('counts wrong current passwords against the sign-in limit', async () => {
    for (let i = 0; i < 10; i++)
      expect((await change({ currentPassword: `Wrong-${i}-Aa`, newPassword: NEW_PASSWORD })).status).toBe(400);
    expect((await change({ currentPassword: PASSWORD, newPassword: NEW_PASSWORD })).status).toBe(429);
  });

  it('a successful change ends the run of failures, as a sign-in does', async () => {
    for (let i = 0; i < 9; i++)
      expect((await change({ currentPassword: `Wrong-${i}-Aa`, newPassword: NEW_PASSWORD })).status).toBe(400);
    expect((await change({ currentPassword: PASSWORD, newPassword: NEW_PASSWORD })).status).toBe(200);
    // Ten more failures are needed before the account is challenged again.
    for (let i = 0; i < 10; i++)
      expect(
        (await t.request('POST', '/api/admin/login', { body: { username: 'carol', password: `Wrong-${i}-Aa` } }))
          .status,
      ).toBe(401);
    const eleventh = await t.request('POST', '/api/admin/login', {
      body: { username: 'carol', password: NEW_PASSWORD },
    });
    expect(eleventh.status).toBe(429);
    expect(eleventh.json.code).toBe('CHALLENGE_REQUIRED');
  });

  it('needs a session', async () => {
    const res = await t.request('PUT', '/api/admin/users/me/password', {
      body: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(res.status).toBe(401);
  });
});

describe('mustChangePassword', () => {
  let t: TestApp;
  afterEach(() => t.close());

  it('lets the admin do nothing but verify, read the profile, change the password and log out', async () => {
    t = await createTestApp();
    await createAdminUser(t.deps, { username: 'dave', password: PASSWORD, mustChangePassword: true });
    const login = await t.request('POST', '/api/admin/login', { body: { username: 'dave', password: PASSWORD } });
    expect(login.json.user.mustChangePassword).toBe(true);
    const token = login.json.token as string;

    expect((await t.request('GET', '/api/admin/auth/verify', { token })).status).toBe(200);
    expect((await t.request('GET', '/api/admin/users/me', { token })).status).toBe(200);
    const blocked = await t.request('GET', '/api/admin/no-such-screen', { token });
    expect(blocked.status).toBe(403);
    expect(blocked.json).toMatchObject({
      code: 'PASSWORD_CHANGE_REQUIRED',
      message: 'You must change your password before continuing.',
    });

    expect(
      (
        await t.request('PUT', '/api/admin/users/me/password', {
          token,
          body: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
        })
      ).status,
    ).toBe(200);
    const me = await t.request('GET', '/api/admin/users/me', { token });
    expect(me.json.data.mustChangePassword).toBe(false);
    // Past the gate now: an unknown admin path is a plain 404.
    expect((await t.request('GET', '/api/admin/no-such-screen', { token })).status).toBe(404);
  });

  it('can log out before changing the password', async () => {
    t = await createTestApp();
    await createAdminUser(t.deps, { username: 'erin', password: PASSWORD, mustChangePassword: true });
    const login = await t.request('POST', '/api/admin/login', { body: { username: 'erin', password: PASSWORD } });
    const token = login.json.token as string;
    expect((await t.request('POST', '/api/admin/logout', { token })).status).toBe(200);
    expect((await t.request('GET', '/api/admin/auth/verify', { token })).status).toBe(401);
  });
});
