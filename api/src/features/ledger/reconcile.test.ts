import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { calendarDateIn } from '@ledgerwell/shared/ledger';
import { createAdminUser, createTestApp, loginToken, TEST_ENGINE, type TestApp } from '../../test/test-app';
import { reconcileDaily } from './reconcile';

const PASSWORD = 'Correct-Horse-7';
const DAY_MS = 24 * 60 * 60 * 1000;

describe('reconciliation of the ledger with the control books', () => {
  let t: TestApp;
  let admin: string;
  let classId: string;
  let accountId: string;

  const post = (path: string, body: unknown, token = admin) => t.request('POST', `/api/admin${path}`, { token, body });
  const get = (path: string, token = admin) => t.request('GET', `/api/admin${path}`, { token });
  /** What a faulty program (or a hand in the database) would do: move a position without a journal entry. */
  const skewPosition = (by: number) =>
    t.deps.db.execute(sql`update ledger_positions set drs_shares = drs_shares + ${by} where account_id = ${accountId}`);

  beforeEach(async () => {
    t = await createTestApp();
    await createAdminUser(t.deps, { username: 'registrar', password: PASSWORD, role: 'ADMIN' });
    admin = await loginToken(t, 'registrar', PASSWORD);
    const issuer = await post('/issuers', { legalName: 'Acme Corp' });
    classId = (await post(`/issuers/${issuer.json.data.id}/classes`, { name: 'Common', authorizedShares: '1000' })).json
      .data.id;
    const holder = await post('/shareholders', {
      code: 'REC01',
      name: 'Rec Holder',
      email: 'rec@example.com',
      address: { line1: '1 Main St', city: 'Fresno', state: 'CA', postalCode: '93721' },
      accounts: [
        {
          accountNumber: 'REC0100001',
          registrationName: 'Rec Holder',
          issuer: 'Acme Corp',
          shareClass: 'Common',
          sharesHeld: 100,
          holdingType: 'DRS',
          certificateNumbers: [],
        },
      ],
    });
    accountId = holder.json.data.accounts[0].id;
  });
  afterEach(() => t.close());

  it('finds a difference, keeps its age across runs, marks it aged after 30 days and resolves it once in balance', async () => {
    const clean = await post('/ledger/reconcile', {});
    expect(clean.status, clean.text).toBe(200);
    expect(clean.json.data).toMatchObject({
      trigger: 'MANUAL',
      classesChecked: 1,
      differencesFound: 0,
      differences: [],
    });

    await skewPosition(5);
    const found = await post('/ledger/reconcile', { classId });
    expect(found.json.data).toMatchObject({ classesChecked: 1, differencesFound: 1 });
    expect(found.json.data.differences).toEqual([
      expect.objectContaining({
        classId,
        issuer: 'Acme Corp',
        shareClass: 'Common',
        outstandingShares: '100',
        masterFileTotal: '105',
        journalTotal: '100',
        difference: '5',
        ageDays: 0,
        aged: false,
        resolvedAt: null,
      }),
    ]);
    const firstFoundAt = found.json.data.differences[0].firstFoundAt;

    (t.deps.clock as unknown as { advance(ms: number): void }).advance(31 * DAY_MS);
    admin = await loginToken(t, 'registrar', PASSWORD); // the session ended while the month went by
    await skewPosition(-8);
    const later = await post('/ledger/reconcile', {});
    expect(later.json.data.differences).toEqual([
      expect.objectContaining({ difference: '-3', masterFileTotal: '97', firstFoundAt, ageDays: 31, aged: true }),
    ]);
    const open = await get('/ledger/record-differences');
    expect(open.json.data).toHaveLength(1);
    const stats = await get('/dashboard/stats');
    expect(stats.json.data.compliance).toMatchObject({ openRecordDifferences: 1, agedRecordDifferences: 1 });

    await skewPosition(3);
    const settled = await post('/ledger/reconcile', {});
    expect(settled.json.data).toMatchObject({ differencesFound: 0, differences: [] });
    expect((await get('/ledger/record-differences')).json.data).toEqual([]);
    const all = await get('/ledger/record-differences?status=all');
    expect(all.json.data).toEqual([expect.objectContaining({ firstFoundAt, aged: false, ageDays: 31 })]);
    expect(all.json.data[0].resolvedAt).not.toBeNull();
    expect((await get('/ledger/record-differences?status=some')).status).toBe(400);
    expect((await post('/ledger/reconcile', { classId: 'nope' })).status).toBe(400);
  });

  it('runs the daily reconciliation once a day, whichever process asks first', async () => {
    const first = await reconcileDaily(t.deps);
    expect(first).toMatchObject({
      trigger: 'DAILY',
      runDate: calendarDateIn('America/Los_Angeles', t.deps.clock.now()),
    });
    expect(await reconcileDaily(t.deps)).toBeNull();
    (t.deps.clock as unknown as { advance(ms: number): void }).advance(DAY_MS);
    if (TEST_ENGINE === 'postgres') {
      // Three processes' sweeps at once: one runs, the others find the day claimed.
      const runs = await Promise.all([reconcileDaily(t.deps), reconcileDaily(t.deps), reconcileDaily(t.deps)]);
      expect(runs.filter(Boolean)).toHaveLength(1);
    } else {
      expect(await reconcileDaily(t.deps)).not.toBeNull();
    }
  });

  it('lets every role read the differences and only ADMIN and up reconcile', async () => {
    await createAdminUser(t.deps, { username: 'reader', password: PASSWORD, role: 'READ_ONLY' });
    const reader = await loginToken(t, 'reader', PASSWORD);
    expect((await get('/ledger/record-differences', reader)).status).toBe(200);
    expect((await post('/ledger/reconcile', {}, reader)).status).toBe(403);
  });
});
