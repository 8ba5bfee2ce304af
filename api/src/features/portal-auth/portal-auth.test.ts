import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { portalAuthEvents, portalSessions } from '@ledgerwell/db/schema';
import { PORTAL_AUTH_MESSAGES as M } from '@ledgerwell/shared/portal-auth';
import { createTestApp, type TestApp } from '../../test/test-app';
import { DANA_DRS_ACCOUNT, registerDana } from '../../test/registry-fixtures';

const MINUTE = 60 * 1000;

describe('shareholder portal sign-in', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '1' } });
    await registerDana(t, [
      DANA_DRS_ACCOUNT,
      {
        accountNumber: '100200301',
        registrationName: 'Dana Whitfield IRA',
        issuer: 'Acme Corp',
        shareClass: 'Preferred',
        sharesHeld: 40,
        holdingType: 'CERTIFICATED',
        certificateNumbers: ['P-9'],
      },
    ]);
  });
  afterEach(() => t.close());

  const post = (path: string, body: unknown, token?: string, ip = '203.0.113.10') =>
    t.request('POST', `/api/shareholder-portal/${path}`, {
      body,
      ...(token ? { token } : {}),
      headers: { 'X-Forwarded-For': ip },
    });
  const codeToken = async (code = 'wh4821') => (await post('validate-code', { code })).json.token as string;
  const signIn = async () =>
    (await post('validate-account', { accountNumber: '100200300' }, await codeToken())).json.token as string;

  it('accepts a code in any case and returns a step-one token', async () => {
    const res = await post('validate-code', { code: ' wh4821 ' });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ success: true });
    expect(res.json.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('refuses an unknown code with the spec message, and a malformed one with the format message', async () => {
    const unknown = await post('validate-code', { code: 'ZZ9999' });
    expect(unknown.status).toBe(401);
    expect(unknown.json.message).toBe(M.invalidCode);
    for (const code of ['ab', 'TOOLONGCODE1', 'WH-48', '']) {
      const res = await post('validate-code', { code });
      expect(res.status).toBe(400);
      expect(res.json.errors).toEqual({ code: M.codeFormat });
    }
  });

  it('after 20 failed codes from one address answers every code alike with 429, known ones included', async () => {
    for (let i = 0; i < 20; i++)
      expect((await post('validate-code', { code: `NOPE${i}` }, undefined, '192.0.2.9')).status).toBe(401);
    const known = await post('validate-code', { code: 'WH4821' }, undefined, '192.0.2.9');
    const unknown = await post('validate-code', { code: 'NOPE99' }, undefined, '192.0.2.9');
    expect([known.status, unknown.status]).toEqual([429, 429]);
    expect(known.json.message).toBe(unknown.json.message);
    expect((await post('validate-code', { code: 'WH4821' }, undefined, '192.0.2.10')).status).toBe(200);
  });

  it('signs in with an account of that holder, spaces and dashes aside, and revokes the step-one token', async () => {
    const step1 = await codeToken();
    const res = await post('validate-account', { accountNumber: '100-200 300' }, step1);
    expect(res.status).toBe(200);
    expect(res.json.shareholder).toEqual({ name: 'Dana Whitfield', code: 'WH4821' });
    expect(res.json.account).toMatchObject({ accountNumber: '100200300', sharesHeld: '1500' });
    expect(res.json.token).not.toBe(step1);
    expect((await post('validate-account', { accountNumber: '100200300' }, step1)).status).toBe(401);
    const sessions = await t.deps.db.select().from(portalSessions);
    expect(sessions.map((s) => s.stage).sort()).toEqual(['ACCOUNT', 'CODE']);
  });

  it('refuses a wrong account number, a missing one, and calls without a step-one token', async () => {
    const step1 = await codeToken();
    const wrong = await post('validate-account', { accountNumber: '999999999' }, step1);
    expect(wrong.status).toBe(401);
    expect(wrong.json.message).toBe(M.invalidAccount);
    expect((await post('validate-account', { accountNumber: '   ' }, step1)).json.errors).toEqual({
      accountNumber: M.accountRequired,
    });
    expect((await post('validate-account', { accountNumber: '100200300' })).status).toBe(401);
    const signedIn = await signIn();
    // A signed-in token is not a step-one token.
    expect((await post('validate-account', { accountNumber: '100200300' }, signedIn)).status).toBe(401);
  });

  it('answers the 11th failed account attempt on one code with 429 until the hour passes, across addresses', async () => {
    for (let i = 0; i < 10; i++) {
      const res = await post('validate-account', { accountNumber: `55500${i}` }, await codeToken(), `198.51.100.${i}`);
      expect(res.status).toBe(401);
    }
    const blocked = await post('validate-account', { accountNumber: '100200300' }, await codeToken(), '198.51.100.50');
    expect(blocked.status).toBe(429);
    expect(blocked.json.message).toBe(M.tooManyAccountAttempts);
    t.clock.advance(60 * MINUTE + 1000);
    expect(
      (await post('validate-account', { accountNumber: '100200300' }, await codeToken(), '198.51.100.50')).status,
    ).toBe(200);
  });

  it('expires a step-one token after 10 minutes and a session after 15 idle minutes or 2 hours', async () => {
    const step1 = await codeToken();
    t.clock.advance(11 * MINUTE);
    expect((await post('validate-account', { accountNumber: '100200300' }, step1)).status).toBe(401);

    const idle = await signIn();
    t.clock.advance(16 * MINUTE);
    expect((await post('logout', {}, idle)).status).toBe(401);

    const busy = await signIn();
    const session = () => t.request('GET', '/api/shareholder-portal/session', { token: busy });
    for (let minutes = 14; minutes < 120; minutes += 14) {
      t.clock.advance(14 * MINUTE);
      expect((await session()).status, `after ${minutes} minutes`).toBe(200);
    }
    t.clock.advance(14 * MINUTE);
    expect((await session()).status).toBe(401);
  });

  it('reports the signed-in holder and account, and logout revokes the session', async () => {
    const token = await signIn();
    const me = await t.request('GET', '/api/shareholder-portal/session', { token });
    expect(me.json).toMatchObject({
      success: true,
      shareholder: { name: 'Dana Whitfield', code: 'WH4821' },
      account: { accountNumber: '100200300' },
    });
    expect((await post('logout', {}, token)).status).toBe(200);
    expect((await post('logout', {}, token)).status).toBe(401);
  });

  it('records refusals and acceptances for the activity view, without the account number', async () => {
    await post('validate-code', { code: 'NOPE1' });
    const step1 = await codeToken();
    await post('validate-account', { accountNumber: '123123123' }, step1);
    await post('validate-account', { accountNumber: '100200300' }, step1);
    const events = (await t.deps.db.select().from(portalAuthEvents).orderBy(portalAuthEvents.id)).map((e) => e.event);
    expect(events).toEqual(['CODE_REFUSED', 'CODE_ACCEPTED', 'ACCOUNT_REFUSED', 'ACCOUNT_ACCEPTED']);
    const refused = await t.deps.db
      .select()
      .from(portalAuthEvents)
      .where(eq(portalAuthEvents.event, 'ACCOUNT_REFUSED'));
    expect(JSON.stringify(refused)).not.toContain('123123123');
  });
});
