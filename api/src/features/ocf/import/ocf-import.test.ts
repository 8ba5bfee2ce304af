import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { count, eq } from 'drizzle-orm';
import { certificates, ledgerTransactions, shareClasses } from '@ledgerwell/db/ledger-schema';
import { adminActivity, shareholderAccounts, shareholders } from '@ledgerwell/db/schema';
import { calendarDateIn } from '@ledgerwell/shared/ledger';
import { checkOcfBundle, ocfHoldings, type OcfFiles } from '@ledgerwell/shared/ocf-check';
import {
  ocfIssuance,
  ocfManifest,
  ocfStakeholder as stakeholder,
  ocfStockClass as stockClass,
} from '@ledgerwell/shared/ocf-fixtures';
import { createAdminUser, createTestApp, loginToken, type TestApp } from '../../../test/test-app';
import { answerChecker, readCheckedAnswer } from '../../../test/documented-answers';

const PASSWORD = 'Correct-Horse-7';
type Item = Record<string, unknown> & { id: string; object_type: string };

/** A zip of OCF files as our export lays them out. */
function zipBundle(parts: { classes: object[]; stakeholders: object[]; transactions: object[] }, asOf: string) {
  const texts: Record<string, string> = {
    'StockClasses.ocf.json': JSON.stringify({ file_type: 'OCF_STOCK_CLASSES_FILE', items: parts.classes }),
    'Stakeholders.ocf.json': JSON.stringify({ file_type: 'OCF_STAKEHOLDERS_FILE', items: parts.stakeholders }),
    'Transactions.ocf.json': JSON.stringify({ file_type: 'OCF_TRANSACTIONS_FILE', items: parts.transactions }),
  };
  texts['Manifest.ocf.json'] = JSON.stringify(ocfManifest(asOf));
  return zipSync(Object.fromEntries(Object.entries(texts).map(([name, text]) => [name, strToU8(text)])));
}

