import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { LEDGER_MESSAGES as M, calendarDateIn, controlBookViewSchema } from '@ledgerwell/shared/ledger';
import { CERTIFICATE_MESSAGES } from '@ledgerwell/shared/certificates';
import { adminActivity } from '@ledgerwell/db/schema';
import type { AppError } from '../../lib/errors';
import { withPostingErrors } from './posting-errors';
import { holderPages } from './holders';
import { createAdminUser, createTestApp, loginToken, TEST_ENGINE, type TestApp } from '../../test/test-app';

const PASSWORD = 'Correct-Horse-7';
const TZ = 'America/Los_Angeles';

const holder = (code: string, accountNumber: string, sharesHeld = 0, extra: Record<string, unknown> = {}) => ({
  code,
  name: `Holder ${code}`,
  email: `${code.toLowerCase()}@example.com`,
  address: { line1: '1 Main St', city: 'Fresno', state: 'CA', postalCode: '93721' },
  accounts: [
    {
      accountNumber,
      registrationName: `Holder ${code}`,
      issuer: 'Acme Corp',
      shareClass: 'Common',
      sharesHeld,
      holdingType: 'DRS',
      certificateNumbers: [],
      ...extra,
    },
  ],
});

describe('the ledger', () => {
  let t: TestApp;
  let admin: string;
  let classId: string;
  let today: string;
  let yesterday: string;

  const post = (path: string, body: unknown, token = admin) => t.request('POST', `/api/admin${path}`, { token, body });
  const get = (path: string, token = admin) => t.request('GET', `/api/admin${path}`, { token });
  /** A transfer of 10 DRS shares dated today, with the given accounts and any field changed. */
  const transfer = (fromAccountId: string, toAccountId: string, change: Record<string, unknown> = {}, token = admin) =>
    post(
      '/ledger/transfers',
      { classId, fromAccountId, toAccountId, shares: '10', toForm: 'DRS', effectiveDate: today, ...change },
      token,
    );

  async function openAccount(code: string, accountNumber: string, sharesHeld = 0, extra: Record<string, unknown> = {}) {
    const res = await post('/shareholders', holder(code, accountNumber, sharesHeld, extra));
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    return res.json.data.accounts[0].id as string;
  }

  beforeEach(async () => {
    t = await createTestApp();
    await createAdminUser(t.deps, { username: 'registrar', password: PASSWORD, role: 'ADMIN' });
    admin = await loginToken(t, 'registrar', PASSWORD);
    const issuer = await post('/issuers', { legalName: 'Acme Corp' });
    expect(issuer.status).toBe(201);
    const created = await post(`/issuers/${issuer.json.data.id}/classes`, {
      name: 'Common',
      authorizedShares: '1000000',
      parValue: '0.001',
      cusip: '00123a105',
    });
    expect(created.status).toBe(201);
    classId = created.json.data.id;
    today = calendarDateIn(TZ, t.deps.clock.now());
    yesterday = calendarDateIn(TZ, new Date(t.deps.clock.now().getTime() - 36 * 3600_000));
  });
  afterEach(() => t.close());

  it('keeps issuers and classes, each name once, with the control book per class', async () => {
    expect((await post('/issuers', { legalName: ' acme corp ' })).json).toMatchObject({
      code: 'CONFLICT',
      errors: { legalName: M.issuerNameTaken },
    });
    const list = await get('/issuers');
    expect(list.json.data).toEqual([
      expect.objectContaining({
        legalName: 'Acme Corp',
        timeZone: TZ,
        classes: [
          expect.objectContaining({
            name: 'Common',
            cusip: '00123A105',
            parValue: '0.001',
            authorizedShares: '1000000',
            outstandingShares: '0',
          }),
        ],
      }),
    ]);
    const issuerId = list.json.data[0].id;
    expect((await post(`/issuers/${issuerId}/classes`, { name: 'common', authorizedShares: '5' })).status).toBe(409);
    const bad = await post(`/issuers/${issuerId}/classes`, { name: 'Preferred', authorizedShares: '1.1234567' });
    expect(bad.status).toBe(400);
    expect(bad.json.errors).toEqual({ authorizedShares: M.authorizedInvalid });
    expect((await post('/issuers/not-an-id/classes', { name: 'X', authorizedShares: '1' })).status).toBe(404);
  });

  it('issues shares within the authorized, in DRS or on a numbered certificate, and says why it refuses', async () => {
    const account = await openAccount('ALI01', 'ALI0100001');
    const drs = await post('/ledger/issuances', {
      classId,
      accountId: account,
      shares: '1000.5',
      form: 'DRS',
      effectiveDate: today,
    });
    expect(drs.status, JSON.stringify(drs.json)).toBe(201);
    expect(drs.json.data).toMatchObject({
      type: 'ISSUANCE',
      effectiveDate: today,
      postedBy: 'registrar',
      legs: [{ accountId: account, shares: '1000.5', form: 'DRS', certificateNumber: null }],
    });
    const paper = await post('/ledger/issuances', {
      classId,
      accountId: account,
      shares: '250',
      form: 'CERTIFICATE',
      certificateNumber: 'cs-1001',
      effectiveDate: today,
    });
    expect(paper.json.data.legs).toEqual([expect.objectContaining({ shares: '250', certificateNumber: 'CS-1001' })]);

    const refusals: [Record<string, unknown>, number, string][] = [
      [{ shares: '999000' }, 409, 'AUTHORIZED_EXCEEDED'],
      [{ shares: '1.0000001' }, 400, 'VALIDATION_ERROR'],
      [{ shares: '0' }, 400, 'VALIDATION_ERROR'],
      [{ shares: 5 }, 400, 'VALIDATION_ERROR'],
      [{ effectiveDate: '2999-01-01' }, 400, 'VALIDATION_ERROR'],
      [{ effectiveDate: yesterday }, 400, 'VALIDATION_ERROR'],
      [{ form: 'CERTIFICATE', certificateNumber: 'CS-1001' }, 409, 'CONFLICT'],
      [{ accountId: '00000000-0000-4000-8000-000000000000' }, 404, 'NOT_FOUND'],
    ];
    for (const [change, status, code] of refusals) {
      const res = await post('/ledger/issuances', {
        classId,
        accountId: account,
        shares: '10',
        form: 'DRS',
        effectiveDate: today,
        ...change,
      });
      expect([res.status, res.json.code], JSON.stringify(change)).toEqual([status, code]);
    }
    const backDated = await post('/ledger/issuances', {
      classId,
      accountId: account,
      shares: '10',
      form: 'DRS',
      effectiveDate: yesterday,
    });
    expect(backDated.json.errors).toEqual({ memo: M.backDatedNeedsMemo });

    const book = await get(`/ledger/classes/${classId}/control-book`);
    expect(controlBookViewSchema.parse(book.json.data)).toEqual({
      classId,
      authorizedShares: '1000000',
      issuedShares: '1250.5',
      cancelledShares: '0',
      outstandingShares: '1250.5',
      masterFileTotal: '1250.5',
      difference: '0',
    });
    const activity = await t.deps.db
      .select()
      .from(adminActivity)
      .where(sql`${adminActivity.actionType} = 'LEDGER_ISSUANCE_POSTED'`);
    expect(activity).toHaveLength(2);
  });

  it('refuses an issuance until the class of a free-text registry account has its authorized shares', async () => {
    const res = await post('/shareholders', {
      ...holder('BOB01', 'BOB0100001', 40),
      accounts: [{ ...holder('BOB01', 'BOB0100001', 40).accounts[0], issuer: 'Brand New Inc' }],
    });
    expect(res.status).toBe(201);
    const accountId = res.json.data.accounts[0].id;
    const issuers = (await get('/issuers')).json.data;
    const brandNew = issuers.find((i: { legalName: string }) => i.legalName === 'Brand New Inc');
    expect(brandNew.classes[0]).toMatchObject({ authorizedShares: null, outstandingShares: '40' });
    const issue = await post('/ledger/issuances', {
      classId: brandNew.classes[0].id,
      accountId,
      shares: '1',
      form: 'DRS',
      effectiveDate: today,
    });
    expect([issue.status, issue.json.code]).toEqual([409, 'AUTHORIZED_NOT_RECORDED']);
    const wrongClass = await post('/ledger/issuances', {
      classId,
      accountId,
      shares: '1',
      form: 'DRS',
      effectiveDate: today,
    });
    expect([wrongClass.status, wrongClass.json.code]).toEqual([409, 'CLASS_MISMATCH']);

    // The issuer's written authorization recorded as an AUTHORIZED_ADJUSTMENT, never below what is outstanding.
    const adjust = (change: Record<string, unknown>) =>
      post('/ledger/authorized-adjustments', {
        classId: brandNew.classes[0].id,
        authorizedShares: '1000',
        authorization: 'Board resolution 2026-11, Article IV of the charter',
        effectiveDate: today,
        ...change,
      });
    expect((await adjust({ authorization: ' ' })).json.errors).toEqual({ authorization: M.authorizationRequired });
    expect((await adjust({ authorizedShares: '1.0000001' })).json.errors).toEqual({
      authorizedShares: M.authorizedInvalid,
    });
    const below = await adjust({ authorizedShares: '39.5' });
    expect([below.status, below.json.code, below.json.message]).toEqual([
      409,
      'AUTHORIZED_EXCEEDED',
      M.authorizedBelowOutstanding,
    ]);
    const recorded = await adjust({});
    expect(recorded.status, recorded.text).toBe(201);
    expect(recorded.json.data).toMatchObject({
      type: 'AUTHORIZED_ADJUSTMENT',
      authorizedShares: '1000',
      memo: 'Board resolution 2026-11, Article IV of the charter',
      legs: [],
    });
    expect((await get(`/ledger/classes/${brandNew.classes[0].id}/control-book`)).json.data).toMatchObject({
      authorizedShares: '1000',
    });
    const now = await post('/ledger/issuances', {
      classId: brandNew.classes[0].id,
      accountId,
      shares: '960',
      form: 'DRS',
      effectiveDate: today,
    });
    expect(now.status, now.text).toBe(201);
    expect((await adjust({ authorizedShares: '999' })).status).toBe(409);
  });

  it('transfers from DRS and from certificates, cutting a balance certificate so every chain closes', async () => {
    const seller = await openAccount('SEL01', 'SEL0100001');
    const buyer = await openAccount('BUY01', 'BUY0100001');
    await post('/ledger/issuances', { classId, accountId: seller, shares: '300', form: 'DRS', effectiveDate: today });
    await post('/ledger/issuances', {
      classId,
      accountId: seller,
      shares: '100',
      form: 'CERTIFICATE',
      certificateNumber: 'C-1',
      effectiveDate: today,
    });

    const tooMany = await transfer(seller, buyer, { shares: '300.000001' });
    expect([tooMany.status, tooMany.json.code, tooMany.json.message]).toEqual([
      409,
      'INSUFFICIENT_SHARES',
      M.insufficientShares,
    ]);

    const partial = await transfer(seller, buyer, { shares: '40', certificateNumbers: ['c-1'], toForm: 'CERTIFICATE' });
    expect(partial.status, JSON.stringify(partial.json)).toBe(201);
    expect(
      partial.json.data.legs.map((l: { accountId: string; shares: string; form: string }) => [
        l.accountId,
        l.shares,
        l.form,
      ]),
    ).toEqual([
      [seller, '-100', 'CERTIFICATE'],
      [seller, '60', 'CERTIFICATE'],
      [buyer, '40', 'CERTIFICATE'],
    ]);
    const rows = await t.deps.db.execute(
      sql`select c.number, c.shares::text, c.status, s.number as source from certificates c left join certificates s on s.id = c.source_certificate_id order by c.number`,
    );
    expect((rows as { rows: unknown[] }).rows).toEqual([
      { number: 'C-1', shares: '100.000000', status: 'CANCELLED', source: null },
      { number: 'LW000001', shares: '60.000000', status: 'OUTSTANDING', source: 'C-1' },
      { number: 'LW000002', shares: '40.000000', status: 'OUTSTANDING', source: 'C-1' },
    ]);

    const again = await transfer(seller, buyer, { certificateNumbers: ['C-1'] });
    expect([again.status, again.json.code]).toEqual([409, 'CERTIFICATE_CANCELLED']);
    const notHers = await transfer(seller, buyer, { certificateNumbers: ['LW000002'] });
    expect([notHers.status, notHers.json.code]).toEqual([409, 'CERTIFICATE_NOT_HELD']);
    const same = await transfer(seller, seller);
    expect(same.json.errors).toEqual({ toAccountId: M.sameAccount });

    const position = await get(`/ledger/accounts/${seller}/position`);
    expect(position.json.data).toMatchObject({ drsShares: '300', certificatedShares: '60', totalShares: '360' });
    const history = await get(`/ledger/accounts/${buyer}/transactions`);
    expect(history.json).toMatchObject({ total: 1, data: [{ type: 'TRANSFER' }] });
    const book = await get(`/ledger/classes/${classId}/control-book`);
    expect(book.json.data).toMatchObject({ outstandingShares: '400', masterFileTotal: '400', difference: '0' });
  });

  it('converts certificates to DRS and back, and cancels shares with a reason, the control book counting them', async () => {
    const account = await openAccount('CNV01', 'CNV0100001');
    await post('/ledger/issuances', { classId, accountId: account, shares: '50', form: 'DRS', effectiveDate: today });
    await post('/ledger/issuances', {
      classId,
      accountId: account,
      shares: '100',
      form: 'CERTIFICATE',
      certificateNumber: 'CV-1',
      effectiveDate: today,
    });
    const convert = (body: Record<string, unknown>) =>
      post('/ledger/conversions', { classId, accountId: account, effectiveDate: today, ...body });
    const position = async () => (await get(`/ledger/accounts/${account}/position`)).json.data;
    const legsOf = (res: { json: { data: { legs: { shares: string; form: string; certificateNumber: string }[] } } }) =>
      res.json.data.legs.map((l) => [l.shares, l.form, l.certificateNumber]);

    expect((await convert({ shares: '60', toForm: 'DRS' })).json.errors).toEqual({
      certificateNumbers: M.conversionNeedsCertificates,
    });
    expect((await convert({ shares: '10', toForm: 'CERTIFICATE', certificateNumbers: ['CV-1'] })).json.errors).toEqual({
      certificateNumbers: M.conversionFromDrs,
    });
    const toDrs = await convert({ shares: '60', toForm: 'DRS', certificateNumbers: ['cv-1'] });
    expect(toDrs.status, toDrs.text).toBe(201);
    expect(toDrs.json.data.type).toBe('CONVERSION');
    expect(legsOf(toDrs)).toEqual([
      ['-100', 'CERTIFICATE', 'CV-1'],
      ['40', 'CERTIFICATE', 'LW000001'],
      ['60', 'DRS', null],
    ]);
    expect(await position()).toMatchObject({ drsShares: '110', certificatedShares: '40' });
    const toPaper = await convert({ shares: '10', toForm: 'CERTIFICATE' });
    expect(legsOf(toPaper)).toEqual([
      ['-10', 'DRS', null],
      ['10', 'CERTIFICATE', 'LW000002'],
    ]);

    const cancel = (body: Record<string, unknown>) =>
      post('/ledger/cancellations', { classId, accountId: account, effectiveDate: today, ...body });
    expect((await cancel({ shares: '30' })).json.errors).toEqual({ reason: M.cancellationReasonRequired });
    const tooMany = await cancel({ shares: '1000', reason: 'Repurchased by the issuer' });
    expect([tooMany.status, tooMany.json.code]).toEqual([409, 'INSUFFICIENT_SHARES']);
    const cancelled = await cancel({ shares: '30', reason: 'Repurchased by the issuer' });
    expect(cancelled.status, cancelled.text).toBe(201);
    expect(cancelled.json.data).toMatchObject({ type: 'CANCELLATION', memo: 'Repurchased by the issuer' });
    const fromPaper = await cancel({ shares: '4', certificateNumbers: ['LW000002'], reason: 'Court order 26-114' });
    expect(legsOf(fromPaper)).toEqual([
      ['-10', 'CERTIFICATE', 'LW000002'],
      ['6', 'CERTIFICATE', 'LW000003'],
    ]);
    expect(await position()).toMatchObject({ drsShares: '70', certificatedShares: '46', totalShares: '116' });
    expect((await get(`/ledger/classes/${classId}/control-book`)).json.data).toMatchObject({
      issuedShares: '150',
      cancelledShares: '34',
      outstandingShares: '116',
      masterFileTotal: '116',
      difference: '0',
    });
  });

  it('corrects a DRS posting by a reversing transaction, once, and refuses what a reversal cannot undo', async () => {
    const seller = await openAccount('REV01', 'REV0100001', 100);
    const buyer = await openAccount('REV02', 'REV0200001');
    const reverse = (id: string, body: Record<string, unknown> = { reason: 'Keyed to the wrong account' }) =>
      post(`/ledger/transactions/${id}/reverse`, body);
    const position = async (id: string) => (await get(`/ledger/accounts/${id}/position`)).json.data.totalShares;

    const mistake = await transfer(seller, buyer, { shares: '40' });
    expect((await reverse(mistake.json.data.id, {})).json.errors).toEqual({ reason: M.reversalReasonRequired });
    const undone = await reverse(mistake.json.data.id);
    expect(undone.status, undone.text).toBe(201);
    expect(undone.json.data).toMatchObject({
      type: 'TRANSFER',
      reversesId: mistake.json.data.id,
      memo: 'Keyed to the wrong account',
    });
    expect(undone.json.data.legs.map((l: { shares: string }) => l.shares)).toEqual(['40', '-40']);
    expect([await position(seller), await position(buyer)]).toEqual(['100', '0']);
    expect((await reverse(mistake.json.data.id)).json.message).toBe(M.alreadyReversed);
    expect((await reverse(undone.json.data.id)).json.message).toBe(M.reversalOfReversal);

    // The receiver spent the shares: the reversal cannot take them back.
    const spent = await transfer(seller, buyer, { shares: '30' });
    expect((await transfer(buyer, seller, { shares: '30' })).status).toBe(201);
    const refused = await reverse(spent.json.data.id);
    expect([refused.status, refused.json.code]).toEqual([409, 'INSUFFICIENT_SHARES']);

    // An issuance's reversal takes the shares out of the issued count again.
    const before = (await get(`/ledger/classes/${classId}/control-book`)).json.data;
    const issued = await post('/ledger/issuances', {
      classId,
      accountId: buyer,
      shares: '7',
      form: 'DRS',
      effectiveDate: today,
    });
    expect((await reverse(issued.json.data.id, { reason: 'Issued in error' })).status).toBe(201);
    expect((await get(`/ledger/classes/${classId}/control-book`)).json.data).toMatchObject({
      issuedShares: before.issuedShares,
      outstandingShares: before.outstandingShares,
      difference: '0',
    });

    const paper = await post('/ledger/issuances', {
      classId,
      accountId: buyer,
      shares: '5',
      form: 'CERTIFICATE',
      certificateNumber: 'REV-1',
      effectiveDate: today,
    });
    expect((await reverse(paper.json.data.id)).json.message).toBe(M.reversalOfCertificates);
    expect((await reverse('00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('finds any certificate by number with its lineage, and a stop order blocks it until released', async () => {
    const seller = await openAccount('STP01', 'STP0100001');
    const buyer = await openAccount('STP02', 'STP0200001');
    await post('/ledger/issuances', {
      classId,
      accountId: seller,
      shares: '100',
      form: 'CERTIFICATE',
      certificateNumber: 'PA-1',
      effectiveDate: today,
    });
    expect((await transfer(seller, buyer, { shares: '30', certificateNumbers: ['PA-1'] })).status).toBe(201);

    const cancelled = await get('/certificates?number=pa-1');
    expect(cancelled.json.data).toEqual([
      expect.objectContaining({
        number: 'PA-1',
        status: 'CANCELLED',
        shares: '100',
        cancellationDate: today,
        derivedCertificateNumbers: ['LW000001'],
        stopOrders: [],
      }),
    ]);
    const balance = (await get('/certificates?number=LW000001')).json.data[0];
    expect(balance).toMatchObject({ sourceCertificateNumber: 'PA-1', shares: '70', status: 'OUTSTANDING' });
    expect((await get('/certificates?number=')).json.errors).toEqual({ number: CERTIFICATE_MESSAGES.numberRequired });
    expect((await get('/certificates?number=NOPE')).json.data).toEqual([]);

    const stop = (body: unknown, id = balance.id) => post(`/certificates/${id}/stop`, body);
    expect((await stop({ reason: 'MISPLACED' })).json.errors).toEqual({ reason: CERTIFICATE_MESSAGES.reasonInvalid });
    const stopped = await stop({ reason: 'LOST', note: 'Holder reported it lost by phone' });
    expect(stopped.status, stopped.text).toBe(200);
    expect(stopped.json.data).toMatchObject({
      status: 'STOPPED',
      stopOrders: [{ action: 'PLACED', reason: 'LOST', by: 'registrar' }],
    });
    expect((await stop({ reason: 'STOLEN' })).json.message).toBe(CERTIFICATE_MESSAGES.alreadyStopped);
    expect((await stop({ reason: 'LOST' }, cancelled.json.data[0].id)).json.code).toBe('CERTIFICATE_CANCELLED');
    const blocked = await transfer(seller, buyer, { shares: '5', certificateNumbers: ['LW000001'] });
    expect([blocked.status, blocked.json.code]).toEqual([409, 'CERTIFICATE_STOPPED']);
    expect((await get(`/ledger/accounts/${seller}/position`)).json.data.certificatedShares).toBe('70');

    const released = await post(`/certificates/${balance.id}/release`, { note: 'Found' });
    expect(released.json.data).toMatchObject({
      status: 'OUTSTANDING',
      stopOrders: [{ action: 'PLACED' }, { action: 'RELEASED', note: 'Found' }],
    });
    expect((await post(`/certificates/${balance.id}/release`, {})).json.message).toBe(CERTIFICATE_MESSAGES.notStopped);
    expect((await transfer(seller, buyer, { shares: '5', certificateNumbers: ['LW000001'] })).status).toBe(201);
    expect((await post('/certificates/not-an-id/stop', { reason: 'LOST' })).status).toBe(404);

    await createAdminUser(t.deps, { username: 'reviewer', password: PASSWORD, role: 'REVIEWER' });
    const reviewer = await loginToken(t, 'reviewer', PASSWORD);
    expect((await get('/certificates?number=PA-1', reviewer)).status).toBe(200);
    expect((await post(`/certificates/${balance.id}/stop`, { reason: 'LOST' }, reviewer)).status).toBe(403);
  });

  it('replaces a lost certificate under a stop order by a REISSUANCE, as a new certificate or DRS, outstanding unchanged', async () => {
    const holderAccount = await openAccount('REI01', 'REI0100001');
    const issue = (certificateNumber: string, shares: string) =>
      post('/ledger/issuances', {
        classId,
        accountId: holderAccount,
        shares,
        form: 'CERTIFICATE',
        certificateNumber,
        effectiveDate: today,
      });
    await issue('RE-1', '100');
    await issue('RE-2', '40.5');
    const [first] = (await get('/certificates?number=RE-1')).json.data;
    const [second] = (await get('/certificates?number=RE-2')).json.data;
    const reissue = (body: Record<string, unknown>) =>
      post('/ledger/reissuances', { replacementForm: 'CERTIFICATE', effectiveDate: today, ...body });

    // Only a certificate under a stop order for loss, theft or destruction is replaced.
    const notStopped = await reissue({ certificateId: first.id });
    expect([notStopped.status, notStopped.json.code, notStopped.json.message]).toEqual([
      409,
      'CERTIFICATE_NOT_STOPPED',
      M.reissueNeedsStop,
    ]);
    await post(`/certificates/${second.id}/stop`, { reason: 'ADVERSE_CLAIM', note: 'Claim by a former spouse' });
    expect((await reissue({ certificateId: second.id })).json.message).toBe(M.reissueAdverseClaim);
    await post(`/certificates/${first.id}/stop`, { reason: 'LOST', note: 'Lost in a move' });
    expect(
      (await reissue({ certificateId: first.id, replacementForm: 'DRS', replacementCertificateNumber: 'X-1' })).json
        .errors,
    ).toEqual({
      replacementCertificateNumber: M.certificateOnlyForCertificate,
    });
    expect((await reissue({ certificateId: first.id, effectiveDate: yesterday, memo: 'Late' })).json.errors).toEqual({
      effectiveDate: M.reissueBeforeIssue,
    });
    const bookBefore = (await get(`/ledger/classes/${classId}/control-book`)).json.data;

    const replaced = await reissue({
      certificateId: first.id,
      replacementCertificateNumber: 'RE-1R',
      memo: 'Affidavit of loss and bond on file',
    });
    expect(replaced.status, replaced.text).toBe(201);
    expect(replaced.json.data).toMatchObject({
      type: 'REISSUANCE',
      legs: [
        { shares: '-100', form: 'CERTIFICATE', certificateNumber: 'RE-1' },
        { shares: '100', form: 'CERTIFICATE', certificateNumber: 'RE-1R' },
      ],
    });
    const [lost] = (await get('/certificates?number=RE-1')).json.data;
    expect(lost).toMatchObject({ status: 'CANCELLED', cancellationDate: today, derivedCertificateNumbers: ['RE-1R'] });
    expect(lost.stopOrders).toEqual([expect.objectContaining({ action: 'PLACED', reason: 'LOST' })]);
    expect((await get('/certificates?number=RE-1R')).json.data[0]).toMatchObject({
      status: 'OUTSTANDING',
      shares: '100',
      sourceCertificateNumber: 'RE-1',
      registration: 'Holder REI01',
    });
    // Once replaced, the old certificate can be neither replaced again nor released.
    expect((await reissue({ certificateId: first.id })).json.code).toBe('CERTIFICATE_CANCELLED');
    expect((await post(`/certificates/${first.id}/release`, {})).status).toBe(409);

    // The adverse claim settled, a destroyed certificate comes back as DRS.
    await post(`/certificates/${second.id}/release`, { note: 'Claim withdrawn' });
    await post(`/certificates/${second.id}/stop`, { reason: 'DESTROYED' });
    const toDrs = await reissue({ certificateId: second.id, replacementForm: 'DRS' });
    expect(toDrs.json.data.legs).toEqual([
      expect.objectContaining({ shares: '-40.5', form: 'CERTIFICATE', certificateNumber: 'RE-2' }),
      expect.objectContaining({ shares: '40.5', form: 'DRS', certificateNumber: null }),
    ]);
    expect((await get(`/ledger/accounts/${holderAccount}/position`)).json.data).toMatchObject({
      drsShares: '40.5',
      certificatedShares: '100',
    });
    expect((await get(`/ledger/classes/${classId}/control-book`)).json.data).toEqual(bookBefore);
    expect((await get(`/ledger/transactions?type=REISSUANCE`)).json.total).toBe(2);
    expect(
      (await post('/ledger/reissuances', { certificateId: first.id, replacementForm: 'DRS', effectiveDate: today }))
        .status,
    ).toBe(409);
  });

  it('streams the record-date list page by page, reading ahead, with every holder once and in order', async () => {
    const numbers = ['PGA0100001', 'PGB0100001', 'PGC0100001', 'PGD0100001', 'PGE0100001'];
    for (const [index, number] of numbers.entries()) {
      const account = await openAccount(`PG${index}X1`, number);
      // The fourth account holds nothing: a page of accounts may hold fewer holders than accounts.
      if (index === 3) continue;
      const issued = await post('/ledger/issuances', {
        classId,
        accountId: account,
        shares: `${index + 1}`,
        form: 'DRS',
        effectiveDate: today,
      });
      expect(issued.status, issued.text).toBe(201);
    }
    const { pages } = await holderPages(t.deps, classId, undefined, { pageRows: 2 });
    const seen: string[][] = [];
    for await (const page of pages) seen.push(page.map((row) => `${row.accountNumber}=${row.shares}`));
    expect(seen).toEqual([['PGA0100001=1', 'PGB0100001=2'], ['PGC0100001=3'], ['PGE0100001=5']]);
  });

  it('gives positions and the record-date list as of a date: yesterday reads the same after today', async () => {
    const a = await openAccount('AAA01', 'AAA0100001');
    const b = await openAccount('BBB01', 'BBB0100001');
    const memo = 'Issued at the closing yesterday; entered today';
    await post('/ledger/issuances', {
      classId,
      accountId: a,
      shares: '500',
      form: 'DRS',
      effectiveDate: yesterday,
      memo,
    });
    await post('/ledger/issuances', {
      classId,
      accountId: b,
      shares: '0.25',
      form: 'DRS',
      effectiveDate: yesterday,
      memo,
    });
    const before = await get(`/ledger/classes/${classId}/holders?asOf=${yesterday}`);
    const csvBefore = await t.request(
      'GET',
      `/api/admin/ledger/classes/${classId}/holders/export/csv?asOf=${yesterday}`,
      {
        token: admin,
      },
    );
    expect(before.json).toMatchObject({ asOf: yesterday, total: 2, totalShares: '500.25' });
    expect(before.json.data).toEqual([
      expect.objectContaining({ accountNumber: 'AAA0100001', shares: '500' }),
      expect.objectContaining({ accountNumber: 'BBB0100001', shares: '0.25' }),
    ]);

    await transfer(a, b, { shares: '200' });
    const after = await get(`/ledger/classes/${classId}/holders?asOf=${yesterday}`);
    const csvAfter = await t.request(
      'GET',
      `/api/admin/ledger/classes/${classId}/holders/export/csv?asOf=${yesterday}`,
      {
        token: admin,
      },
    );
    expect(after.json).toEqual(before.json);
    expect(csvAfter.text).toBe(csvBefore.text);
    expect(csvAfter.text).toContain('AAA0100001,Holder AAA01,500,');

    // Back-dated to yesterday, a debit must fit yesterday's holding too, not only today's.
    await post('/ledger/issuances', { classId, accountId: b, shares: '1000', form: 'DRS', effectiveDate: today });
    const past = await transfer(b, a, { shares: '500', effectiveDate: yesterday, memo: 'Late entry' });
    expect([past.status, past.json.code, past.json.message]).toEqual([
      409,
      'INSUFFICIENT_SHARES',
      M.insufficientSharesOnDate,
    ]);
    expect((await get(`/ledger/accounts/${a}/position?asOf=${yesterday}`)).json.data.totalShares).toBe('500');
    expect((await get(`/ledger/accounts/${a}/position`)).json.data.totalShares).toBe('300');
    const todayList = await get(`/ledger/classes/${classId}/holders`);
    expect(todayList.json.data.map((h: { shares: string }) => h.shares)).toEqual(['300', '1200.25']);
    expect((await get(`/ledger/accounts/${a}/position?asOf=2026-02-30`)).status).toBe(400);
  });

  it('keeps a journal narrowed by issuer, class, type, dates and account, with the account balance after each', async () => {
    const a = await openAccount('JRN01', 'JRN0100001');
    const b = await openAccount('JRN02', 'JRN0200002');
    const other = await post('/issuers', { legalName: 'Other Corp' });
    const otherClass = await post(`/issuers/${other.json.data.id}/classes`, {
      name: 'Ordinary',
      authorizedShares: '500',
    });
    const c = await openAccount('JRN03', 'JRN0300003', 0, { issuer: 'Other Corp', shareClass: 'Ordinary' });
    const memo = 'Entered a day late';
    await post('/ledger/issuances', {
      classId,
      accountId: a,
      shares: '100',
      form: 'DRS',
      effectiveDate: yesterday,
      memo,
    });
    await post('/ledger/issuances', {
      classId: otherClass.json.data.id,
      accountId: c,
      shares: '5',
      form: 'DRS',
      effectiveDate: today,
    });
    await transfer(a, b, { shares: '30' });
    const half = await transfer(a, b, { shares: '0.5' });

    const all = await get('/ledger/transactions');
    expect(all.status, all.text).toBe(200);
    // A plain DRS transfer is posted in one statement (post-transfer-fast.ts): its answer is what the journal reads.
    expect(half.json.data).toEqual(all.json.data[0]);
    expect(all.json.total).toBe(4);
    // Newest effective date first, then the newest posted: the issuance dated yesterday comes last.
    expect(all.json.data.map((row: { type: string }) => row.type)).toEqual([
      'TRANSFER',
      'TRANSFER',
      'ISSUANCE',
      'ISSUANCE',
    ]);
    expect(all.json.data[3]).toMatchObject({ effectiveDate: yesterday, memo });

    const ofIssuer = await get(`/ledger/transactions?issuerId=${other.json.data.id}`);
    expect(ofIssuer.json.data.map((row: { classId: string }) => row.classId)).toEqual([otherClass.json.data.id]);
    expect((await get(`/ledger/transactions?classId=${classId}&type=ISSUANCE`)).json.total).toBe(1);
    expect((await get(`/ledger/transactions?to=${yesterday}`)).json.total).toBe(1);
    expect((await get(`/ledger/transactions?from=${today}&to=${today}`)).json.total).toBe(3);
    expect((await get('/ledger/transactions?accountNumber=jrn0200002')).json.total).toBe(2);
    expect((await get('/ledger/transactions?accountNumber=NOSUCH')).json).toMatchObject({ total: 0, data: [] });

    // The account's own list carries its balance after each transaction, newest first, on every page.
    const page1 = await get(`/ledger/accounts/${a}/transactions?limit=2`);
    const page2 = await get(`/ledger/accounts/${a}/transactions?limit=2&page=2`);
    expect([...page1.json.data, ...page2.json.data].map((row: { balanceAfter: string }) => row.balanceAfter)).toEqual([
      '69.5',
      '70',
      '100',
    ]);
    const position = await get(`/ledger/accounts/${a}/position`);
    expect(position.json.data).toMatchObject({
      accountNumber: 'JRN0100001',
      registrationName: 'Holder JRN01',
      className: 'Common',
      issuerName: 'Acme Corp',
      totalShares: '69.5',
    });

    // The account's certificates, whatever their status.
    await transfer(a, b, { shares: '9', toForm: 'CERTIFICATE' });
    const certificates = await get(`/ledger/accounts/${b}/certificates`);
    expect(certificates.json).toMatchObject({
      total: 1,
      data: [{ accountNumber: 'JRN0200002', shares: '9', status: 'OUTSTANDING' }],
    });
    expect((await get(`/ledger/accounts/${c}/certificates`)).json.total).toBe(0);
    expect((await get('/ledger/accounts/00000000-0000-4000-8000-000000000000/certificates')).status).toBe(404);

    const reversed = await get(`/ledger/transactions?from=${today}&to=${yesterday}`);
    expect([reversed.status, reversed.json.errors?.to]).toEqual([400, M.dateRangeReversed]);
    expect((await get('/ledger/transactions?type=GIFT')).json.errors?.type).toBe(M.typeInvalid);
  });

  it('posts a transfer once for an Idempotency-Key: a retry answers the first posting, another body with it is a 422', async () => {
    const a = await openAccount('IDM01', 'IDM0100001');
    const b = await openAccount('IDM02', 'IDM0200002');
    await post('/ledger/issuances', { classId, accountId: a, shares: '100', form: 'DRS', effectiveDate: today });
    const body = { classId, fromAccountId: a, toAccountId: b, shares: '10', toForm: 'DRS', effectiveDate: today };
    const send = (key: string, change: Record<string, unknown> = {}) =>
      t.request('POST', '/api/admin/ledger/transfers', {
        token: admin,
        body: { ...body, ...change },
        headers: { 'Idempotency-Key': key },
      });
    const first = await send('transfer-key-0001');
    expect(first.status, first.text).toBe(201);
    const again = await send('transfer-key-0001');
    expect([again.status, again.json.data]).toEqual([201, first.json.data]);
    expect((await get(`/ledger/accounts/${a}/position`)).json.data.totalShares).toBe('90');
    expect((await get(`/ledger/transactions?accountNumber=IDM0100001&type=TRANSFER`)).json.total).toBe(1);

    const otherBody = await send('transfer-key-0001', { shares: '11' });
    expect(otherBody.status).toBe(422);
    expect((await send('short')).status).toBe(400);
    // A refused posting keeps nothing of its key: the same key may be used once the holding allows it.
    expect((await send('transfer-key-0002', { shares: '1000' })).status).toBe(409);
    expect((await send('transfer-key-0002', { shares: '1000' })).json.code).toBe('INSUFFICIENT_SHARES');
    expect((await get(`/ledger/accounts/${a}/position`)).json.data.totalShares).toBe('90');
  });

  it('lets every role read the ledger and only ADMIN and up post to it', async () => {
    await createAdminUser(t.deps, { username: 'reader', password: PASSWORD, role: 'READ_ONLY' });
    await createAdminUser(t.deps, { username: 'reviewer', password: PASSWORD, role: 'REVIEWER' });
    const account = await openAccount('RRR01', 'RRR0100001');
    for (const name of ['reader', 'reviewer']) {
      const token = await loginToken(t, name, PASSWORD);
      expect((await get(`/ledger/classes/${classId}/control-book`, token)).status).toBe(200);
      expect((await get(`/ledger/accounts/${account}/position`, token)).status).toBe(200);
      expect((await get('/issuers', token)).status).toBe(200);
      const issue = await post(
        '/ledger/issuances',
        { classId, accountId: account, shares: '1', form: 'DRS', effectiveDate: today },
        token,
      );
      expect(issue.status).toBe(403);
      expect((await transfer(account, account, {}, token)).status).toBe(403);
      const adjust = await post(
        '/ledger/authorized-adjustments',
        { classId, authorizedShares: '2000000', authorization: 'Board resolution', effectiveDate: today },
        token,
      );
      expect(adjust.status).toBe(403);
      for (const path of ['/ledger/conversions', '/ledger/cancellations']) {
        const body = {
          classId,
          accountId: account,
          shares: '1',
          toForm: 'CERTIFICATE',
          reason: 'x',
          effectiveDate: today,
        };
        const { toForm, reason, ...common } = body;
        expect(
          (await post(path, path.endsWith('conversions') ? { ...common, toForm } : { ...common, reason }, token))
            .status,
        ).toBe(403);
      }
    }
  });

  it('has a journal and stop orders the database itself refuses to change: UPDATE, DELETE and TRUNCATE fail', async () => {
    const account = await openAccount('IMM01', 'IMM0100001', 10);
    // A stop order to refuse changes to (row triggers fire only on rows that exist).
    await post('/ledger/issuances', {
      classId,
      accountId: account,
      shares: '5',
      form: 'CERTIFICATE',
      certificateNumber: 'IMM-1',
      effectiveDate: today,
    });
    const [certificate] = (await get('/certificates?number=IMM-1')).json.data;
    expect((await post(`/certificates/${certificate.id}/stop`, { reason: 'ADVERSE_CLAIM' })).status).toBe(200);
    for (const statement of [
      sql`update ledger_transactions set memo = 'rewritten'`,
      sql`delete from ledger_transactions`,
      sql`truncate ledger_transactions cascade`,
      sql`update ledger_legs set quantity = 1000000`,
      sql`delete from ledger_legs`,
      sql`truncate ledger_legs`,
      sql`update certificate_stop_orders set note = 'rewritten'`,
      sql`delete from certificate_stop_orders`,
      sql`truncate certificate_stop_orders`,
    ]) {
      const error = await t.deps.db.execute(statement).then(
        () => null,
        (e: Error) => e,
      );
      expect(String((error?.cause as Error | undefined)?.message ?? error)).toMatch(/is append-only/);
    }
    expect((await get(`/ledger/accounts/${account}/position`)).json.data.totalShares).toBe('15');
    expect((await get('/certificates?number=IMM-1')).json.data[0].stopOrders).toHaveLength(1);
  });

  it("turns the database's own refusals (an overdraft, cancelling more than issued, a number twice) into 409s", async () => {
    const account = await openAccount('DBC01', 'DBC0100001', 10, {
      holdingType: 'CERTIFICATED',
      certificateNumbers: ['Z-1'],
    });
    const overdraft = await withPostingErrors(() =>
      t.deps.db.execute(sql`update ledger_positions set certificated_shares = -1 where account_id = ${account}`),
    ).catch((e: AppError) => e);
    expect(overdraft).toMatchObject({ code: 'INSUFFICIENT_SHARES', status: 409 });
    const overCancelled = await withPostingErrors(() =>
      t.deps.db.execute(sql`update control_books set cancelled_shares = issued_shares + 1 where class_id = ${classId}`),
    ).catch((e: AppError) => e);
    expect(overCancelled).toMatchObject({ code: 'INSUFFICIENT_SHARES', status: 409 });
    const twice = await withPostingErrors(() =>
      t.deps.db.execute(sql`insert into certificates (issuer_id, class_id, number, account_id, shares, registration, issue_date, issued_by)
        select issuer_id, class_id, number, account_id, shares, registration, issue_date, issued_by from certificates`),
    ).catch((e: AppError) => e);
    expect(twice).toMatchObject({ code: 'CONFLICT', message: M.certificateNumberTaken });
  });

  it.runIf(TEST_ENGINE === 'postgres')(
    'serializes 20 simultaneous transfers of 100 from an account of 1,000: 10 posted, 10 refused, nothing left',
    async () => {
      const from = await openAccount('CON01', 'CON0100001', 1000);
      const to = await openAccount('CON02', 'CON0200001');
      const answers = await Promise.all(Array.from({ length: 20 }, () => transfer(from, to, { shares: '100' })));
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses).toEqual([...Array(10).fill(201), ...Array(10).fill(409)]);
      expect(answers.filter((a) => a.status === 409).every((a) => a.json.code === 'INSUFFICIENT_SHARES')).toBe(true);
      expect((await get(`/ledger/accounts/${from}/position`)).json.data.totalShares).toBe('0');
      expect((await get(`/ledger/accounts/${to}/position`)).json.data.totalShares).toBe('1000');
      expect((await get(`/ledger/classes/${classId}/control-book`)).json.data.difference).toBe('0');
    },
  );
});
