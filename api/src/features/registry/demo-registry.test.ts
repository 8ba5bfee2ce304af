import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { shareholderAccounts, shareholderRequests, shareholders } from '@ledgerwell/db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { seedDemoData } from '../../demo-data';
import { DEMO_REQUESTS } from '../portal-requests/demo-requests';
import { DEMO_SHAREHOLDERS } from './demo-registry';

describe('demo data', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  it('loads once, and a demo holder can sign in to the portal', async () => {
    expect(await seedDemoData(t.deps)).toEqual({
      shareholders: DEMO_SHAREHOLDERS.length,
      requests: DEMO_REQUESTS.length,
    });
    expect(await seedDemoData(t.deps)).toEqual({ shareholders: 0, requests: 0 });
    expect(await t.deps.db.select().from(shareholders)).toHaveLength(3);
    expect(await t.deps.db.select().from(shareholderAccounts)).toHaveLength(4);
    const code = await t.request('POST', '/api/shareholder-portal/validate-code', { body: { code: 'demo01' } });
    const account = await t.request('POST', '/api/shareholder-portal/validate-account', {
      token: code.json.token,
      body: { accountNumber: '100200300' },
    });
    expect(account.status).toBe(200);
  });

  it('files sample requests of every type, a private sale with its computed total among them', async () => {
    await seedDemoData(t.deps);
    const requests = await t.deps.db.select().from(shareholderRequests);
    expect(new Set(requests.map((r) => r.requestType))).toEqual(
      new Set(['TRANSFER', 'ADDRESS_CHANGE', 'CERTIFICATE', 'INQUIRY']),
    );
    const sale = requests.find((r) => r.transferType === 'sale');
    expect(sale).toMatchObject({ status: 'AWAITING_VERIFICATION', sharesCount: 2500, totalAmount: '35625.00' });
    expect(requests.filter((r) => r.status === 'PENDING')).toHaveLength(3);
  });
});
