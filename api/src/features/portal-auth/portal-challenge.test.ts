import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { portalAuthEvents, rateLimitHits } from '@ledgerwell/db/schema';
import { PORTAL_AUTH_MESSAGES as M, PORTAL_THROTTLE } from '@ledgerwell/shared/portal-auth';
import { createTestApp, type TestApp } from '../../test/test-app';
import { solvedPayload } from '../../test/solve-challenge';
import { seedDemoRegistry } from '../registry/demo-registry';

describe('portal sign-in past a limit: a proof of work instead of a refusal', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '1', CHALLENGE_COST: '1' } });
    await seedDemoRegistry(t.deps);
  });
  afterEach(() => t.close());

  const post = (path: string, body: Record<string, unknown>, token?: string, ip = '203.0.113.10') =>
    t.request('POST', `/api/shareholder-portal/${path}`, {
      body,
      ...(token ? { token } : {}),
      headers: { 'X-Forwarded-For': ip },
    });

  /** Sends the call; when challenged, solves and sends it again, as the page does. */
  async function withProof(path: string, body: Record<string, unknown>, token?: string) {
    const first = await post(path, body, token);
    expect(first.status).toBe(429);
    expect(first.json.code).toBe('CHALLENGE_REQUIRED');
    return { first, second: await post(path, { ...body, altcha: await solvedPayload(first.json.challenge) }, token) };
  }

  it('while the overall brake holds, challenges everyone (both steps) instead of refusing everyone', async () => {
    const now = t.clock.now();
    await t.deps.db
      .insert(rateLimitHits)
      .values(
        Array.from({ length: PORTAL_THROTTLE.failuresOverall }, () => ({ key: 'portal:fail:all', createdAt: now })),
      );

    const code = await withProof('validate-code', { code: 'DEMO01' });
    expect(code.first.json.message).toBe(M.busy);
    expect(code.second.status).toBe(200);
    const account = await withProof('validate-account', { accountNumber: '100200300' }, code.second.json.token);
    expect(account.second.status).toBe(200);
    expect(account.second.json.shareholder.code).toBe('DEMO01');
    const throttled = await t.deps.db.select().from(portalAuthEvents).where(eq(portalAuthEvents.event, 'THROTTLED'));
    expect(throttled).toHaveLength(2);
  });

  it('challenges the 11th account number on one code; a solved wrong one still counts, a solved right one signs in', async () => {
    for (let i = 0; i < 10; i++) {
      const step1 = (await post('validate-code', { code: 'DEMO01' })).json.token;
      expect((await post('validate-account', { accountNumber: `55500${i}` }, step1, `198.51.100.${i}`)).status).toBe(
        401,
      );
    }
    const wrong = await withProof(
      'validate-account',
      { accountNumber: '555999' },
      (await post('validate-code', { code: 'DEMO01' })).json.token,
    );
    expect(wrong.first.json.message).toBe(M.tooManyAccountAttempts);
    expect(wrong.second.status).toBe(401);
    const right = await withProof(
      'validate-account',
      { accountNumber: '100200300' },
      (await post('validate-code', { code: 'DEMO01' })).json.token,
    );
    expect(right.second.status).toBe(200);
  });

  it('challenges codes from an address past 20 failures', async () => {
    for (let i = 0; i < 20; i++) expect((await post('validate-code', { code: `NOPE${i}` })).status).toBe(401);
    const res = await withProof('validate-code', { code: 'DEMO02' });
    expect(res.first.json.message).toBe(M.tooManyCodeAttempts);
    expect(res.second.status).toBe(200);
  });
});
