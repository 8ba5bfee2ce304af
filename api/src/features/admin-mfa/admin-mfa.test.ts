import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { adminActivity, adminMfaTokens, adminRecoveryCodes, adminSessions, adminTotp } from '@ledgerwell/db/schema';
import { MFA_MESSAGES } from '@ledgerwell/shared/admin-mfa';
import type { AdminRole } from '@ledgerwell/shared/admin-auth';
import { createAdminUser, createTestApp, loginToken, type TestApp } from '../../test/test-app';
import { solvedPayload } from '../../test/solve-challenge';
import { createApp } from '../../app';
import { startSessionCache } from '../admin-auth/session-cache';
import type { SessionCacheValue } from '../../identity/sessions';

const PASSWORD = 'Correct-Horse-7';
const STEP = 30_000;
// The harness turns the requirement off for everyone else's tests; these use the default.
const DEFAULT_ROLES = { ADMIN_MFA_ROLES: 'SUPER_ADMIN,ADMIN', TRUST_PROXY: '1', CHALLENGE_COST: '1' };

describe('admin second factor: authenticator app and recovery codes', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({ env: DEFAULT_ROLES });
  });
  afterEach(() => t.close());

  /** The code an authenticator app shows at the test clock's time, moved by `offsetMs`. */
  const codeAt = (secret: string, offsetMs = 0) =>
    generate({ secret, epoch: Math.floor((t.clock.now().getTime() + offsetMs) / 1000) });
  const activity = (action: string) =>
    t.deps.db.select().from(adminActivity).where(eq(adminActivity.actionType, action));

  async function user(username: string, role: AdminRole = 'REVIEWER', extra: { mustChangePassword?: boolean } = {}) {
    return createAdminUser(t.deps, { username, password: PASSWORD, role, ...extra });
  }

  /** Sets up and enables the app for a signed-in user; the clock then moves on a step (the enabling code's step is used). */
  async function enrol(token: string) {
    const setup = await t.request('POST', '/api/admin/mfa/totp/setup', { token });
    expect(setup.status).toBe(200);
    const secret = setup.json.data.secret as string;
    const enable = await t.request('POST', '/api/admin/mfa/totp/enable', {
      token,
      body: { code: await codeAt(secret) },
    });
    expect(enable.status).toBe(200);
    t.clock.advance(STEP);
    return { secret, recoveryCodes: enable.json.data.recoveryCodes as string[] };
  }

  const passwordStep = (username: string, ip = '203.0.113.5') =>
    t.request('POST', '/api/admin/login', {
      body: { username, password: PASSWORD },
      headers: { 'X-Forwarded-For': ip },
    });
  const codeStep = (mfaToken: string, code: string, ip = '203.0.113.5', altcha?: string) =>
    t.request('POST', '/api/admin/login/mfa', {
      body: { mfaToken, code, ...(altcha ? { altcha } : {}) },
      headers: { 'X-Forwarded-For': ip },
    });

  it('enrols: set-up gives a secret and an otpauth link, the first code enables it and yields 10 recovery codes; nothing is stored in plain text', async () => {
    const alice = await user('alice');
    const token = await loginToken(t, 'alice', PASSWORD);
    const before = await t.request('GET', '/api/admin/mfa', { token });
    expect(before.json).toEqual({
      success: true,
      data: { required: false, methods: [], totp: null, passkeys: [], recoveryCodesLeft: 0 },
    });

    const setup = await t.request('POST', '/api/admin/mfa/totp/setup', { token });
    const { secret, otpauthUrl } = setup.json.data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toBe(`otpauth://totp/Ledgerwell:alice?secret=${secret}&issuer=Ledgerwell`);
    const [stored] = await t.deps.db.select().from(adminTotp).where(eq(adminTotp.adminUserId, alice.id));
    expect(stored!.secretEncrypted).toMatch(/^v2:/);
    expect(stored!.secretEncrypted).not.toContain(secret);
    expect(stored!.enabledAt).toBeNull();

    // A second set-up replaces the pending secret: a code from the first no longer enables.
    const second = (await t.request('POST', '/api/admin/mfa/totp/setup', { token })).json.data.secret as string;
    expect(second).not.toBe(secret);
    const stale = await t.request('POST', '/api/admin/mfa/totp/enable', {
      token,
      body: { code: await codeAt(secret) },
    });
    expect(stale.status).toBe(400);
    expect(stale.json.errors).toEqual({ code: MFA_MESSAGES.codeInvalid });
    expect(await activity('MFA_CODE_FAILED')).toHaveLength(1);

    const enable = await t.request('POST', '/api/admin/mfa/totp/enable', {
      token,
      body: { code: await codeAt(second) },
    });
    expect(enable.status).toBe(200);
    const codes = enable.json.data.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    const hashes = await t.deps.db
      .select()
      .from(adminRecoveryCodes)
      .where(eq(adminRecoveryCodes.adminUserId, alice.id));
    expect(hashes).toHaveLength(10);
    for (const row of hashes) expect(codes).not.toContain(row.codeHash);

    const after = await t.request('GET', '/api/admin/mfa', { token });
    expect(after.json.data).toMatchObject({
      required: false,
      methods: ['totp'],
      totp: { enabledAt: expect.any(String) },
      recoveryCodesLeft: 10,
    });
    expect((await t.request('GET', '/api/admin/users/me', { token })).json.data).toMatchObject({
      mfaEnabled: true,
      mustEnrollMfa: false,
    });
    expect((await t.request('POST', '/api/admin/mfa/totp/setup', { token })).status).toBe(409);
    expect(await activity('MFA_TOTP_SETUP_STARTED')).toHaveLength(2);
    expect(await activity('MFA_TOTP_ENABLED')).toHaveLength(1);
    // The log never holds the secret or a code.
    expect(t.logLines.join('')).not.toContain(secret);
  });

  it('signs in with password then a TOTP code; the password alone opens no session; a used code (step) is refused', async () => {
    await user('alice');
    const { secret } = await enrol(await loginToken(t, 'alice', PASSWORD));
    const sessionsBefore = (await t.deps.db.select().from(adminSessions)).length;

    const first = await passwordStep('alice');
    expect(first.status).toBe(200);
    expect(first.json).toEqual({
      success: true,
      mfaRequired: true,
      mfaToken: expect.any(String),
      methods: ['totp', 'recovery'],
    });
    expect((await t.deps.db.select().from(adminSessions)).length).toBe(sessionsBefore);
    const [tokenRow] = await t.deps.db.select().from(adminMfaTokens);
    expect(tokenRow!.tokenHash).not.toBe(first.json.mfaToken);

    const code = await codeAt(secret);
    const done = await codeStep(first.json.mfaToken, code);
    expect(done.status).toBe(200);
    expect(done.json).toMatchObject({
      success: true,
      token: expect.any(String),
      expiresAt: expect.any(String),
      user: { username: 'alice', mfaEnabled: true, mustEnrollMfa: false },
    });
    expect((await t.request('GET', '/api/admin/auth/verify', { token: done.json.token })).status).toBe(200);
    const [login] = await t.deps.db
      .select()
      .from(adminActivity)
      .where(
        and(
          eq(adminActivity.actionType, 'LOGIN'),
          eq(adminActivity.resourceId, (await t.deps.db.select().from(adminSessions)).at(-1)!.id),
        ),
      );
    expect(login?.details).toEqual({ mfaMethod: 'totp' });
    // The session records that it proved a second factor (step-up will read it); the enrolling one did too.
    const sessions = await t.deps.db.select().from(adminSessions);
    expect(sessions.at(-1)!.mfaVerifiedAt).toEqual(t.clock.now());
    expect(sessions[0]!.mfaVerifiedAt).not.toBeNull();

    // The same code again, within its window: refused.
    const replay = await codeStep((await passwordStep('alice')).json.mfaToken, code);
    expect(replay.status).toBe(400);
    expect(replay.json).toMatchObject({ code: 'VALIDATION_ERROR', message: MFA_MESSAGES.codeInvalid });
  });

  it('accepts one step of drift either way, and only steps after the last one used', async () => {
    await user('alice');
    const { secret } = await enrol(await loginToken(t, 'alice', PASSWORD));
    t.clock.advance(2 * STEP);
    const behind = await codeStep((await passwordStep('alice')).json.mfaToken, await codeAt(secret, -STEP));
    expect(behind.status).toBe(200);
    const ahead = await codeStep((await passwordStep('alice')).json.mfaToken, await codeAt(secret, STEP));
    expect(ahead.status).toBe(200);
    // The current step is now before the last one used.
    expect((await codeStep((await passwordStep('alice')).json.mfaToken, await codeAt(secret))).status).toBe(400);
    // Two steps away: refused.
    t.clock.advance(10 * STEP);
    expect((await codeStep((await passwordStep('alice')).json.mfaToken, await codeAt(secret, 2 * STEP))).status).toBe(
      400,
    );
  });

  it('signs in with a recovery code once; the same code is then refused', async () => {
    await user('alice');
    const { recoveryCodes } = await enrol(await loginToken(t, 'alice', PASSWORD));
    const used = recoveryCodes[3]!;
    const ok = await codeStep((await passwordStep('alice')).json.mfaToken, ` ${used.toUpperCase()} `);
    expect(ok.status).toBe(200);
    expect(await activity('MFA_RECOVERY_CODE_USED')).toHaveLength(1);
    const again = await codeStep((await passwordStep('alice')).json.mfaToken, used);
    expect(again.status).toBe(400);
    expect(again.json.message).toBe(MFA_MESSAGES.recoveryCodeInvalid);
    expect((await t.request('GET', '/api/admin/mfa', { token: ok.json.token })).json.data.recoveryCodesLeft).toBe(9);
  });

  it('refuses an expired mfaToken and a used one; a wrong code leaves the token usable', async () => {
    await user('alice');
    const { secret } = await enrol(await loginToken(t, 'alice', PASSWORD));
    const expiring = (await passwordStep('alice')).json.mfaToken;
    t.clock.advance(5 * 60 * 1000 + 1);
    const expired = await codeStep(expiring, await codeAt(secret));
    expect(expired.status).toBe(401);
    expect(expired.json).toMatchObject({ code: 'MFA_TOKEN_INVALID', message: MFA_MESSAGES.mfaTokenExpired });

    const mfaToken = (await passwordStep('alice')).json.mfaToken;
    expect((await codeStep(mfaToken, '000000')).status).toBe(400);
    expect((await codeStep(mfaToken, await codeAt(secret))).status).toBe(200);
    t.clock.advance(STEP);
    const reused = await codeStep(mfaToken, await codeAt(secret));
    expect(reused.status).toBe(401);
    expect(reused.json.code).toBe('MFA_TOKEN_INVALID');
    expect((await codeStep('not-a-token', await codeAt(secret))).json.code).toBe('MFA_TOKEN_INVALID');
  });

  it('answers bad input with field messages, never a 500', async () => {
    const empty = await t.request('POST', '/api/admin/login/mfa', { body: {} });
    expect(empty.status).toBe(400);
    expect(empty.json.errors).toEqual({ mfaToken: MFA_MESSAGES.mfaTokenExpired, code: MFA_MESSAGES.codeRequired });
    expect((await t.request('POST', '/api/admin/login/mfa', { body: '{' })).status).toBe(400);
    expect(
      (await t.request('POST', '/api/admin/login/mfa', { body: { mfaToken: 'x', code: 'x'.repeat(10_000) } })).status,
    ).toBe(400);
  });

  it('past 10 wrong codes for the account asks for a proof of work, even with the right code; a solved one lets it through', async () => {
    await user('alice');
    const { secret } = await enrol(await loginToken(t, 'alice', PASSWORD));
    const mfaToken = (await passwordStep('alice')).json.mfaToken;
    for (let i = 1; i <= 10; i++)
      expect((await codeStep(mfaToken, String(100000 + i), `198.51.100.${i}`)).status).toBe(400);
    const refused = await codeStep(mfaToken, await codeAt(secret));
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject({ code: 'CHALLENGE_REQUIRED', message: MFA_MESSAGES.tooManyAttempts });
    expect(await activity('MFA_THROTTLED')).toHaveLength(1);
    expect(await activity('MFA_CODE_FAILED')).toHaveLength(10);
    // A right password does not wipe the count of wrong codes.
    const again = (await passwordStep('alice')).json.mfaToken;
    expect((await codeStep(again, await codeAt(secret))).status).toBe(429);
    const altcha = await solvedPayload(refused.json.challenge);
    expect((await codeStep(mfaToken, await codeAt(secret), '203.0.113.5', altcha)).status).toBe(200);
  });

  it('a required role without a factor can only enrol; once enrolled the same session goes on', async () => {
    await user('root', 'SUPER_ADMIN');
    const signIn = await passwordStep('root');
    expect(signIn.json.user).toMatchObject({ mfaEnabled: false, mustEnrollMfa: true });
    const token = signIn.json.token as string;

    const blocked = await t.request('GET', '/api/admin/users', { token });
    expect(blocked.status).toBe(403);
    expect(blocked.json).toMatchObject({ code: 'MFA_ENROLLMENT_REQUIRED', message: MFA_MESSAGES.enrollmentRequired });
    for (const [method, path] of [
      ['GET', '/api/admin/activity'],
      ['POST', '/api/admin/mfa/recovery-codes'],
      ['POST', '/api/admin/mfa/totp/disable'],
      ['GET', '/api/admin/requests'],
    ] as const) {
      expect(
        (await t.request(method, path, { token, body: method === 'POST' ? { code: '123456' } : undefined })).json.code,
        path,
      ).toBe('MFA_ENROLLMENT_REQUIRED');
    }
    expect((await t.request('GET', '/api/admin/auth/verify', { token })).status).toBe(200);
    expect((await t.request('GET', '/api/admin/users/me', { token })).json.data.mustEnrollMfa).toBe(true);
    expect((await t.request('GET', '/api/admin/mfa', { token })).json.data).toMatchObject({
      required: true,
      methods: [],
    });

    const { secret } = await enrol(token);
    expect((await t.request('GET', '/api/admin/users', { token })).status).toBe(200);
    expect((await t.request('GET', '/api/admin/auth/verify', { token })).json.admin).toMatchObject({
      mfaEnabled: true,
      mustEnrollMfa: false,
    });

    // The only factor of a required role cannot be removed.
    const remove = await t.request('POST', '/api/admin/mfa/totp/disable', {
      token,
      body: { code: await codeAt(secret) },
    });
    expect(remove.status).toBe(409);
    expect(remove.json.message).toBe(MFA_MESSAGES.lastMethod);
  });

  it('another process that cached the blocked session lets it through once the enrolment commits (decision 009)', async () => {
    await user('root', 'SUPER_ADMIN');
    const token = await loginToken(t, 'root', PASSWORD);
    const sessions = await startSessionCache<SessionCacheValue>(t.database, t.clock, t.deps.logger);
    try {
      const other = createApp({ ...t.deps, sessionCache: sessions.cache });
      const listUsers = async () =>
        (await other.request('/api/admin/users', { headers: { Authorization: `Bearer ${token}` } })).status;
      expect(await listUsers()).toBe(403);
      await enrol(token);
      await expect.poll(listUsers, { timeout: 5000, interval: 20 }).toBe(200);
    } finally {
      await sessions.stop();
    }
  });

  it('a password that must change comes before enrolment', async () => {
    await user('newbie', 'ADMIN', { mustChangePassword: true });
    const token = await loginToken(t, 'newbie', PASSWORD);
    expect((await t.request('GET', '/api/admin/mfa', { token })).json.code).toBe('PASSWORD_CHANGE_REQUIRED');
    expect((await t.request('GET', '/api/admin/users/me', { token })).json.data).toMatchObject({
      mustChangePassword: true,
      mustEnrollMfa: true,
    });
  });

  it('regenerates recovery codes and removes the app with a current code (roles without the requirement)', async () => {
    const alice = await user('alice');
    const token = await loginToken(t, 'alice', PASSWORD);
    const { secret, recoveryCodes } = await enrol(token);
    const fresh = await t.request('POST', '/api/admin/mfa/recovery-codes', { token, body: { code: recoveryCodes[0] } });
    expect(fresh.status).toBe(200);
    expect(fresh.json.data.recoveryCodes).toHaveLength(10);
    // The old codes are void.
    expect((await codeStep((await passwordStep('alice')).json.mfaToken, recoveryCodes[1]!)).status).toBe(400);
    expect(await activity('MFA_RECOVERY_CODES_REGENERATED')).toHaveLength(1);

    expect((await t.request('POST', '/api/admin/mfa/totp/disable', { token, body: { code: '000000' } })).status).toBe(
      400,
    );
    const removed = await t.request('POST', '/api/admin/mfa/totp/disable', {
      token,
      body: { code: await codeAt(secret) },
    });
    expect(removed.status).toBe(200);
    expect(await t.deps.db.select().from(adminTotp).where(eq(adminTotp.adminUserId, alice.id))).toHaveLength(0);
    expect(
      await t.deps.db.select().from(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminUserId, alice.id)),
    ).toHaveLength(0);
    expect(await activity('MFA_TOTP_DISABLED')).toHaveLength(1);
    expect((await passwordStep('alice')).json).toMatchObject({
      token: expect.any(String),
      user: { mfaEnabled: false },
    });
    expect((await t.request('POST', '/api/admin/mfa/recovery-codes', { token, body: { code: '123456' } })).status).toBe(
      409,
    );
  });
});

describe('ADMIN_MFA_ROLES empty', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({ env: { ADMIN_MFA_ROLES: '' } });
  });
  afterEach(() => t.close());

  it('lifts the requirement: a SUPER_ADMIN without a factor works as before', async () => {
    await createAdminUser(t.deps, { username: 'root', password: PASSWORD, role: 'SUPER_ADMIN' });
    const signIn = await t.request('POST', '/api/admin/login', { body: { username: 'root', password: PASSWORD } });
    expect(signIn.json.user).toMatchObject({ mfaEnabled: false, mustEnrollMfa: false });
    // Without a factor, the password is the strongest credential: the sign-in counts for step-up.
    expect((await t.deps.db.select().from(adminSessions))[0]!.mfaVerifiedAt).toEqual(t.clock.now());
    expect((await t.request('GET', '/api/admin/users', { token: signIn.json.token })).status).toBe(200);
    expect((await t.request('GET', '/api/admin/mfa', { token: signIn.json.token })).json.data.required).toBe(false);
  });
});
