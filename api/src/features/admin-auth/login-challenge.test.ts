import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { adminActivity, challengeRedemptions } from '@ledgerwell/db/schema';
import { createAdminUser, createTestApp, type TestApp } from '../../test/test-app';
import { solvedPayload } from '../../test/solve-challenge';
import { CHALLENGE_TTL_MS, MAX_FACTOR } from '../../lib/proof-of-work';

const PASSWORD = 'Correct-Horse-7';

describe('admin login past the limit: a proof of work instead of a lockout', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '1', CHALLENGE_COST: '1' } });
    await createAdminUser(t.deps, { username: 'Alice', password: PASSWORD });
  });
  afterEach(() => t.close());

  const login = (password: string, altcha?: string, ip = '203.0.113.5') =>
    t.request('POST', '/api/admin/login', {
      body: { username: 'Alice', password, ...(altcha ? { altcha } : {}) },
      headers: { 'X-Forwarded-For': ip },
    });
  const failures = async () =>
    (await t.deps.db.select().from(adminActivity).where(eq(adminActivity.actionType, 'LOGIN_FAILED'))).length;

  async function exhaust() {
    for (let i = 1; i <= 10; i++)
      expect((await login(`Wrong-Pass-${i}`, undefined, `198.51.100.${i}`)).status).toBe(401);
  }

  it('answers the 11th failed login with 429 CHALLENGE_REQUIRED and a signed challenge, even with the right password', async () => {
    await exhaust();
    const res = await login(PASSWORD);
    expect(res.status).toBe(429);
    expect(res.json).toMatchObject({
      success: false,
      code: 'CHALLENGE_REQUIRED',
      message: expect.stringMatching(/Too many failed sign-in attempts/),
    });
    expect(res.json.challenge.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', cost: 1 });
    expect(res.json.challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(await failures()).toBe(10);
  });

  it('signs in with a solved challenge and the right password', async () => {
    await exhaust();
    const altcha = await solvedPayload((await login(PASSWORD)).json.challenge);
    const res = await login(PASSWORD, altcha);
    expect(res.status).toBe(200);
    expect(res.json.token).toBeTruthy();
  });

  it('still evaluates and counts a solved challenge with a wrong password', async () => {
    await exhaust();
    const altcha = await solvedPayload((await login(PASSWORD)).json.challenge);
    const res = await login('Wrong-Pass-11', altcha);
    expect(res.status).toBe(401);
    expect(res.json.code).toBe('INVALID_CREDENTIALS');
    expect(await failures()).toBe(11);
    expect((await login(PASSWORD)).json.code).toBe('CHALLENGE_REQUIRED');
  });

  it('accepts a payload once only: a replay gets a fresh challenge', async () => {
    await exhaust();
    const first = await login(PASSWORD);
    const altcha = await solvedPayload(first.json.challenge);
    expect((await login('Wrong-Pass-11', altcha)).status).toBe(401);
    const replay = await login(PASSWORD, altcha);
    expect(replay.status).toBe(429);
    expect(replay.json.code).toBe('CHALLENGE_REQUIRED');
    expect(replay.json.challenge.signature).not.toBe(first.json.challenge.signature);
    expect(await t.deps.db.select().from(challengeRedemptions)).toHaveLength(1);
  });

  it('refuses a challenge solved after it expired', async () => {
    await exhaust();
    const altcha = await solvedPayload((await login(PASSWORD)).json.challenge);
    t.clock.advance(CHALLENGE_TTL_MS + 1000);
    const res = await login(PASSWORD, altcha);
    expect(res.status).toBe(429);
    expect(res.json.code).toBe('CHALLENGE_REQUIRED');
  });

  it('refuses forged and foreign payloads with the same 429 and a fresh challenge', async () => {
    await exhaust();
    const challenge = (await login(PASSWORD)).json.challenge;
    const decoded = JSON.parse(Buffer.from(await solvedPayload(challenge), 'base64').toString());
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
    const cheaper = {
      ...decoded,
      challenge: { ...decoded.challenge, parameters: { ...decoded.challenge.parameters, cost: 0 } },
    };
    const wrongAnswer = { ...decoded, solution: { ...decoded.solution, derivedKey: '00'.repeat(32) } };
    // Solved honestly, but for another address's call.
    const elsewhere = await solvedPayload((await login(PASSWORD, undefined, '192.0.2.1')).json.challenge);
    for (const altcha of [
      'not base64 at all',
      encode({ challenge: null, solution: null, test: true }),
      encode(cheaper),
      encode(wrongAnswer),
      elsewhere,
    ]) {
      const res = await login(PASSWORD, altcha);
      expect(res.status).toBe(429);
      expect(res.json.code).toBe('CHALLENGE_REQUIRED');
      expect(res.json.challenge).toBeTruthy();
    }
  });

  it('makes each challenge harder as failures pile up, up to a cap', async () => {
    await exhaust();
    const factors: number[] = [];
    for (let i = 0; i < 45; i++) {
      const challenge = (await login(PASSWORD)).json.challenge;
      factors.push(challenge.parameters.data.factor);
      expect((await login(`Wrong-${i}`, await solvedPayload(challenge))).status).toBe(401);
    }
    expect(factors[0]).toBe(1);
    expect(factors).toEqual([...factors].sort((a, b) => a - b));
    expect(factors.at(-1)).toBe(MAX_FACTOR);
  });
});
