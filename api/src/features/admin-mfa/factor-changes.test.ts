import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { adminPasskeys } from '@ledgerwell/db/schema';
import { MFA_MESSAGES } from '@ledgerwell/shared/admin-mfa';
import type { AdminRole } from '@ledgerwell/shared/admin-auth';
import { createAdminUser, createTestApp, loginToken, type TestApp } from '../../test/test-app';
import { queuedEmails } from '../../test/outbox';
import { softAuthenticator, type SoftAuthenticator } from './webauthn.fixtures';

const PASSWORD = 'Correct-Horse-7';
const ORIGIN = 'https://admin.ledgerwell.test';
const WINDOW = 600_000;
const STEP = 30_000;

/**
 * Issue 27, item 1: a session whose step-up window has passed could add a passkey or an authenticator
 * app of its own, and the user heard nothing. Adding a factor now needs the proof removing one does,
 * and every change of factors is e-mailed to the user.
 */
describe('adding a second factor needs a fresh step-up, and every change of factors is e-mailed', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({
      env: { ADMIN_MFA_ROLES: 'ADMIN', TRUST_PROXY: '1', CHALLENGE_COST: '1', PUBLIC_URL: ORIGIN },
    });
  });
  afterEach(() => t.close());

  const post = (path: string, token: string, body: unknown = {}) =>
    t.request('POST', path, { token, body, headers: { 'X-Forwarded-For': '10.9.8.7' } });
  const codeAt = (secret: string) => generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) });
  const signIn = async (username: string, role: AdminRole) => {
    const user = await createAdminUser(t.deps, { username, password: PASSWORD, role });
    return { user, token: await loginToken(t, username, PASSWORD) };
  };
  const expectStepUpAsked = (res: { status: number; json: { code?: string } }, what: string) => {
    expect(res.status, what).toBe(403);
    expect(res.json.code, what).toBe('MFA_STEP_UP_REQUIRED');
  };

  async function addPasskey(token: string, authenticator: SoftAuthenticator, name: string) {
    const options = await post('/api/admin/mfa/webauthn/register/options', token);
    expect(options.status).toBe(200);
    return post('/api/admin/mfa/webauthn/register/verify', token, {
      response: authenticator.register(options.json.data),
      name,
    });
  }
  async function enableTotp(token: string) {
    const setup = await post('/api/admin/mfa/totp/setup', token);
    expect(setup.status).toBe(200);
    const secret = setup.json.data.secret as string;
    const enabled = await post('/api/admin/mfa/totp/enable', token, { code: await codeAt(secret) });
    expect(enabled.status).toBe(200);
    t.clock.advance(STEP);
    return secret;
  }

  it('a session past its window cannot add a passkey: options and verify ask for a step-up, and a code from the app lets it through', async () => {
    const { token } = await signIn('carol', 'REVIEWER');
    const secret = await enableTotp(token);
    const thief = softAuthenticator({ origin: ORIGIN, rpID: 'admin.ledgerwell.test' });

    // Options fetched inside the window, the ceremony finished after it: the verify is refused too.
    const options = await post('/api/admin/mfa/webauthn/register/options', token);
    expect(options.status).toBe(200);
    t.clock.advance(WINDOW);
    expectStepUpAsked(
      await post('/api/admin/mfa/webauthn/register/verify', token, {
        response: thief.register(options.json.data),
        name: 'Thief',
      }),
      'register/verify',
    );
    expectStepUpAsked(await post('/api/admin/mfa/webauthn/register/options', token), 'register/options');
    expect(await t.deps.db.select().from(adminPasskeys)).toHaveLength(0);

    // A password is not enough for a user who has a factor; the factor is.
    expect((await post('/api/admin/mfa/step-up', token, { password: PASSWORD })).status).toBe(400);
    expect((await post('/api/admin/mfa/step-up', token, { code: await codeAt(secret) })).status).toBe(200);
    const added = await addPasskey(token, thief, 'Office key');
    expect(added.status).toBe(200);
    expect(await t.deps.db.select().from(adminPasskeys)).toHaveLength(1);
  });

  it('a user with only a passkey cannot set up an authenticator app past the window, until a passkey proves it is them', async () => {
    const { token } = await signIn('dave', 'REVIEWER');
    const key = softAuthenticator({ origin: ORIGIN, rpID: 'admin.ledgerwell.test' });
    expect((await addPasskey(token, key, 'Laptop')).status).toBe(200);
    t.clock.advance(WINDOW);

    expectStepUpAsked(await post('/api/admin/mfa/totp/setup', token), 'totp/setup');
    expectStepUpAsked(await post('/api/admin/mfa/totp/enable', token, { code: '123456' }), 'totp/enable');

    const options = await post('/api/admin/mfa/webauthn/options', token);
    const proved = await post('/api/admin/mfa/step-up', token, { webauthn: key.assert(options.json.data) });
    expect(proved.status).toBe(200);
    await enableTotp(token);
    expect((await t.request('GET', '/api/admin/mfa', { token })).json.data.methods.sort()).toEqual([
      'totp',
      'webauthn',
    ]);
  });

  it('a user who must enrol and whose window passed proves the password again, then enrols', async () => {
    const { token } = await signIn('erin', 'ADMIN');
    t.clock.advance(WINDOW);
    expectStepUpAsked(await post('/api/admin/mfa/totp/setup', token), 'totp/setup before enrolment');
    // The step-up itself is open before enrolment; every other admin call still is not.
    expect((await t.request('GET', '/api/admin/requests', { token })).json.code).toBe('MFA_ENROLLMENT_REQUIRED');
    const wrong = await post('/api/admin/mfa/step-up', token, { password: 'not-the-password' });
    expect(wrong.json.errors).toEqual({ password: MFA_MESSAGES.stepUpPasswordWrong });
    expect((await post('/api/admin/mfa/step-up', token, { password: PASSWORD })).status).toBe(200);
    await enableTotp(token);
  });

  it('e-mails the user at the address on file for each factor added or removed, each renewal of recovery codes and a reset by an administrator', async () => {
    const { user, token } = await signIn('frank', 'REVIEWER');
    const key = softAuthenticator({ origin: ORIGIN, rpID: 'admin.ledgerwell.test' });
    expect((await addPasskey(token, key, 'Frank’s phone')).status).toBe(200);
    const secret = await enableTotp(token);
    const renewed = await post('/api/admin/mfa/recovery-codes', token, { code: await codeAt(secret) });
    expect(renewed.status).toBe(200);
    t.clock.advance(STEP);
    const [passkey] = await t.deps.db.select().from(adminPasskeys).where(eq(adminPasskeys.adminUserId, user.id));
    const removed = await post(`/api/admin/mfa/webauthn/${passkey!.id}/remove`, token, { code: await codeAt(secret) });
    expect(removed.status).toBe(200);
    t.clock.advance(STEP);
    expect((await post('/api/admin/mfa/totp/disable', token, { code: await codeAt(secret) })).status).toBe(200);

    const { token: rootToken } = await signIn('root', 'SUPER_ADMIN');
    expect((await post(`/api/admin/users/${user.id}/reset-mfa`, rootToken, { confirm: true })).status).toBe(200);

    const mails = await queuedEmails(t, 'SECURITY_NOTICE');
    expect(mails.map((mail) => mail.to)).toEqual(Array(6).fill('frank@example.com'));
    expect(mails.map((mail) => mail.subject).sort()).toEqual(
      [
        'A passkey was added to your Ledgerwell account',
        'An authenticator app was added to your Ledgerwell account',
        'New recovery codes for your Ledgerwell account',
        'A passkey was removed from your Ledgerwell account',
        'An authenticator app was removed from your Ledgerwell account',
        'Your Ledgerwell second factors were reset',
      ].sort(),
    );
    const added = mails.find((mail) => mail.subject.startsWith('A passkey was added'))!;
    expect(added.body).toContain('A passkey named "Frank’s phone" was added to your account on');
    expect(added.body).toContain('from the address 10.9.8.7');
    expect(added.body).toContain(`${ORIGIN}/admin/security`);
    expect(added.body).toContain('If it was not');
  });
});