describe('the OCF import', () => {
  let t: TestApp;
  let admin: string;
  let today: string;
  const check = () => answerChecker(t.app);

  const post = async (path: string, body: unknown) => {
    const res = await t.request('POST', `/api/admin${path}`, { token: admin, body });
    expect(res.status, `${path} ${JSON.stringify(res.json)}`).toBeLessThan(300);
    return res.json.data;
  };
  const get = async (path: string) => (await t.request('GET', `/api/admin${path}`, { token: admin })).json.data;

  const importZip = async (issuerId: string, body: Uint8Array, token = admin, type = 'application/zip') => {
    const path = `/api/admin/issuers/${issuerId}/ocf-import`;
    const res = await t.app.request(path, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': type },
      body,
    });
    return readCheckedAnswer(check(), 'POST', path, res);
  };

  async function exported(issuerId: string) {
    const res = await t.app.request(`/api/admin/issuers/${issuerId}/ocf`, {
      headers: { Authorization: `Bearer ${admin}` },
    });
    expect(res.status).toBe(200);
    const bytes = new Uint8Array(await res.arrayBuffer());
    const files: OcfFiles = Object.fromEntries(
      Object.entries(unzipSync(bytes)).map(([name, content]) => [name, JSON.parse(strFromU8(content))]),
    );
    return { bytes, files, items: (files['Transactions.ocf.json'] as { items: Item[] }).items };
  }

  /** A lot or certificate of class Common issued today. */
  const issue = (securityId: string, holder: string, quantity: string, overrides: Record<string, unknown>) =>
    ocfIssuance(securityId, holder, quantity, { date: today, stock_class_id: 'Common', ...overrides });

  const freshIssuer = async (legalName: string) => (await post('/issuers', { legalName })).id as string;

  /** What the database holds that an import writes: a rejected import must leave every count as it was. */
  const footprint = async () => ({
    transactions: (await t.deps.db.select({ n: count() }).from(ledgerTransactions))[0]!.n,
    classes: (await t.deps.db.select({ n: count() }).from(shareClasses))[0]!.n,
    holders: (await t.deps.db.select({ n: count() }).from(shareholders))[0]!.n,
    accounts: (await t.deps.db.select({ n: count() }).from(shareholderAccounts))[0]!.n,
    certificates: (await t.deps.db.select({ n: count() }).from(certificates))[0]!.n,
  });

  beforeEach(async () => {
    t = await createTestApp();
    await createAdminUser(t.deps, { username: 'registrar', password: PASSWORD, role: 'ADMIN' });
    admin = await loginToken(t, 'registrar', PASSWORD);
    today = calendarDateIn('America/Los_Angeles', t.deps.clock.now());
  });
  afterEach(() => t.close());

  /** Every kind of posting: DRS lots and certificates, transfers whole and in part, a cancellation, a lost certificate replaced, conversions both ways, a new authorized figure. */
  async function variedLedger() {
    const issuerId = await freshIssuer('Origin Dynamics Inc.');
    const classIds: string[] = [];
    for (const name of ['Common', 'Series A Preferred'])
      classIds.push(
        (await post(`/issuers/${issuerId}/classes`, { name, authorizedShares: '100000', parValue: '0.001' })).id,
      );
    const [common, preferred] = classIds as [string, string];
    const open = async (code: string, shareClass: string) =>
      (
        await post('/shareholders', {
          code,
          name: `Holder ${code}`,
          email: `${code.toLowerCase()}@example.com`,
          address: { line1: '9 Elm St', city: 'Austin', state: 'TX', postalCode: '73301' },
          accounts: [
            {
              accountNumber: `${code}-0000-01`,
              registrationName: `Holder ${code}`,
              issuer: 'Origin Dynamics Inc.',
              shareClass,
              sharesHeld: 0,
              holdingType: 'DRS',
              certificateNumbers: [],
            },
          ],
        })
      ).accounts[0].id as string;
    const [a, b, c] = [await open('RTA', 'Common'), await open('RTB', 'Common'), await open('RTC', 'Common')];
    const d = await open('RTD', 'Series A Preferred');
    const on = { classId: common, effectiveDate: today };
    const outstanding = async (account: string) =>
      (
        (await get(`/ledger/accounts/${account}/certificates`)) as { id: string; number: string; status: string }[]
      ).filter((cert) => cert.status === 'OUTSTANDING');
    await post('/ledger/issuances', { ...on, accountId: a, shares: '1000', form: 'DRS' });
    await post('/ledger/issuances', { ...on, accountId: a, shares: '250.5', form: 'DRS' });
    await post('/ledger/issuances', {
      ...on,
      accountId: b,
      shares: '500',
      form: 'CERTIFICATE',
      certificateNumber: 'RT-1',
    });
    await post('/ledger/issuances', { ...on, accountId: b, shares: '40', form: 'CERTIFICATE' });
    await post('/ledger/issuances', {
      classId: preferred,
      effectiveDate: today,
      accountId: d,
      shares: '300',
      form: 'DRS',
    });
    // Part of a certificate (the 300 balance cut back to B), then a certificate whole, then DRS across two lots.
    await post('/ledger/transfers', {
      ...on,
      fromAccountId: b,
      toAccountId: c,
      shares: '200',
      certificateNumbers: ['RT-1'],
      toForm: 'DRS',
    });
    const whole = (await outstanding(b)).find((cert) => cert.number.startsWith('LW'))!;
    await post('/ledger/transfers', {
      ...on,
      fromAccountId: b,
      toAccountId: a,
      shares: '40',
      certificateNumbers: [whole.number],
      toForm: 'DRS',
    });
    await post('/ledger/transfers', { ...on, fromAccountId: a, toAccountId: c, shares: '1100', toForm: 'CERTIFICATE' });
    await post('/ledger/cancellations', { ...on, accountId: c, shares: '50', reason: 'Repurchased' });
    const lost = (await outstanding(c))[0]!;
    await post(`/certificates/${lost.id}/stop`, { reason: 'LOST' });
    await post('/ledger/reissuances', {
      certificateId: lost.id,
      replacementForm: 'CERTIFICATE',
      replacementCertificateNumber: 'RT-7',
    });
    await post('/ledger/conversions', {
      ...on,
      accountId: c,
      shares: '100',
      certificateNumbers: ['RT-7'],
      toForm: 'DRS',
    });
    await post('/ledger/conversions', { ...on, accountId: a, shares: '30', toForm: 'CERTIFICATE' });
    await post('/ledger/authorized-adjustments', {
      classId: preferred,
      authorizedShares: '500000',
      authorization: 'Board resolution 7',
      effectiveDate: today,
    });
    return issuerId;
  }

  /**
   * Two bundles tell the same story up to renaming: the same objects in the same order, the same types, quantities
   * and certificate numbers, and every id (class, stakeholder, security, transaction) renamed one to one.
   */
  function expectSameChain(first: Item[], second: Item[]) {
    const forward = new Map<string, string>();
    const backward = new Map<string, string>();
    const same = (a: unknown, b: unknown, what: string) => {
      expect(typeof a, what).toBe(typeof b);
      if (typeof a !== 'string') return;
      expect(forward.get(a) ?? b, `${what}: ${a} renamed twice`).toBe(b);
      expect(backward.get(b as string) ?? a, `${what}: ${b as string} named twice`).toBe(a);
      forward.set(a, b as string);
      backward.set(b as string, a);
    };
    expect(second.map((i) => i.object_type)).toEqual(first.map((i) => i.object_type));
    first.forEach((one, index) => {
      const two = second[index]!;
      for (const key of ['quantity', 'quantity_converted', 'new_shares_authorized', 'custom_id', 'date'])
        expect(two[key], `${one.id} ${key}`).toEqual(one[key]);
      for (const key of ['security_id', 'balance_security_id', 'stakeholder_id', 'stock_class_id'])
        same(one[key], two[key], `${one.id} ${key}`);
      const results = (one.resulting_security_ids ?? []) as string[];
      expect(((two.resulting_security_ids ?? []) as string[]).length).toBe(results.length);
      results.forEach((id, i) => same(id, (two.resulting_security_ids as string[])[i], `${one.id} result ${i}`));
    });
    return forward;
  }

  it('round trip: export, import into a fresh issuer, export again gives the same holdings and the same chain', async () => {
    const origin = await variedLedger();
    const first = await exported(origin);
    const copy = await freshIssuer('Copy Dynamics Inc.');
    const res = await importZip(copy, first.bytes);
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json.data.counts).toEqual({
      stockClasses: 2,
      stakeholders: 4,
      issuances: first.items.filter((i) => i.object_type === 'TX_STOCK_ISSUANCE').length,
      transfers: first.items.filter((i) => i.object_type === 'TX_STOCK_TRANSFER').length,
      cancellations: 1,
      reissuances: first.items.filter((i) => i.object_type === 'TX_STOCK_REISSUANCE').length,
      conversions: 2,
      authorizedAdjustments: 1,
      ledgerTransactions: 13,
    });
    const second = await exported(copy);
    expect(checkOcfBundle(second.files)).toEqual([]);
    const renamed = expectSameChain(first.items, second.items);

    // The same holdings per holder and class, through the renaming the chain established.
    const holdings = (files: OcfFiles, rename: (id: string) => string) =>
      Object.fromEntries(
        [...ocfHoldings(files)].map(([classId, byHolder]) => [
          rename(classId),
          Object.fromEntries([...byHolder].map(([holder, shares]) => [rename(holder), shares])),
        ]),
      );
    expect(holdings(second.files, (id) => id)).toEqual(holdings(first.files, (id) => renamed.get(id)!));
    expect(Object.keys(holdings(first.files, (id) => id))).toHaveLength(2);

    // The bundle's numbers in the issuer's own series are taken: a later posting draws a system number past them.
    const copyClass = (await get('/issuers')).find((i: { id: string }) => i.id === copy).classes[0];
    const holder = Object.keys(holdings(second.files, (id) => id)[copyClass.id]!)[0]!;
    const later = await post('/ledger/issuances', {
      classId: copyClass.id,
      accountId: holder,
      shares: '1',
      form: 'CERTIFICATE',
      effectiveDate: today,
    });
    expect(later.legs[0].certificateNumber ?? later.legs[0].number).toMatch(/^LW/);
    const recorded = await t.deps.db.select().from(adminActivity).where(eq(adminActivity.actionType, 'OCF_IMPORTED'));
    expect(recorded).toEqual([
      expect.objectContaining({
        adminUsername: 'registrar',
        resourceId: copy,
        details: { counts: res.json.data.counts },
      }),
    ]);
  });

  it('refuses an issuer with postings (409), a file that is no zip or has no manifest (400), and changes nothing', async () => {
    const origin = await variedLedger();
    const { bytes } = await exported(origin);
    const before = await footprint();
    const used = await importZip(origin, bytes);
    expect([used.status, used.json.code]).toEqual([409, 'CONFLICT']);
    const copy = await freshIssuer('Copy Dynamics Inc.');
    const notZip = await importZip(copy, strToU8('name,shares\nA,1\n'));
    expect([notZip.status, notZip.json.code]).toEqual([400, 'VALIDATION_ERROR']);
    const noManifest = await importZip(copy, zipSync({ 'readme.txt': strToU8('hello') }));
    expect([noManifest.status, noManifest.json.message]).toEqual([400, expect.stringContaining('manifest')]);
    const truncated = await importZip(copy, bytes.slice(0, 200));
    expect(truncated.status).toBe(400);
    const wrongType = await importZip(copy, bytes, admin, 'text/csv');
    expect(wrongType.status).toBe(400);
    const unknown = await importZip('00000000-0000-4000-8000-000000000000', bytes);
    expect(unknown.status).toBe(404);
    expect(await footprint()).toEqual(before);
  });

  it('admits ADMIN with a recent proof only: 403 for reviewer and read-only roles, and for a stale step-up', async () => {
    const copy = await freshIssuer('Copy Dynamics Inc.');
    const bundle = zipBundle({ classes: [stockClass('Common', '100')], stakeholders: [], transactions: [] }, today);
    for (const role of ['REVIEWER', 'READ_ONLY'] as const) {
      await createAdminUser(t.deps, { username: `r-${role}`, password: PASSWORD, role });
      const res = await importZip(copy, bundle, await loginToken(t, `r-${role}`, PASSWORD));
      expect([res.status, res.json.code]).toEqual([403, 'FORBIDDEN']);
    }
    t.clock.advance(11 * 60_000);
    const stale = await importZip(copy, bundle);
    expect([stale.status, stale.json.code]).toEqual([403, 'MFA_STEP_UP_REQUIRED']);
    expect(await t.deps.db.select().from(shareClasses).where(eq(shareClasses.issuerId, copy))).toEqual([]);
  });

  it('reports every bad object of a bundle, each with its file and id, and writes nothing', async () => {
    const origin = await variedLedger();
    const { files } = await exported(origin);
    const copy = await freshIssuer('Copy Dynamics Inc.');
    const stakeholders = files['Stakeholders.ocf.json'] as { items: Item[] };
    const transactions = files['Transactions.ocf.json'] as { items: Item[] };
    stakeholders.items[0]!.name = { legal_name: '' };
    const transfer = transactions.items.find((i) => i.object_type === 'TX_STOCK_TRANSFER')!;
    const adjustment = transactions.items.find((i) => i.object_type === 'TX_STOCK_CLASS_AUTHORIZED_SHARES_ADJUSTMENT')!;
    transfer.quantity = 'twelve';
    adjustment.stock_class_id = 'no-such-class';
    const classes = files['StockClasses.ocf.json'] as { items: Item[] };
    const before = await footprint();
    const res = await importZip(
      copy,
      zipBundle({ classes: classes.items, stakeholders: stakeholders.items, transactions: transactions.items }, today),
    );
    expect(res.status).toBe(422);
    expect(res.json.problems).toEqual(
      expect.arrayContaining([
        {
          file: 'Stakeholders.ocf.json',
          objectId: stakeholders.items[0]!.id,
          reason: expect.stringContaining('legal_name'),
        },
        { file: 'Transactions.ocf.json', objectId: transfer.id, reason: expect.stringContaining('decimal') },
        { file: 'Transactions.ocf.json', objectId: adjustment.id, reason: expect.stringContaining('no-such-class') },
      ]),
    );
    expect(await footprint()).toEqual(before);
  });

  it('rejects a transfer that would overdraw, by its id', async () => {
    const copy = await freshIssuer('Copy Dynamics Inc.');
    const bundle = zipBundle(
      {
        classes: [stockClass('Common', '1000')],
        stakeholders: [stakeholder('x'), stakeholder('y')],
        transactions: [
          issue('s1', 'x', '100', { id: 'i1', custom_id: 'DRS' }),
          {
            object_type: 'TX_STOCK_TRANSFER',
            id: 'overdraw',
            date: today,
            security_id: 's1',
            quantity: '150',
            resulting_security_ids: ['s2'],
          },
          issue('s2', 'y', '150', { id: 'i2', custom_id: 'DRS' }),
        ],
      },
      today,
    );
    const before = await footprint();
    const res = await importZip(copy, bundle);
    expect(res.status).toBe(422);
    expect(res.json.problems).toContainEqual({
      file: 'Transactions.ocf.json',
      objectId: 'overdraw',
      reason: expect.stringContaining('moves 150'),
    });
    expect(await footprint()).toEqual(before);
  });

  it('applies the ledger rules while posting: each posting the ledger refuses is reported, and all is rolled back', async () => {
    const copy = await freshIssuer('Copy Dynamics Inc.');
    // Sound as a stack (100 outstanding at the end, within 120), but the second issuance passes the authorized
    // shares on the day, and the third reuses a certificate number the first holds.
    const bundle = zipBundle(
      {
        classes: [stockClass('Common', '120')],
        stakeholders: [stakeholder('x'), stakeholder('y')],
        transactions: [
          issue('s1', 'x', '80', { id: 'i1', custom_id: 'C-1' }),
          issue('s2', 'y', '60', { id: 'too-many', custom_id: 'DRS' }),
          issue('s3', 'y', '1', { id: 'same-number', custom_id: 'C-1' }),
          {
            object_type: 'TX_STOCK_CANCELLATION',
            id: 'c1',
            date: today,
            security_id: 's2',
            quantity: '40',
            reason_text: 'Repurchased',
            balance_security_id: 's4',
          },
          issue('s4', 'y', '20', { id: 'i4', custom_id: 'DRS' }),
        ],
      },
      today,
    );
    const before = await footprint();
    const res = await importZip(copy, bundle);
    expect(res.status, JSON.stringify(res.json)).toBe(422);
    expect(res.json.problems).toEqual([
      { file: 'Transactions.ocf.json', objectId: 'too-many', reason: expect.stringMatching(/authorized/i) },
      { file: 'Transactions.ocf.json', objectId: 'same-number', reason: expect.stringMatching(/number/i) },
    ]);
    expect(await footprint()).toEqual(before);
  });
});
