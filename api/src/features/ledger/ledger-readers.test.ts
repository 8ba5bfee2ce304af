import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { calendarDateIn } from '@ledgerwell/shared/ledger';
import { REQUEST_MESSAGES } from '@ledgerwell/shared/portal-requests';
import { SAMPLE_DWAC_TRANSFER } from '@ledgerwell/shared/portal-requests.fixtures';
import { createAdminUser, createTestApp, loginToken, type TestApp } from '../../test/test-app';
import { registerDana } from '../../test/registry-fixtures';

const PASSWORD = 'Correct-Horse-7';

/**
 * Once a posting moves shares, every screen that shows a holding must show the ledger's figure: the portal's
 * account, the check on a transfer request, the registry's list and the request details. Before the ledger
 * they read `shareholder_accounts.shares_held`, which a posting never changes.
 */
describe('what the screens read of a holding', () => {
  let t: TestApp;
  let admin: string;
  let classId: string;
  let today: string;
  let danaAccount: string;
  let boAccount: string;

  const post = (path: string, body: unknown) => t.request('POST', `/api/admin${path}`, { token: admin, body });
  const get = (path: string) => t.request('GET', `/api/admin${path}`, { token: admin });

  async function portalToken() {
    const step1 = await t.request('POST', '/api/shareholder-portal/validate-code', { body: { code: 'WH4821' } });
    const step2 = await t.request('POST', '/api/shareholder-portal/validate-account', {
      token: step1.json.token,
      body: { accountNumber: '100200300' },
    });
    expect(step2.status, step2.text).toBe(200);
    return { token: step2.json.token as string, account: step2.json.account };
  }

  const fileTransfer = (token: string, formData: Record<string, unknown>) =>
    t.request('POST', '/api/shareholder-portal/submit-request', {
      token,
      body: { requestType: 'TRANSFER', formData: { ...SAMPLE_DWAC_TRANSFER, ...formData } },
    });

  beforeEach(async () => {
    t = await createTestApp();
    await createAdminUser(t.deps, { username: 'poster', password: PASSWORD, role: 'ADMIN' });
    admin = await loginToken(t, 'poster', PASSWORD);
    const issuer = await post('/issuers', { legalName: 'Acme Corp' });
    const created = await post(`/issuers/${issuer.json.data.id}/classes`, {
      name: 'Common',
      authorizedShares: '1000000',
    });
    classId = created.json.data.id;
    // The registry finds the class by its names, so Dana's 1,500 DRS shares are issued in it.
    const dana = await registerDana(t);
    danaAccount = dana.accounts[0]!.id;
    const bo = await post('/shareholders', {
      code: 'BO1234',
      name: 'Bo Lindqvist',
      email: 'bo@example.com',
      address: { line1: '2 Oak Ave', city: 'Fresno', state: 'CA', postalCode: '93721' },
      accounts: [
        {
          accountNumber: '300400500',
          registrationName: 'Bo Lindqvist',
          issuer: 'Acme Corp',
          shareClass: 'Common',
          sharesHeld: 0,
          holdingType: 'CERTIFICATED',
          certificateNumbers: [],
        },
      ],
    });
    expect(bo.status, bo.text).toBe(201);
    boAccount = bo.json.data.accounts[0].id;
    today = calendarDateIn('America/Los_Angeles', t.deps.clock.now());
    const moved = await post('/ledger/transfers', {
      classId,
      fromAccountId: danaAccount,
      toAccountId: boAccount,
      shares: '500',
      toForm: 'CERTIFICATE',
      effectiveDate: today,
    });
    expect(moved.status, moved.text).toBe(201);
  });
  afterEach(() => t.close());

  it('shows the holder, the registry and the request details the position after a transfer', async () => {
    const { token, account } = await portalToken();
    expect(account.sharesHeld).toBe('1000');

    const list = await get('/shareholders?search=BO1234');
    expect(list.json.shareholders[0].accounts[0]).toMatchObject({
      sharesHeld: '500',
      drsShares: '0',
      certificatedShares: '500',
      certificateNumbers: ['LW000001'],
    });
    const danaList = await get('/shareholders?search=WH4821');
    expect(danaList.json.shareholders[0].accounts[0]).toMatchObject({ sharesHeld: '1000', drsShares: '1000' });

    const tooMany = await fileTransfer(token, { transfer_shares_text: '1,200', transfer_shares_count: 1200 });
    expect(tooMany.status).toBe(400);
    expect(tooMany.json.errors).toEqual({ 'formData.transfer_shares_count': REQUEST_MESSAGES.sharesAboveHoldings });

    const filed = await fileTransfer(token, { transfer_shares_text: '1,000', transfer_shares_count: 1000 });
    expect(filed.status, filed.text).toBe(201);
    const detail = await get(`/requests/${filed.json.data.id}`);
    expect(detail.json.data.account).toMatchObject({ accountNumber: '100200300', sharesHeld: '1000' });
  });

  it('refuses "all shares" of a holding with a fraction, and files a whole count of it', async () => {
    const issued = await post('/ledger/issuances', {
      classId,
      accountId: danaAccount,
      shares: '0.5',
      form: 'DRS',
      effectiveDate: today,
    });
    expect(issued.status, issued.text).toBe(201);
    const { token, account } = await portalToken();
    expect(account.sharesHeld).toBe('1000.5');

    const all = await fileTransfer(token, {
      transfer_all_shares: true,
      transfer_shares_text: 'ALL',
      transfer_shares_count: null,
    });
    expect(all.status).toBe(400);
    expect(all.json.errors).toEqual({ 'formData.transfer_all_shares': REQUEST_MESSAGES.fractionalHoldingAll });
    const whole = await fileTransfer(token, { transfer_shares_text: '1,000', transfer_shares_count: 1000 });
    expect(whole.status, whole.text).toBe(201);
  });

  it('refuses "all shares" of a holding past 2^53, which a number would silently change', async () => {
    const raised = await post('/ledger/authorized-adjustments', {
      classId,
      authorizedShares: '100000000000000000',
      authorization: 'Charter amendment (test)',
      effectiveDate: today,
    });
    expect(raised.status, raised.text).toBe(201);
    // 1,000 held already: 9,007,199,254,740,993 in all, one past 2^53, which as a float reads ...992.
    const issued = await post('/ledger/issuances', {
      classId,
      accountId: danaAccount,
      shares: '9007199254739993',
      form: 'DRS',
      effectiveDate: today,
    });
    expect(issued.status, issued.text).toBe(201);
    const { token, account } = await portalToken();
    expect(account.sharesHeld).toBe('9007199254740993');
    const all = await fileTransfer(token, {
      transfer_all_shares: true,
      transfer_shares_text: 'ALL',
      transfer_shares_count: null,
    });
    expect([all.status, all.json.errors]).toEqual([
      400,
      { 'formData.transfer_all_shares': REQUEST_MESSAGES.holdingTooLargeForAll },
    ]);
  });

  it('files "all shares" of a whole holding as the count the ledger holds', async () => {
    const { token } = await portalToken();
    const all = await fileTransfer(token, {
      transfer_all_shares: true,
      transfer_shares_text: 'ALL',
      transfer_shares_count: null,
    });
    expect(all.status, all.text).toBe(201);
    expect((await get(`/requests/${all.json.data.id}`)).json.data.sharesCount).toBe(1000);
  });
});
