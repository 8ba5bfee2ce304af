import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { adminActivity, adminSessions } from '@ledgerwell/db/schema';
import { ADMIN_LOGIN_WINDOW_MS } from '@ledgerwell/shared/admin-auth';
import { createAdminUser, createTestApp, type TestApp } from '../../test/test-app';
import { hashToken } from '../../lib/tokens';
import { passwordHashOptions } from '../../identity/passwords';

const PASSWORD = 'Correct-Horse-7';

describe('POST /api/admin/login', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '1' } });
    await createAdminUser(t.deps, { username: 'Alice', password: PASSWORD, role: 'REVIEWER' });
  });
  afterEach(() => t.close());

  const login = (username: unknown, password: unknown, ip = '203.0.113.5') =>
    t.request('POST', '/api/admin/login', { body: { username, password }, headers: { 'X-Forwarded-For': ip } });

  it('signs in with the right password, case-insensitively on the username, and returns the profile without secrets', async () => {
    const res = await login('alice', PASSWORD);
    expect(res.status).toBe(200);
    expect(res.json.success).toBe(true);
    expect(res.json.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.json.user).toMatchObject({ username: 'Alice', role: 'REVIEWER', mustChangePassword: false });
    expect(res.json.user.lastLoginAt).not.toBeNull();
    expect(JSON.stringify(res.json)).not.toContain('argon2');
    expect(new Date(res.json.expiresAt).getTime() - t.clock.now().getTime()).toBe(12 * 60 * 60 * 1000);
  });

  it('stores only the hash of the session token, and an argon2id hash of the password', async () => {
    const res = await login('Alice', PASSWORD);
    const sessions = await t.deps.db.select().from(adminSessions);
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.tokenHash).toBe(hashToken(res.json.token));
    expect(sessions[0]!.tokenHash).not.toContain(res.json.token);
    const [row] = await t.deps.db
      .execute<{ password_hash: string }>(sql`select password_hash from admin_users`)
      .then((r: any) => r.rows);
    const [, algorithm, , params] = (row.password_hash as string).split('$');
    expect(algorithm).toBe('argon2id');
    // At this process's parameters (the harness's cheap ones); production-parameters.test.ts checks a real server's.
    const { memoryCost, timeCost, parallelism } = passwordHashOptions();
    expect(params!.split(',').sort()).toEqual([`m=${memoryCost}`, `p=${parallelism}`, `t=${timeCost}`]);
  });

  it('answers 400 with the spec message for each missing field', async () => {
    const res = await t.request('POST', '/api/admin/login', { body: {} });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({
      success: false,
      code: 'VALIDATION_ERROR',
      errors: { username: 'Username is required', password: 'Password is required' },
    });
    const blank = await login('   ', PASSWORD);
    expect(blank.json.errors).toEqual({ username: 'Username is required' });
  });

  it('answers 400, not 500, for a body that is not JSON', async () => {
    const res = await t.request('POST', '/api/admin/login', { body: '{not json' });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('VALIDATION_ERROR');
  });

  it('gives the same answer for an unknown user, a wrong password and a deactivated account', async () => {
    await createAdminUser(t.deps, { username: 'gone', password: PASSWORD, isActive: false });
    const answers = await Promise.all([
      login('nobody', PASSWORD),
      login('Alice', 'Wrong-Pass-1'),
      login('gone', PASSWORD),
    ]);
    for (const res of answers) {
      expect(res.status).toBe(401);
      expect({ code: res.json.code, message: res.json.message }).toEqual({
        code: 'INVALID_CREDENTIALS',
        message: 'Invalid credentials',
      });
    }
    const failed = await t.deps.db.select().from(adminActivity).where(eq(adminActivity.actionType, 'LOGIN_FAILED'));
    expect(failed).toHaveLength(3);
    expect(JSON.stringify(failed)).not.toContain(PASSWORD);
  });

  it('answers the 11th failed attempt on one account with 429 and a challenge, even with the right password, until the window passes', async () => {
    for (let i = 1; i <= 10; i++) {
      const res = await login('Alice', `Wrong-Pass-${i}`, `198.51.100.${i}`);
      expect(res.status, `attempt ${i}`).toBe(401);
    }
    const blocked = await login('alice', PASSWORD, '198.51.100.99');
    expect(blocked.status).toBe(429);
    expect(blocked.json.code).toBe('CHALLENGE_REQUIRED');
    expect(blocked.json.message).toMatch(/Too many failed sign-in attempts/);
    expect(Number(blocked.headers.get('Retry-After'))).toBeGreaterThan(0);

    t.clock.advance(ADMIN_LOGIN_WINDOW_MS + 1000);
    const later = await login('Alice', PASSWORD);
    expect(later.status).toBe(200);
  });

  it('throttles one address that guesses across many accounts', async () => {
    for (let i = 0; i < 50; i++) {
      const res = await login(`user${i}`, 'Wrong-Pass-1', '192.0.2.7');
      expect(res.status).toBe(401);
    }
    expect((await login('Alice', PASSWORD, '192.0.2.7')).status).toBe(429);
    expect((await login('Alice', PASSWORD, '192.0.2.8')).status).toBe(200);
  });

  it('keeps the failure count in the database, so another app process sees it', async () => {
    for (let i = 0; i < 10; i++) await login('Alice', 'Wrong-Pass-1');
    const { createApp } = await import('../../app');
    const secondProcess = createApp(t.deps);
    const res = await secondProcess.request('/api/admin/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'Alice', password: PASSWORD }),
    });
    expect(res.status).toBe(429);
  });

  it('records the login in the activity log', async () => {
    await login('Alice', PASSWORD);
    const rows = await t.deps.db.select().from(adminActivity).where(eq(adminActivity.actionType, 'LOGIN'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ adminUsername: 'Alice', resourceType: 'admin_session', ipAddress: '203.0.113.5' });
  });
});
