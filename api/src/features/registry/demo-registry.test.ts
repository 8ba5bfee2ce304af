import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { shareholderAccounts, shareholderRequests, shareholders } from '@ledgerwell/db/schema';
import { createAdminUser, createTestApp, loginToken, type TestApp } from '../../test/test-app';
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
      postings: 5,
      requests: DEMO_REQUESTS.length,
    });
    expect(await seedDemoData(t.deps)).toEqual({ shareholders: 0, postings: 0, requests: 0 });
    // The three demo holders and the ledger's investor.
    expect(await t.deps.db.select().from(shareholders)).toHaveLength(4);
    expect(await t.deps.db.select().from(shareholderAccounts)).toHaveLength(5);
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

  it('has a real ledger: an issuer with two classes, DRS and certificated holders, postings, books in balance', async () => {
    await seedDemoData(t.deps);
    await createAdminUser(t.deps, { username: 'auditor', password: 'Correct-Horse-7', role: 'READ_ONLY' });
    const token = await loginToken(t, 'auditor', 'Correct-Horse-7');
    const get = (path: string) => t.request('GET', `/api/admin${path}`, { token });
    const acme = (await get('/issuers')).json.data.find(
      (i: { legalName: string }) => i.legalName === 'Acme Robotics Inc.',
    );
    expect(acme.classes.map((c: { name: string }) => c.name).sort()).toEqual(['Common', 'Series A Preferred']);
    const common = acme.classes.find((c: { name: string }) => c.name === 'Common');
    // Dana 1,500 DRS + the trust's 48,000 certificated + 7,500 newly issued: 57,000 outstanding of 10,000,000.
    expect((await get(`/ledger/classes/${common.id}/control-book`)).json.data).toMatchObject({
      authorizedShares: '10000000',
      outstandingShares: '57000',
      masterFileTotal: '57000',
      difference: '0',
    });
    const holders = (await get(`/ledger/classes/${common.id}/holders`)).json.data;
    expect(holders.map((h: { accountNumber: string; shares: string }) => [h.accountNumber, h.shares]).sort()).toEqual([
      ['100200300', '1500'],
      ['300400500', '44000'],
      ['400500600', '11500'],
    ]);
    const trust = (await get('/shareholders?search=DEMO03')).json.shareholders[0].accounts[0];
    // C-1001 (16,000) was surrendered: 4,000 moved, the 12,000 balance came back on a new certificate.
    expect(trust).toMatchObject({ certificatedShares: '44000', certificateNumbers: ['C-1002', 'C-1003', 'LW000001'] });
    const history = (await get(`/ledger/accounts/${trust.id}/transactions`)).json.data;
    expect(history.map((tx: { type: string }) => tx.type)).toEqual(['TRANSFER', 'ISSUANCE']);
  });
});
