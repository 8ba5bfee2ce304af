import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { portalAuthEvents } from '@ledgerwell/db/schema';
import { PORTAL_AUTH_MESSAGES as M, PORTAL_THROTTLE } from '@ledgerwell/shared/portal-auth';
import { createTestApp, type TestApp } from '../../test/test-app';
import { queuedEmails } from '../../test/outbox';
import { registerDana } from '../../test/registry-fixtures';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const CAP = PORTAL_THROTTLE.accountGuessesPerCodePerDay;

/**
 * Decision 018 (issue 27, item 3): one shareholder code accepts at most 50 evaluated wrong account
 * numbers in 24 hours from all addresses together; past them the holder signs in with a one-time link
 * e-mailed to the address on file, and is told once that the cap tripped.
 */
describe('the daily cap on account-number guesses, and the sign-in link', () => {
  let t: TestApp;
  let ipCounter = 0;
  beforeEach(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '1', PUBLIC_URL: 'https://portal.example.com' } });
    await registerDana(t);
  });
  afterEach(() => t.close());

  // Every guess from an address of its own: the cap counts the code, whatever the source.
  const freshIp = () => `198.51.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;
  const post = (path: string, body: unknown, token?: string) =>
    t.request('POST', `/api/shareholder-portal/${path}`, {
      body,
      ...(token ? { token } : {}),
      headers: { 'X-Forwarded-For': freshIp() },
    });
  const codeToken = async () => (await post('validate-code', { code: 'WH4821' })).json.token as string;
  const guess = async (accountNumber: string) => post('validate-account', { accountNumber }, await codeToken());

  /** `count` wrong guesses, each evaluated: the clock moves past the hourly per-code limit (10) between tens. */
  async function wrongGuesses(count: number) {
    for (let i = 0; i < count; i++) {
      if (i > 0 && i % PORTAL_THROTTLE.failedAccountsPerCode === 0) t.clock.advance(HOUR + 1000);
      const res = await guess(`999${String(i).padStart(6, '0')}`);
      expect(res.status, `guess ${i + 1}`).toBe(401);
    }
    t.clock.advance(HOUR + 1000);
  }

  it(`evaluates ${CAP} wrong account numbers a day for a code, then none, the right one included; unsolved challenges do not count`, async () => {
    for (let i = 0; i < PORTAL_THROTTLE.failedAccountsPerCode; i++) expect((await guess('888000888')).status).toBe(401);
    // Past the hourly limit a challenge is asked; refused unsolved, these are not evaluated and not counted.
    for (let i = 0; i < 5; i++) expect((await guess('999999999')).json.code).toBe('CHALLENGE_REQUIRED');
    t.clock.advance(HOUR + 1000);
    await wrongGuesses(CAP - PORTAL_THROTTLE.failedAccountsPerCode);

    const refused = await guess('100200300');
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject({ code: 'ACCOUNT_GUESSES_EXHAUSTED', message: M.guessesExhausted });
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect((await guess('100-200-300')).json.code).toBe('ACCOUNT_GUESSES_EXHAUSTED');

    // The holder is told once, however often it trips.
    const notices = await queuedEmails(t, 'PORTAL_GUESSES_EXHAUSTED');
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ to: 'dana@example.com' });
    expect(notices[0]!.body).toContain('ending 821');
    expect(notices[0]!.body).not.toContain('WH4821');
    const events = await t.deps.db
      .select()
      .from(portalAuthEvents)
      .where(eq(portalAuthEvents.event, 'GUESSES_EXHAUSTED'));
    expect(events).toHaveLength(2);

    // A day after the first guesses, account numbers count again.
    t.clock.advance(24 * HOUR);
    expect((await guess('100200300')).status).toBe(200);
  });

  it('a right account number is not a guess: it does not use up the cap', async () => {
    await wrongGuesses(CAP - 1);
    expect((await guess('100200300')).status).toBe(200);
    expect((await guess('999000999')).status).toBe(401);
    expect((await guess('100200300')).json.code).toBe('ACCOUNT_GUESSES_EXHAUSTED');
  });

  it('offers the link only once the cap is spent; the link signs in once, within 15 minutes', async () => {
    const early = await post('sign-in-link', {}, await codeToken());
    expect(early.status).toBe(409);
    expect(early.json.message).toBe(M.linkNotOffered);
    expect(await queuedEmails(t, 'PORTAL_SIGN_IN_LINK')).toHaveLength(0);

    await wrongGuesses(CAP);
    const asked = await post('sign-in-link', {}, await codeToken());
    expect(asked.status).toBe(200);
    expect(asked.json.message).toBe(M.linkSent);
    const [mail] = await queuedEmails(t, 'PORTAL_SIGN_IN_LINK');
    expect(mail).toMatchObject({ to: 'dana@example.com', subject: 'Your Ledgerwell sign-in link' });
    const token = /https:\/\/portal\.example\.com\/shareholder-requests#sign-in-link=([A-Za-z0-9_-]+)/.exec(
      mail!.body,
    )?.[1];
    expect(token).toBeDefined();

    const signedIn = await post('sign-in-link/redeem', { token });
    expect(signedIn.status).toBe(200);
    expect(signedIn.json).toMatchObject({
      success: true,
      shareholder: { code: 'WH4821', name: 'Dana Whitfield' },
      account: { accountNumber: '100200300' },
    });
    const session = await t.request('GET', '/api/shareholder-portal/session', { token: signedIn.json.token });
    expect(session.status).toBe(200);

    // One use.
    const again = await post('sign-in-link/redeem', { token });
    expect(again.status).toBe(401);
    expect(again.json.message).toBe(M.linkInvalid);
    // A link is not a step-one or signed-in token either.
    expect((await t.request('GET', '/api/shareholder-portal/session', { token })).status).toBe(401);

    // Fifteen minutes.
    expect((await post('sign-in-link', {}, await codeToken())).status).toBe(200);
    const second = (await queuedEmails(t, 'PORTAL_SIGN_IN_LINK'))[1]!;
    const late = /sign-in-link=([A-Za-z0-9_-]+)/.exec(second.body)![1];
    t.clock.advance(15 * MINUTE);
    expect((await post('sign-in-link/redeem', { token: late })).status).toBe(401);
  });

  it('sends at most 3 links a day to the address, and refuses a malformed token with a field message', async () => {
    await wrongGuesses(CAP);
    for (let i = 0; i < 3; i++) expect((await post('sign-in-link', {}, await codeToken())).status).toBe(200);
    const fourth = await post('sign-in-link', {}, await codeToken());
    expect(fourth.status).toBe(429);
    expect(fourth.json.message).toBe(M.linkLimit);
    expect(await queuedEmails(t, 'PORTAL_SIGN_IN_LINK')).toHaveLength(3);

    const bad = await post('sign-in-link/redeem', { token: 'not a token!' });
    expect(bad.status).toBe(400);
    expect(bad.json.errors).toEqual({ token: M.linkInvalid });
  });
});
