import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { adminActivity } from '@ledgerwell/db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { issuerPortalClient, issuerUserOf } from '../../test/issuer-portal-app';
import { daysBefore, seedTwoIssuers, type TwoIssuers } from '../../test/issuer-portal-fixtures';

/**
 * The issuer portal's reads, through its routes behind the test-only stand-in for the issuer sign-in (the real
 * middleware is another change): figures against the staff's own views of the same ledger.
 */
describe('issuer portal reads', () => {
  let t: TestApp;
  let seeded: TwoIssuers;
  let get: ReturnType<typeof issuerPortalClient>;

  beforeAll(async () => {
    t = await createTestApp();
    seeded = await seedTwoIssuers(t);
    // A session proved at the test clock's now, as a sign-in with the second factor leaves it: the export needs it.
    const cfo = await issuerUserOf(t.deps.db, seeded.acme.id, { email: 'cfo@acme.example', clock: t.clock });
    get = issuerPortalClient(t.deps, cfo);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gives the cap table of each class, equal to the staff control book and holders list', async () => {
    const res = await get('/api/issuer/cap-table');
    expect(res.status, res.text).toBe(200);
    expect(res.json.data.legalName).toBe('Acme Corp');
    const classes = res.json.data.classes as any[];
    expect(classes.map((k) => k.classId)).toEqual([seeded.acme.common, seeded.acme.preferred]);
    for (const k of classes) {
      const book = (await seeded.admin('GET', `/ledger/classes/${k.classId}/control-book`)).data;
      expect(k).toMatchObject({
        authorizedShares: book.authorizedShares,
        issuedShares: book.issuedShares,
        cancelledShares: book.cancelledShares,
        outstandingShares: book.outstandingShares,
      });
      const staff = await seeded.admin('GET', `/ledger/classes/${k.classId}/holders?limit=500`);
      expect(k.holdersCount).toBe(staff.total);
      const byAccount = (rows: any[]) =>
        Object.fromEntries(rows.map((row) => [row.accountNumber, [row.registrationName, row.shares]]));
      expect(byAccount(k.holders)).toEqual(byAccount(staff.data));
    }
    // Common: 3,500 outstanding; Bo 2,500.25 (71.4357 %), Dana 999.75 (28.5643 %), largest first.
    expect(classes[0].outstandingShares).toBe('3500');
    expect(classes[0].holders.map((h: any) => [h.accountNumber, h.shares, h.percentage])).toEqual([
      ['300400500', '2500.25', '71.4357'],
      ['100200300', '999.75', '28.5643'],
    ]);
    expect(classes[1].holders).toEqual([
      expect.objectContaining({ accountNumber: '100200301', shares: '100', percentage: '100' }),
    ]);
  });

  it('pages the holders of one class, largest first', async () => {
    const first = await get(`/api/issuer/cap-table?classId=${seeded.acme.common}&limit=1`);
    expect(first.status, first.text).toBe(200);
    expect(first.json.data.classes).toHaveLength(1);
    expect(first.json.data.classes[0].holders.map((h: any) => h.accountNumber)).toEqual(['300400500']);
    const second = await get(`/api/issuer/cap-table?classId=${seeded.acme.common}&limit=1&page=2`);
    expect(second.json.data.classes[0].holders.map((h: any) => h.accountNumber)).toEqual(['100200300']);
    expect(second.json.data.classes[0].holdersCount).toBe(2);
  });

  it('lists holders as of a past date exactly as the staff list does', async () => {
    const fiveDaysAgo = daysBefore(seeded.today, 5);
    for (const asOf of [fiveDaysAgo, seeded.today]) {
      const mine = await get(`/api/issuer/classes/${seeded.acme.common}/holders?asOf=${asOf}`);
      expect(mine.status, mine.text).toBe(200);
      const staff = await seeded.admin('GET', `/ledger/classes/${seeded.acme.common}/holders?asOf=${asOf}`);
      expect(mine.json).toEqual({ ...staff, success: true });
    }
    const past = await get(`/api/issuer/classes/${seeded.acme.common}/holders?asOf=${fiveDaysAgo}`);
    expect(past.json.data).toEqual([expect.objectContaining({ accountNumber: '300400500', shares: '2000' })]);
  });

  it('exports the record-date list as CSV with tax IDs masked to the last four, and records the export', async () => {
    const res = await get(`/api/issuer/classes/${seeded.acme.common}/holders/export/csv?asOf=${seeded.today}`);
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^text\/csv/);
    const lines = res.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toEqual([
      'Account number,Registration,Tax ID,Shares,Record date',
      `100200300,Dana Whitfield,***-**-6789,999.75,${seeded.today}`,
      `300400500,Bo Lindqvist,***-**-4321,2500.25,${seeded.today}`,
    ]);
    expect(res.text).not.toMatch(/123-?45|987-?65/);
    // The staff export, whose pages these are, keeps its own columns.
    const staff = await t.request('GET', `/api/admin/ledger/classes/${seeded.acme.common}/holders/export/csv`, {
      token: seeded.adminToken,
    });
    expect(staff.text.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('Account number,Registration,Shares,Record date');
    const [recorded] = await t.deps.db
      .select()
      .from(adminActivity)
      .where(eq(adminActivity.actionType, 'ISSUER_HOLDERS_EXPORTED'))
      .orderBy(desc(adminActivity.createdAt));
    expect(recorded).toMatchObject({
      adminUserId: null,
      adminUsername: 'cfo@acme.example',
      resourceId: seeded.acme.common,
      details: { issuerId: seeded.acme.id, asOf: seeded.today },
    });
  });

  it('reads the journal of its classes, filtered by type and dates, without the staff who posted', async () => {
    const all = await get('/api/issuer/transactions');
    expect(all.status, all.text).toBe(200);
    // Four opening balances (Dana's two, Bo's nothing, so three issuances), the back-dated issuance, the transfer.
    const ids = all.json.data.map((tx: any) => tx.id);
    expect(ids).toContain(seeded.acme.issuance);
    expect(ids).toContain(seeded.acme.transfer);
    expect(all.json.data.every((tx: any) => !('postedBy' in tx))).toBe(true);
    const transfers = await get('/api/issuer/transactions?type=TRANSFER');
    expect(transfers.json.data.map((tx: any) => tx.id)).toEqual([seeded.acme.transfer]);
    expect(transfers.json.total).toBe(1);
    const older = await get(`/api/issuer/transactions?to=${daysBefore(seeded.today, 1)}`);
    expect(older.json.data.map((tx: any) => tx.id)).toEqual([seeded.acme.issuance]);
    const ofPreferred = await get(`/api/issuer/transactions?classId=${seeded.acme.preferred}`);
    expect(ofPreferred.json.data).toHaveLength(1);
    expect(ofPreferred.json.data[0].legs[0].accountNumber).toBe('100200301');
  });

  it("lists the requests on its holders' accounts with the 17Ad-2 turnaround of its transfers", async () => {
    const res = await get('/api/issuer/requests');
    expect(res.status, res.text).toBe(200);
    const { requests } = seeded.acme;
    expect(res.json.data.map((r: any) => r.id).sort()).toEqual(Object.values(requests).sort());
    const byId = Object.fromEntries(res.json.data.map((r: any) => [r.id, r]));
    expect(byId[requests.inTime]).toMatchObject({ late: false, businessDaysToDecision: 0, shares: '10' });
    expect(byId[requests.late].late).toBe(true);
    expect(byId[requests.late].businessDaysToDecision).toBeGreaterThan(3);
    expect(byId[requests.openLate]).toMatchObject({ late: true, businessDaysToDecision: null });
    expect(byId[requests.openFresh].late).toBe(false);
    expect(byId[requests.inquiry]).toMatchObject({ late: false, requestType: 'INQUIRY', shares: null });
    expect(res.json.turnaround).toMatchObject({
      businessDays: 3,
      targetPercent: 90,
      transfersDecided: 2,
      decidedInTime: 1,
      inTimePercent: 50,
      meetsTarget: false,
      openTransfers: 2,
      openLate: 1,
    });
    const inquiries = await get('/api/issuer/requests?type=INQUIRY');
    expect(inquiries.json.data.map((r: any) => r.id)).toEqual([requests.inquiry]);
  });

  it('answers 400 with field messages on bad dates and filters', async () => {
    const cases: [string, string][] = [
      [`/api/issuer/classes/${seeded.acme.common}/holders?asOf=2026-02-30`, 'asOf'],
      [`/api/issuer/classes/${seeded.acme.common}/holders/export/csv?asOf=yesterday`, 'asOf'],
      // A day that has not ended has no record-date list yet: refused, not answered with today's holdings.
      [`/api/issuer/classes/${seeded.acme.common}/holders?asOf=${daysBefore(seeded.today, -1)}`, 'asOf'],
      [`/api/issuer/classes/${seeded.acme.common}/holders/export/csv?asOf=${daysBefore(seeded.today, -1)}`, 'asOf'],
      ['/api/issuer/transactions?from=2026-13-01', 'from'],
      ['/api/issuer/transactions?from=2026-05-02&to=2026-05-01', 'to'],
      ['/api/issuer/transactions?type=GIFT', 'type'],
      ['/api/issuer/requests?status=LOST', 'status'],
      ['/api/issuer/cap-table?classId=nope', 'classId'],
      ['/api/issuer/cap-table?limit=501', 'limit'],
    ];
    for (const [path, field] of cases) {
      const res = await get(path);
      expect(res.status, path).toBe(400);
      expect(res.json.errors?.[field], `${path}: ${res.text}`).toEqual(expect.any(String));
    }
  });

  it('answers 401 when no issuer user is signed in (the routes mounted without their middleware)', async () => {
    const anonymous = issuerPortalClient(t.deps, undefined);
    for (const path of [
      '/api/issuer/cap-table',
      `/api/issuer/classes/${seeded.acme.common}/holders`,
      `/api/issuer/classes/${seeded.acme.common}/holders/export/csv`,
      '/api/issuer/transactions',
      '/api/issuer/requests',
    ])
      expect((await anonymous(path)).status, path).toBe(401);
  });
});
