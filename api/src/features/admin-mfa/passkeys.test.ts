import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { adminActivity, adminPasskeys, adminRecoveryCodes, adminSessions, adminUsers } from '@ledgerwell/db/schema';
import { MFA_MESSAGES, PASSKEY_MESSAGES, WEBAUTHN_CHALLENGE_TTL_MS } from '@ledgerwell/shared/admin-mfa';
import type { AdminRole } from '@ledgerwell/shared/admin-auth';
import { createAdminUser, createTestApp, loginToken, type TestApp } from '../../test/test-app';
import { softAuthenticator, type SoftAuthenticator } from './webauthn.fixtures';

const PASSWORD = 'Correct-Horse-7';
const ORIGIN = 'https://admin.ledgerwell.test';
const RP_ID = 'admin.ledgerwell.test';
const DEFAULT_ROLES = {
  ADMIN_MFA_ROLES: 'SUPER_ADMIN,ADMIN',
  TRUST_PROXY: '1',
  CHALLENGE_COST: '1',
  PUBLIC_URL: ORIGIN,
};

describe('admin second factor: passkeys (WebAuthn)', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({ env: DEFAULT_ROLES });
  });
  afterEach(() => t.close());

  const activity = (action: string) =>
    t.deps.db.select().from(adminActivity).where(eq(adminActivity.actionType, action));
  const user = (username: string, role: AdminRole = 'REVIEWER') =>
    createAdminUser(t.deps, { username, password: PASSWORD, role });
  const newAuthenticator = () => softAuthenticator({ origin: ORIGIN, rpID: RP_ID });
  const post = (path: string, body?: unknown, token?: string) =>
    t.request('POST', path, { body: body ?? {}, ...(token ? { token } : {}) });

  /** Registers a passkey for a signed-in user; returns the answer (recovery codes on the first factor). */
  async function addPasskey(token: string, authenticator: SoftAuthenticator, name?: string) {
    const options = await post('/api/admin/mfa/webauthn/register/options', {}, token);
    expect(options.status).toBe(200);
    return post(
      '/api/admin/mfa/webauthn/register/verify',
      { response: authenticator.register(options.json.data), ...(name !== undefined ? { name } : {}) },
      token,
    );
  }

  const passwordStep = async (username: string) => {
    const answer = await post('/api/admin/login', { username, password: PASSWORD });
    expect(answer.json.mfaRequired).toBe(true);
    return answer.json as { mfaToken: string; methods: string[] };
  };
  const loginOptions = (mfaToken: string) => post('/api/admin/login/webauthn/options', { mfaToken });
  const loginVerify = (mfaToken: string, response: unknown) =>
    post('/api/admin/login/webauthn/verify', { mfaToken, response });
  /** Password, options, assertion: the whole sign-in with a passkey. */
  async function signInWithPasskey(username: string, authenticator: SoftAuthenticator) {
    const { mfaToken } = await passwordStep(username);
    const options = await loginOptions(mfaToken);
    return loginVerify(mfaToken, authenticator.assert(options.json.data));
  }
  /** A signed-in proof `{ webauthn }` answering fresh assertion options. */
  async function passkeyProof(token: string, authenticator: SoftAuthenticator) {
    const options = await post('/api/admin/mfa/webauthn/options', {}, token);
    expect(options.status).toBe(200);
    return { webauthn: authenticator.assert(options.json.data) };
  }

  it('registers: options bound to PUBLIC_URL, the first passkey enables the factor with 10 recovery codes, later ones bring none', async () => {
    const alice = await user('alice');
    const token = await loginToken(t, 'alice', PASSWORD);
    const options = await post('/api/admin/mfa/webauthn/register/options', {}, token);
    expect(options.json.data).toMatchObject({
      rp: { id: RP_ID, name: 'Ledgerwell' },
      user: { name: 'alice' },
      attestation: 'none',
      excludeCredentials: [],
    });
    expect(options.json.data.authenticatorSelection).toMatchObject({ userVerification: 'preferred' });

    const first = newAuthenticator();
    const added = await post(
      '/api/admin/mfa/webauthn/register/verify',
      { response: first.register(options.json.data), name: '  Laptop  ' },
      token,
    );
    expect(added.status).toBe(200);
    expect(added.json.data.recoveryCodes).toHaveLength(10);
    const [row] = await t.deps.db.select().from(adminPasskeys).where(eq(adminPasskeys.adminUserId, alice.id));
    expect(row).toMatchObject({
      credentialId: first.id,
      name: 'Laptop',
      counter: 0,
      transports: ['internal'],
      lastUsedAt: null,
    });
    expect((await t.deps.db.select().from(adminUsers).where(eq(adminUsers.id, alice.id)))[0]!.mfaEnabledAt).toEqual(
      t.clock.now(),
    );
    expect(
      (await t.deps.db.select().from(adminSessions).where(eq(adminSessions.adminUserId, alice.id)))[0]!.mfaVerifiedAt,
    ).toEqual(t.clock.now());
    expect(await activity('MFA_PASSKEY_ADDED')).toHaveLength(1);

    // The same challenge again is refused; so is the same authenticator twice.
    const replay = await post(
      '/api/admin/mfa/webauthn/register/verify',
      { response: first.register(options.json.data) },
      token,
    );
    expect(replay.status).toBe(400);
    expect(replay.json.errors).toEqual({ response: PASSKEY_MESSAGES.registrationFailed });
    expect((await addPasskey(token, first)).status).toBe(409);

    const addedAt = t.clock.now().toISOString();
    t.clock.advance(1000);
    const second = await addPasskey(token, newAuthenticator(), '   ');
    expect(second.status).toBe(200);
    expect(second.json.data.recoveryCodes).toBeNull();
    const status = await t.request('GET', '/api/admin/mfa', { token });
    expect(status.json.data).toMatchObject({ methods: ['webauthn'], totp: null, recoveryCodesLeft: 10 });
    expect(status.json.data.passkeys.map((p: { name: string }) => p.name)).toEqual(['Laptop', 'Passkey']);
    expect(status.json.data.passkeys[0]).toEqual({ id: row!.id, name: 'Laptop', createdAt: addedAt, lastUsedAt: null });
    // The next options exclude both.
    expect(
      (await post('/api/admin/mfa/webauthn/register/options', {}, token)).json.data.excludeCredentials,
    ).toHaveLength(2);
  });

  it('refuses a registration from another origin, and a name over 60 characters', async () => {
    await user('alice');
    const token = await loginToken(t, 'alice', PASSWORD);
    const authenticator = newAuthenticator();
    const options = (await post('/api/admin/mfa/webauthn/register/options', {}, token)).json.data;
    const long = await post(
      '/api/admin/mfa/webauthn/register/verify',
      { response: authenticator.register(options), name: 'x'.repeat(61) },
      token,
    );
    expect(long.status).toBe(400);
    expect(long.json.errors).toEqual({ name: PASSKEY_MESSAGES.nameTooLong });
    const phished = await post(
      '/api/admin/mfa/webauthn/register/verify',
      { response: authenticator.register(options, { origin: 'https://evil.test' }) },
      token,
    );
    expect(phished.status).toBe(400);
    expect(await t.deps.db.select().from(adminPasskeys)).toHaveLength(0);
  });

  it('signs in with password then a passkey; counter and last use are stored; the mfaToken is consumed', async () => {
    const alice = await user('alice');
    const authenticator = newAuthenticator();
    await addPasskey(await loginToken(t, 'alice', PASSWORD), authenticator);
    t.clock.advance(60_000);

    const { mfaToken, methods } = await passwordStep('alice');
    expect(methods).toEqual(['webauthn', 'recovery']);
    const options = await loginOptions(mfaToken);
    expect(options.status).toBe(200);
    expect(options.json.data).toMatchObject({
      rpId: RP_ID,
      userVerification: 'preferred',
      allowCredentials: [{ id: authenticator.id, type: 'public-key' }],
    });
    const signedIn = await loginVerify(mfaToken, authenticator.assert(options.json.data));
    expect(signedIn.status).toBe(200);
    expect(signedIn.json).toMatchObject({
      success: true,
      token: expect.any(String),
      expiresAt: expect.any(String),
      user: { username: 'alice', mfaEnabled: true },
    });
    expect((await t.request('GET', '/api/admin/auth/verify', { token: signedIn.json.token })).status).toBe(200);
    const [row] = await t.deps.db.select().from(adminPasskeys).where(eq(adminPasskeys.adminUserId, alice.id));
    expect(row).toMatchObject({ counter: 1, lastUsedAt: t.clock.now() });
    expect((await activity('LOGIN')).map((row) => row.details)).toEqual([{}, { mfaMethod: 'webauthn' }]);

    // The token completed a sign-in: neither new options nor another assertion use it.
    expect((await loginOptions(mfaToken)).status).toBe(401);
    expect((await loginVerify(mfaToken, authenticator.assert(options.json.data))).status).toBe(401);
  });

  it('refuses a counter that does not grow, a replayed challenge, an expired mfaToken and a challenge of another sign-in', async () => {
    await user('alice');
    const authenticator = newAuthenticator();
    await addPasskey(await loginToken(t, 'alice', PASSWORD), authenticator);
    expect((await signInWithPasskey('alice', authenticator)).status).toBe(200);

    // A clone: a valid signature over a counter already seen.
    const cloned = await passwordStep('alice');
    const options = (await loginOptions(cloned.mfaToken)).json.data;
    const stale = await loginVerify(cloned.mfaToken, authenticator.assert(options, { counter: 1 }));
    expect(stale.status).toBe(400);
    expect(stale.json.errors).toEqual({ webauthn: PASSKEY_MESSAGES.counterError });
    expect(await activity('MFA_PASSKEY_COUNTER_ERROR')).toHaveLength(1);
    // That challenge is spent: the same options answered again are refused.
    const replay = await loginVerify(cloned.mfaToken, authenticator.assert(options));
    expect(replay.status).toBe(400);
    expect(replay.json.errors).toEqual({ webauthn: PASSKEY_MESSAGES.assertionFailed });
    expect((await activity('MFA_PASSKEY_FAILED'))[0]!.details).toEqual({ method: 'webauthn', reason: 'challenge' });

    // A challenge issued to one sign-in does not serve another.
    const first = await passwordStep('alice');
    const second = await passwordStep('alice');
    const firstOptions = (await loginOptions(first.mfaToken)).json.data;
    expect((await loginVerify(second.mfaToken, authenticator.assert(firstOptions))).status).toBe(400);
    expect((await loginVerify(first.mfaToken, authenticator.assert(firstOptions))).status).toBe(200);

    // Five minutes on, both the token and its challenge are gone.
    const late = await passwordStep('alice');
    const lateOptions = (await loginOptions(late.mfaToken)).json.data;
    t.clock.advance(WEBAUTHN_CHALLENGE_TTL_MS + 1000);
    const expired = await loginVerify(late.mfaToken, authenticator.assert(lateOptions));
    expect(expired.status).toBe(401);
    expect(expired.json.message).toBe(MFA_MESSAGES.mfaTokenExpired);
    expect((await loginOptions(late.mfaToken)).status).toBe(401);
  });

  it("refuses another user's passkey, and a signed-in proof whose challenge has expired", async () => {
    await user('alice');
    await user('bob');
    const alicesKey = newAuthenticator();
    const bobsKey = newAuthenticator();
    const aliceToken = await loginToken(t, 'alice', PASSWORD);
    await addPasskey(aliceToken, alicesKey);
    await addPasskey(await loginToken(t, 'bob', PASSWORD), bobsKey);

    const { mfaToken } = await passwordStep('alice');
    const options = (await loginOptions(mfaToken)).json.data;
    const wrong = await loginVerify(mfaToken, bobsKey.assert(options));
    expect(wrong.status).toBe(400);
    expect((await activity('MFA_PASSKEY_FAILED'))[0]!.details).toEqual({ method: 'webauthn', reason: 'credential' });

    const proof = await passkeyProof(aliceToken, alicesKey);
    t.clock.advance(WEBAUTHN_CHALLENGE_TTL_MS + 1000);
    expect((await post('/api/admin/mfa/recovery-codes', proof, aliceToken)).status).toBe(400);
    // A fresh one works, once.
    const fresh = await passkeyProof(aliceToken, alicesKey);
    const regenerated = await post('/api/admin/mfa/recovery-codes', fresh, aliceToken);
    expect(regenerated.status).toBe(200);
    expect(regenerated.json.data.recoveryCodes).toHaveLength(10);
    expect((await post('/api/admin/mfa/recovery-codes', fresh, aliceToken)).status).toBe(400);
  });

  it('failed assertions count in the same throttle as wrong codes', async () => {
    await user('alice');
    const authenticator = newAuthenticator();
    await addPasskey(await loginToken(t, 'alice', PASSWORD), authenticator);
    const { mfaToken } = await passwordStep('alice');
    for (let i = 1; i <= 5; i++)
      expect((await post('/api/admin/login/mfa', { mfaToken, code: String(100000 + i) })).status).toBe(400);
    for (let i = 1; i <= 5; i++)
      expect(
        (await loginVerify(mfaToken, newAuthenticator().assert((await loginOptions(mfaToken)).json.data))).status,
      ).toBe(400);
    const refused = await loginVerify(mfaToken, authenticator.assert((await loginOptions(mfaToken)).json.data));
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject({ code: 'CHALLENGE_REQUIRED' });
  });

  it('removal: a required role keeps its last factor; a passkey or a code proves it; the app goes while passkeys remain', async () => {
    const admin = await user('ada', 'ADMIN');
    const token = await loginToken(t, 'ada', PASSWORD);
    const first = newAuthenticator();
    expect((await addPasskey(token, first)).status).toBe(200);
    const [only] = await t.deps.db.select().from(adminPasskeys).where(eq(adminPasskeys.adminUserId, admin.id));
    const last = await post(`/api/admin/mfa/webauthn/${only!.id}/remove`, await passkeyProof(token, first), token);
    expect(last.status).toBe(409);
    expect(last.json.message).toBe(MFA_MESSAGES.lastMethod);

    // An authenticator app beside it: now either may go, but not both.
    const setup = await post('/api/admin/mfa/totp/setup', {}, token);
    const secret = setup.json.data.secret as string;
    const code = () => generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) });
    // Enabling the app renews the recovery codes (its set-up shows them).
    const enabled = await post('/api/admin/mfa/totp/enable', { code: await code() }, token);
    expect(enabled.status).toBe(200);
    const recoveryCodes = enabled.json.data.recoveryCodes as string[];
    t.clock.advance(30_000);
    expect((await t.request('GET', '/api/admin/mfa', { token })).json.data.methods).toEqual(['totp', 'webauthn']);
    expect((await passwordStep('ada')).methods).toEqual(['totp', 'webauthn', 'recovery']);

    const disabled = await post('/api/admin/mfa/totp/disable', await passkeyProof(token, first), token);
    expect(disabled.status).toBe(200);
    const [user2] = await t.deps.db.select().from(adminUsers).where(eq(adminUsers.id, admin.id));
    expect(user2!.mfaEnabledAt).not.toBeNull();
    expect((await t.request('GET', '/api/admin/mfa', { token })).json.data).toMatchObject({
      methods: ['webauthn'],
      totp: null,
    });

    // A second passkey; the first is removed with a recovery code.
    const second = newAuthenticator();
    await addPasskey(token, second);
    const notMine = await post(`/api/admin/mfa/webauthn/not-a-uuid/remove`, { code: recoveryCodes[0] }, token);
    expect(notMine.status).toBe(404);
    const wrongProof = await post(`/api/admin/mfa/webauthn/${only!.id}/remove`, { code: '000000' }, token);
    expect(wrongProof.status).toBe(400);
    const removed = await post(`/api/admin/mfa/webauthn/${only!.id}/remove`, { code: recoveryCodes[0] }, token);
    expect(removed.status).toBe(200);
    expect(await activity('MFA_PASSKEY_REMOVED')).toHaveLength(1);
    const left = await t.deps.db.select().from(adminPasskeys).where(eq(adminPasskeys.adminUserId, admin.id));
    expect(left.map((p) => p.credentialId)).toEqual([second.id]);
  });

  it('removing the last factor of a role without the requirement clears mfa_enabled_at and the recovery codes', async () => {
    const alice = await user('alice');
    const token = await loginToken(t, 'alice', PASSWORD);
    const authenticator = newAuthenticator();
    await addPasskey(token, authenticator);
    const [row] = await t.deps.db.select().from(adminPasskeys).where(eq(adminPasskeys.adminUserId, alice.id));
    expect(
      (await post(`/api/admin/mfa/webauthn/${row!.id}/remove`, await passkeyProof(token, authenticator), token)).status,
    ).toBe(200);
    expect((await t.deps.db.select().from(adminUsers).where(eq(adminUsers.id, alice.id)))[0]!.mfaEnabledAt).toBeNull();
    expect(
      await t.deps.db.select().from(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminUserId, alice.id)),
    ).toHaveLength(0);
    expect((await t.request('GET', '/api/admin/mfa', { token })).json.data).toMatchObject({
      methods: [],
      passkeys: [],
      recoveryCodesLeft: 0,
    });
    expect((await post('/api/admin/login', { username: 'alice', password: PASSWORD })).json).toMatchObject({
      token: expect.any(String),
    });
  });

  it('a required role without a factor may enrol a passkey, and the same session goes on', async () => {
    await user('root', 'SUPER_ADMIN');
    const token = await loginToken(t, 'root', PASSWORD);
    expect((await t.request('GET', '/api/admin/users', { token })).json.code).toBe('MFA_ENROLLMENT_REQUIRED');
    expect((await post('/api/admin/mfa/webauthn/options', {}, token)).status).toBe(403);
    expect((await addPasskey(token, newAuthenticator())).status).toBe(200);
    expect((await t.request('GET', '/api/admin/users', { token })).status).toBe(200);
  });

  it('a passkey confirms a step-up ({ webauthn }), once per challenge', async () => {
    await user('root', 'SUPER_ADMIN');
    const token = await loginToken(t, 'root', PASSWORD);
    const authenticator = newAuthenticator();
    expect((await addPasskey(token, authenticator)).status).toBe(200);
    t.clock.advance(t.deps.config.ADMIN_STEP_UP_WINDOW_MS + 1000);
    expect((await post('/api/admin/users', {}, token)).json.code).toBe('MFA_STEP_UP_REQUIRED');

    const proof = await passkeyProof(token, authenticator);
    const confirmed = await post('/api/admin/mfa/step-up', proof, token);
    expect(confirmed.status).toBe(200);
    expect((await activity('MFA_STEP_UP'))[0]!.details).toEqual({ method: 'webauthn' });
    expect((await post('/api/admin/users', {}, token)).json.code).toBe('VALIDATION_ERROR');
    const replay = await post('/api/admin/mfa/step-up', proof, token);
    expect(replay.status).toBe(400);
    expect(replay.json.errors).toEqual({ webauthn: PASSKEY_MESSAGES.assertionFailed });
    expect((await post('/api/admin/mfa/step-up', { webauthn: { id: 'x' } }, token)).status).toBe(400);
  });

  it('answers garbage with 400 and a message, never a 500', async () => {
    await user('alice');
    const token = await loginToken(t, 'alice', PASSWORD);
    const authenticator = newAuthenticator();
    const garbageRegistrations: unknown[] = [
      'x',
      null,
      {},
      {
        id: 'a'.repeat(5000),
        rawId: 'a',
        type: 'public-key',
        response: { clientDataJSON: 'a', attestationObject: 'a' },
      },
      {
        id: 'abc',
        rawId: 'abc',
        type: 'public-key',
        response: { clientDataJSON: 'not base64url!', attestationObject: 'AAAA' },
      },
      { id: 'abc', rawId: 'abc', type: 'public-key', response: { clientDataJSON: 'e30', attestationObject: 'AAAA' } },
      {
        ...authenticator.register({ challenge: 'bm90LWlzc3VlZA' }),
        response: { clientDataJSON: 'e30', attestationObject: 'oA' },
      },
    ];
    await post('/api/admin/mfa/webauthn/register/options', {}, token);
    for (const response of garbageRegistrations) {
      const answer = await post('/api/admin/mfa/webauthn/register/verify', { response }, token);
      expect(answer.status).toBe(400);
      expect(answer.json.message).toEqual(expect.any(String));
    }
    // A well-formed response to a challenge the server never issued.
    const unknown = await post(
      '/api/admin/mfa/webauthn/register/verify',
      { response: authenticator.register({ challenge: 'bm90LWlzc3VlZA' }) },
      token,
    );
    expect(unknown.status).toBe(400);

    await addPasskey(token, authenticator);
    const { mfaToken } = await passwordStep('alice');
    const options = (await loginOptions(mfaToken)).json.data;
    const good = authenticator.assert(options);
    const garbageAssertions: unknown[] = [
      undefined,
      { ...good, response: { ...good.response, signature: 'AAAA' } },
      { ...good, response: { ...good.response, authenticatorData: 'AA' } },
      { ...good, type: 'other' },
      { ...good, response: { ...good.response, clientDataJSON: 'x'.repeat(10_000) } },
    ];
    for (const response of garbageAssertions) {
      const answer = await loginVerify(mfaToken, response);
      expect(answer.status).toBe(400);
    }
    expect((await post('/api/admin/mfa/recovery-codes', { webauthn: {} }, token)).status).toBe(400);
    expect((await post('/api/admin/mfa/recovery-codes', {}, token)).json.errors).toEqual({
      code: MFA_MESSAGES.codeRequired,
    });
    expect((await t.request('POST', '/api/admin/login/webauthn/verify', { body: '{not json' })).status).toBe(400);
    expect((await loginOptions('')).status).toBe(400);
    // None of it signed anyone in: the one session is the test's own.
    expect(await t.deps.db.select().from(adminSessions)).toHaveLength(1);
  });
});
