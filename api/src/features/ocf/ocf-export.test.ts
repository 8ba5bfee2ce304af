import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { strFromU8, unzipSync } from 'fflate';
import { eq } from 'drizzle-orm';
import { adminActivity } from '@ledgerwell/db/schema';
import { calendarDateIn } from '@ledgerwell/shared/ledger';
import { checkOcfBundle, ocfHoldings, type OcfFiles } from '@ledgerwell/shared/ocf-check';
import { createAdminUser, createTestApp, loginToken, type TestApp } from '../../test/test-app';

const PASSWORD = 'Correct-Horse-7';

describe('the OCF export', () => {
  let t: TestApp;
  let admin: string;
  let today: string;
  let acme: { issuerId: string; common: string; preferred: string };
  let other: { issuerId: string; common: string; account: string };

  const post = async (path: string, body: unknown) => {
    const res = await t.request('POST', `/api/admin${path}`, { token: admin, body });
    expect(res.status, `${path} ${JSON.stringify(res.json)}`).toBeLessThan(300);
    return res.json.data;
  };
  const get = async (path: string) => (await t.request('GET', `/api/admin${path}`, { token: admin })).json.data;

  async function issuerWithClasses(legalName: string, classes: string[]) {
    const issuer = await post('/issuers', { legalName });
    const ids: string[] = [];
    for (const name of classes)
      ids.push(
        (await post(`/issuers/${issuer.id}/classes`, { name, authorizedShares: '1000000', parValue: '0.01' })).id,
      );
    return { issuerId: issuer.id as string, ids };
  }

  async function openAccount(issuer: string, shareClass: string, code: string) {
    const data = await post('/shareholders', {
      code,
      name: `Holder ${code}`,
      email: `${code.toLowerCase()}@example.com`,
      address: { line1: '1 Main St', city: 'Fresno', state: 'CA', postalCode: '93721' },
      accounts: [
        {
          accountNumber: `${code}00001`,
          registrationName: `Holder ${code}`,
          issuer,
          shareClass,
          sharesHeld: 0,
          holdingType: 'DRS',
          certificateNumbers: [],
        },
      ],
    });
    return data.accounts[0].id as string;
  }

  const download = (issuerId: string, token = admin) =>
    t.app.request(`/api/admin/issuers/${issuerId}/ocf`, { headers: { Authorization: `Bearer ${token}` } });

  beforeEach(async () => {
    t = await createTestApp();
    await createAdminUser(t.deps, { username: 'registrar', password: PASSWORD, role: 'ADMIN' });
    admin = await loginToken(t, 'registrar', PASSWORD);
    today = calendarDateIn('America/Los_Angeles', t.deps.clock.now());
    const made = await issuerWithClasses('Acme Robotics Inc.', ['Common', 'Series A Preferred']);
    acme = { issuerId: made.issuerId, common: made.ids[0]!, preferred: made.ids[1]! };
    const elsewhere = await issuerWithClasses('Northwind Bancorp', ['Common']);
    other = { issuerId: elsewhere.issuerId, common: elsewhere.ids[0]!, account: '' };
  });
  afterEach(() => t.close());

  /** A small history through the staff API: every kind of posting, a certificate split, two DRS lots. */
  async function buildLedger() {
    const a = await openAccount('Acme Robotics Inc.', 'Common', 'OCFA');
    const b = await openAccount('Acme Robotics Inc.', 'Common', 'OCFB');
    const c = await openAccount('Acme Robotics Inc.', 'Series A Preferred', 'OCFC');
    other.account = await openAccount('Northwind Bancorp', 'Common', 'NWDA');
    const common = { classId: acme.common, effectiveDate: today };
    await post('/ledger/issuances', { ...common, accountId: a, shares: '1000', form: 'DRS' });
    await post('/ledger/issuances', { ...common, accountId: a, shares: '100.5', form: 'DRS' });
    await post('/ledger/issuances', {
      ...common,
      accountId: b,
      shares: '500',
      form: 'CERTIFICATE',
      certificateNumber: 'CS-1',
    });
    await post('/ledger/issuances', {
      ...common,
      accountId: b,
      shares: '40',
      form: 'CERTIFICATE',
      certificateNumber: 'CS-2',
    });
    await post('/ledger/issuances', {
      classId: acme.preferred,
      accountId: c,
      shares: '200',
      form: 'DRS',
      effectiveDate: today,
    });
    await post('/ledger/issuances', {
      classId: other.common,
      accountId: other.account,
      shares: '77',
      form: 'DRS',
      effectiveDate: today,
    });
    // A transfer that splits a certificate: 200 of CS-1 to A in DRS, the 300 balance back to B on a new certificate.
    await post('/ledger/transfers', {
      ...common,
      fromAccountId: b,
      toAccountId: a,
      shares: '200',
      certificateNumbers: ['CS-1'],
      toForm: 'DRS',
    });
    // Two certificates surrendered for one: 520 onto one certificate for A, the 20 balance cut from CS-2.
    const balance = (await get(`/ledger/accounts/${b}/certificates`)) as {
      number: string;
      status: string;
      shares: string;
    }[];
    const cut = balance.find((cert) => cert.status === 'OUTSTANDING' && cert.shares === '300')!;
    await post('/ledger/transfers', {
      ...common,
      fromAccountId: b,
      toAccountId: a,
      shares: '320',
      certificateNumbers: [cut.number, 'CS-2'],
      toForm: 'CERTIFICATE',
    });
    // DRS across two lots, the second in part; then back in part, reversed.
    const drs = await post('/ledger/transfers', {
      ...common,
      fromAccountId: a,
      toAccountId: b,
      shares: '1050',
      toForm: 'DRS',
    });
    const back = await post('/ledger/transfers', {
      ...common,
      fromAccountId: b,
      toAccountId: a,
      shares: '10',
      toForm: 'DRS',
    });
    await post(`/ledger/transactions/${back.id}/reverse`, { reason: 'Posted to the wrong account' });
    expect(drs.legs).toHaveLength(2);
    await post('/ledger/cancellations', {
      ...common,
      accountId: a,
      shares: '30.25',
      reason: 'Repurchased by the issuer',
    });
    // A's certificate (320) lost and replaced, then converted in part to DRS; DRS onto a new certificate.
    const aCertificates = (await get(`/ledger/accounts/${a}/certificates`)) as {
      id: string;
      number: string;
      status: string;
    }[];
    const lost = aCertificates.find((cert) => cert.status === 'OUTSTANDING')!;
    await post(`/certificates/${lost.id}/stop`, { reason: 'LOST' });
    await post('/ledger/reissuances', {
      certificateId: lost.id,
      replacementForm: 'CERTIFICATE',
      replacementCertificateNumber: 'CS-9',
    });
    await post('/ledger/conversions', {
      ...common,
      accountId: a,
      shares: '120',
      certificateNumbers: ['CS-9'],
      toForm: 'DRS',
    });
    await post('/ledger/conversions', { ...common, accountId: b, shares: '50', toForm: 'CERTIFICATE' });
    await post('/ledger/authorized-adjustments', {
      classId: acme.preferred,
      authorizedShares: '600000',
      authorization: 'Board resolution 2026-04',
      effectiveDate: today,
    });
    return { a, b, c };
  }

  async function exported(issuerId: string) {
    const res = await download(issuerId);
    expect(res.status).toBe(200);
    const zipped = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const texts = Object.fromEntries(Object.entries(zipped).map(([name, bytes]) => [name, strFromU8(bytes)]));
    const files: OcfFiles = Object.fromEntries(Object.entries(texts).map(([name, text]) => [name, JSON.parse(text)]));
    return { res, texts, files };
  }

  it('writes a bundle the checker finds sound, holding what the ledger holds, and nothing of another issuer', async () => {
    const { a, b, c } = await buildLedger();
    const { res, texts, files } = await exported(acme.issuerId);
    expect(res.headers.get('Content-Type')).toBe('application/zip');
    expect(res.headers.get('Content-Disposition')).toBe(`attachment; filename="Acme-Robotics-Inc-${today}.ocf.zip"`);
    expect(Object.keys(files).sort()).toEqual([
      'Manifest.ocf.json',
      'Stakeholders.ocf.json',
      'StockClasses.ocf.json',
      'Transactions.ocf.json',
    ]);

    const classes = (await get('/issuers')) as { id: string; classes: { id: string; outstandingShares: string }[] }[];
    const outstanding = Object.fromEntries(
      classes.find((i) => i.id === acme.issuerId)!.classes.map((k) => [k.id, k.outstandingShares]),
    );
    expect(checkOcfBundle(files, { outstanding })).toEqual([]);

    // The holdings read back from the securities are the ledger's record-date list, class by class.
    const holdings = ocfHoldings(files);
    for (const classId of [acme.common, acme.preferred]) {
      const holders = (
        await t.request('GET', `/api/admin/ledger/classes/${classId}/holders?limit=100`, { token: admin })
      ).json.data as { accountId: string; shares: string }[];
      expect(Object.fromEntries(holdings.get(classId) ?? [])).toEqual(
        Object.fromEntries(holders.map((h) => [h.accountId, h.shares])),
      );
    }
    expect(Object.fromEntries(holdings.get(acme.common)!)).toEqual({
      [a]: expect.any(String),
      [b]: expect.any(String),
    });
    expect(Object.fromEntries(holdings.get(acme.preferred)!)).toEqual({ [c]: '200' });

    // Every file the manifest lists carries its MD5; the other issuer never appears.
    const manifest = files['Manifest.ocf.json'] as Record<string, { filepath: string; md5: string }[]>;
    for (const key of ['stock_classes_files', 'stakeholders_files', 'transactions_files']) {
      const [ref] = manifest[key]!;
      expect(createHash('md5').update(texts[ref!.filepath.slice(2)]!).digest('hex')).toBe(ref!.md5);
    }
    for (const text of Object.values(texts))
      for (const foreign of [other.issuerId, other.common, other.account, 'Northwind'])
        expect(text).not.toContain(foreign);

    const types = (files['Transactions.ocf.json'] as { items: { object_type: string }[] }).items.map(
      (i) => i.object_type,
    );
    for (const type of [
      'TX_STOCK_ISSUANCE',
      'TX_STOCK_TRANSFER',
      'TX_STOCK_CANCELLATION',
      'TX_STOCK_REISSUANCE',
      'TX_STOCK_CONVERSION',
      'TX_STOCK_CLASS_AUTHORIZED_SHARES_ADJUSTMENT',
    ])
      expect(types).toContain(type);
    // A certificate made from two surrendered ones, and a DRS credit taken from two lots, are two securities
    // each (OCF 1.2.0 cannot merge): the second part's id ends ~2, under the same certificate number.
    const items = (files['Transactions.ocf.json'] as { items: Record<string, string>[] }).items;
    const secondParts = items.filter((i) => i.object_type === 'TX_STOCK_ISSUANCE' && i.security_id!.endsWith('~2'));
    expect(secondParts.map((i) => i.custom_id)).toEqual(
      expect.arrayContaining(['DRS', 'CS-9', expect.stringMatching(/^LW/)]),
    );

    const recorded = await t.deps.db.select().from(adminActivity).where(eq(adminActivity.actionType, 'OCF_EXPORTED'));
    expect(recorded).toEqual([
      expect.objectContaining({
        adminUsername: 'registrar',
        resourceId: acme.issuerId,
        details: expect.objectContaining({ classes: 2 }),
      }),
    ]);
  });

  it('gives the same bundle twice for the same journal (stable ids), and a sound one for an issuer with no postings', async () => {
    await buildLedger();
    const first = await exported(acme.issuerId);
    const second = await exported(acme.issuerId);
    expect(second.texts['Transactions.ocf.json']).toBe(first.texts['Transactions.ocf.json']);
    expect(second.texts['Stakeholders.ocf.json']).toBe(first.texts['Stakeholders.ocf.json']);
    const empty = await issuerWithClasses('Empty Holdings Co', ['Common']);
    expect(checkOcfBundle((await exported(empty.issuerId)).files, { outstanding: { [empty.ids[0]!]: '0' } })).toEqual(
      [],
    );
  });

  it('answers 404 for an unknown or malformed issuer, 401 without a session, 403 below ADMIN', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const res = await t.request('GET', `/api/admin/issuers/${id}/ocf`, { token: admin });
      expect(res.status).toBe(404);
      expect(res.json.code).toBe('NOT_FOUND');
    }
    expect((await t.request('GET', `/api/admin/issuers/${acme.issuerId}/ocf`)).status).toBe(401);
    for (const role of ['REVIEWER', 'READ_ONLY'] as const) {
      await createAdminUser(t.deps, { username: `r-${role}`, password: PASSWORD, role });
      const token = await loginToken(t, `r-${role}`, PASSWORD);
      const res = await t.request('GET', `/api/admin/issuers/${acme.issuerId}/ocf`, { token });
      expect(res.status).toBe(403);
    }
    // The whole cap table leaves the system: an ADMIN whose last proof is older than the window proves it again.
    t.clock.advance(11 * 60_000);
    const stale = await t.request('GET', `/api/admin/issuers/${acme.issuerId}/ocf`, { token: admin });
    expect([stale.status, stale.json.code]).toEqual([403, 'MFA_STEP_UP_REQUIRED']);
    const exports = await t.deps.db.select().from(adminActivity).where(eq(adminActivity.actionType, 'OCF_EXPORTED'));
    expect(exports).toEqual([]);
  });
});
