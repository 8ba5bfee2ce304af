import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { shareholderAccounts, shareholders } from '@ledgerwell/db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { DEMO_SHAREHOLDERS, seedDemoRegistry } from './demo-registry';

describe('demo registry', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  it('loads once, and a demo holder can sign in to the portal', async () => {
    expect(await seedDemoRegistry(t.deps)).toBe(DEMO_SHAREHOLDERS.length);
    expect(await seedDemoRegistry(t.deps)).toBe(0);
    expect(await t.deps.db.select().from(shareholders)).toHaveLength(3);
    expect(await t.deps.db.select().from(shareholderAccounts)).toHaveLength(4);
    const code = await t.request('POST', '/api/shareholder-portal/validate-code', { body: { code: 'demo01' } });
    const account = await t.request('POST', '/api/shareholder-portal/validate-account', { token: code.json.token, body: { accountNumber: '100200300' } });
    expect(account.status).toBe(200);
  });
});
