import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { shareholderAccounts } from '@ledgerwell/db/schema';
import { calendarDateIn } from '@ledgerwell/shared/ledger';
import { PORTAL_HOLDINGS_MESSAGES as M } from '@ledgerwell/shared/portal-holdings';
import { portalFixtures } from '../../test/portal-fixtures';
import { createAdminUser, createTestApp, loginToken, type TestApp } from '../../test/test-app';

const PASSWORD = 'Correct-Horse-7';

/**
 * The holder's window on the ledger (issue 30): holdings and history read from the ledger, the same
 * figures staff see, and nothing of any other holder.
 */
describe('the portal holdings and history', () => {
  let t: TestApp;
  let admin: string;
  let portal: ReturnType<typeof portalFixtures>;
  const ids: Record<string, string> = {};

  const staffGet = (path: string) => t.request('GET', `/api/admin${path}`, { token: admin });
  const staffPost = (path: string, body: unknown = {}) =>
    t.request('POST', `/api/admin${path}`, { token: admin, body });
  const portalGet = (path: string, token?: string) =>
    t.request('GET', `/api/shareholder-portal${path}`, token ? { token } : {});
  const today = () => calendarDateIn('America/Los_Angeles', t.deps.clock.now());

  async function accountId(accountNumber: string) {
    const [row] = await t.deps.db
      .select({ id: shareholderAccounts.id, classId: shareholderAccounts.classId })
      .from(shareholderAccounts)
      .where(eq(shareholderAccounts.accountNumber, accountNumber));
    return row!;
  }

  beforeEach(async () => {
    t = await createTestApp();
    portal = portalFixtures(t);
    await portal.seed();
    await createAdminUser(t.deps, { username: 'poster', password: PASSWORD, role: 'ADMIN' });
    admin = await loginToken(t, 'poster', PASSWORD);
    for (const number of ['100200300', '100200301', '200300400', '300400500'])
      ids[number] = (await accountId(number)).id;
  });
  afterEach(() => t.close());

  it("lists every account of the holder with the ledger's figures and certificates, and only the number's ending", async () => {
    const token = await portal.signIn('DEMO01', '100200300');
    const res = await portalGet('/holdings', token);
    expect(res.status, res.text).toBe(200);
    const accounts = res.json.data.accounts as Record<string, unknown>[];
    expect(accounts.map((a) => a.accountId).sort()).toEqual([ids['100200300'], ids['100200301']].sort());
    for (const account of accounts) {
      const id = account.accountId as string;
      const position = (await staffGet(`/ledger/accounts/${id}/position`)).json.data;
      expect(account).toMatchObject({
        drsShares: position.drsShares,
        certificatedShares: position.certificatedShares,
        totalShares: position.totalShares,
        issuerName: position.issuerName,
        className: position.className,
        registrationName: position.registrationName,
        signedInAccount: id === ids['100200300'],
      });
      const staffCertificates = (await staffGet(`/ledger/accounts/${id}/certificates`)).json.data as {
        number: string;
        shares: string;
        status: string;
      }[];
      expect(account.certificates).toEqual(
        staffCertificates
          .map((c) => expect.objectContaining({ number: c.number, shares: c.shares, status: c.status }))
          .sort(),
      );
    }
    const preferred = accounts.find((a) => a.accountId === ids['100200301'])!;
    expect(preferred).toMatchObject({ accountNumberEnding: '0301', totalShares: '250', drsShares: '0' });
    expect((preferred.certificates as { number: string }[]).map((c) => c.number)).toEqual(['PA-0012', 'PA-0013']);
    // The full numbers are the holder's sign-in secret: the answer carries their endings only.
    expect(res.text).not.toContain('100200301');
    expect(res.text).not.toContain('100200300');
  });

  it('shows a stopped certificate as stopped, with the reason', async () => {
    const [certificate] = (await staffGet(`/ledger/accounts/${ids['100200301']}/certificates`)).json.data;
    const stopped = await staffPost(`/certificates/${certificate.id}/stop`, { reason: 'LOST', note: 'Call' });
    expect(stopped.status, stopped.text).toBe(200);
    const token = await portal.signIn('DEMO01', '100200300');
    const accounts = (await portalGet('/holdings', token)).json.data.accounts as { certificates: unknown[] }[];
    const all = accounts.flatMap((a) => a.certificates);
    expect(all).toContainEqual(
      expect.objectContaining({ number: certificate.number, status: 'STOPPED', stopReason: 'LOST' }),
    );
    expect(all.filter((c) => (c as { status: string }).status === 'STOPPED')).toHaveLength(1);
  });

  it("pages an account's postings newest first with the balance after each, and the holder's own request", async () => {
    const dana = await portal.signIn('DEMO01', '100200300');
    // A transfer of 100 filed by the holder, approved and posted by staff.
    const { referenceNumber } = await portal.postedTransfer(dana, admin, 100);
    // Then staff move 400 more to the trust's account as certificate, with no request of the holder's.
    const { classId } = await accountId('100200300');
    const moved = await staffPost('/ledger/transfers', {
      classId,
      fromAccountId: ids['100200300'],
      toAccountId: ids['300400500'],
      shares: '400',
      toForm: 'CERTIFICATE',
      effectiveDate: today(),
    });
    expect(moved.status, moved.text).toBe(201);

    const history = await portalGet(`/accounts/${ids['100200300']}/transactions`, dana);
    expect(history.status, history.text).toBe(200);
    expect(history.json).toMatchObject({ total: 3, page: 1, limit: 20 });
    expect(history.json.data).toEqual([
      expect.objectContaining({
        type: 'TRANSFER',
        sharesIn: '0',
        sharesOut: '400',
        balanceAfter: '1000',
        requestReference: null,
      }),
      expect.objectContaining({
        type: 'TRANSFER',
        sharesIn: '0',
        sharesOut: '100',
        balanceAfter: '1400',
        requestReference: referenceNumber,
      }),
      expect.objectContaining({ sharesIn: '1500', sharesOut: '0', balanceAfter: '1500', certificates: [] }),
    ]);
    // What the staff journal holds for the account, transaction by transaction.
    const journal = (await staffGet(`/ledger/accounts/${ids['100200300']}/transactions`)).json.data as {
      id: string;
      balanceAfter: string;
    }[];
    expect(history.json.data.map((p: { id: string; balanceAfter: string }) => [p.id, p.balanceAfter])).toEqual(
      journal.map((p) => [p.id, p.balanceAfter]),
    );
    // The other side of the transfer stays out of the holder's view.
    expect(history.text).not.toContain('Bell Family Trust');
    expect(history.text).not.toContain(ids['300400500']);

    const second = await portalGet(`/accounts/${ids['100200300']}/transactions?page=2&limit=2`, dana);
    expect(second.json.data.map((p: { balanceAfter: string }) => p.balanceAfter)).toEqual(['1500']);

    // The trust sees its credit as a new certificate, and no reference of a request that is not its own.
    const trust = await portal.signIn('DEMO03', '300400500');
    const credited = await portalGet(`/accounts/${ids['300400500']}/transactions`, trust);
    expect(credited.json.data[0]).toMatchObject({
      sharesIn: '400',
      sharesOut: '0',
      balanceAfter: '48400',
      requestReference: null,
      certificates: [{ number: expect.any(String), shares: '400' }],
    });
    expect(credited.text).not.toContain('Dana');
  });

  it("answers 404 for another holder's account, an unknown one and a malformed id, and 401 without a session", async () => {
    const dana = await portal.signIn('DEMO01', '100200300');
    const marcus = await portal.signIn('DEMO02', '200300400');
    for (const id of [ids['200300400'], ids['300400500'], '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const res = await portalGet(`/accounts/${id}/transactions`, dana);
      expect(res.status, id).toBe(404);
      expect(res.json.message).toBe(M.accountNotFound);
    }
    const theirs = await portalGet('/holdings', marcus);
    expect(theirs.json.data.accounts.map((a: { accountId: string }) => a.accountId)).toEqual([ids['200300400']]);
    expect(theirs.text).not.toContain('Whitfield');
    expect((await portalGet('/holdings')).status).toBe(401);
    expect((await portalGet(`/accounts/${ids['100200300']}/transactions`)).status).toBe(401);
  });

  it('refuses a bad page or size with the field and its message', async () => {
    const dana = await portal.signIn('DEMO01', '100200300');
    const res = await portalGet(`/accounts/${ids['100200300']}/transactions?limit=0&page=x`, dana);
    expect(res.status).toBe(400);
    expect(Object.keys(res.json.errors).sort()).toEqual(['limit', 'page']);
  });
});
