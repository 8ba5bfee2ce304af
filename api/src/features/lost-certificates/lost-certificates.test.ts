import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { adminActivity, shareholderAccounts, shareholderRequests } from '@ledgerwell/db/schema';
import { lostCertificateReports } from '@ledgerwell/db/ledger-schema';
import { ONBOARDING_MESSAGES } from '@ledgerwell/shared/issuer-onboarding-rules';
import { calendarDateIn } from '@ledgerwell/shared/ledger';
import {
  LOST_CERTIFICATE_MESSAGES as M,
  LOST_CERTIFICATE_NEXT_STEPS,
  lostCertificateAnswerSchema,
} from '@ledgerwell/shared/lost-certificates';
import { requestDetailSchema } from '@ledgerwell/shared/request-review';
import { photoPng } from '../../test/images';
import { portalFixtures } from '../../test/portal-fixtures';
import { createAdminUser, createTestApp, loginToken, type TestApp } from '../../test/test-app';

const PASSWORD = 'Correct-Horse-7';
const dataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;

/**
 * A holder's report of a lost, stolen or destroyed certificate (issue 30): the stop order lands with the report,
 * the affidavit is kept as signed, and approval posts the replacement with its lineage.
 */
describe('lost-certificate reports', () => {
  let t: TestApp;
  let admin: string;
  let portal: ReturnType<typeof portalFixtures>;
  let signature: string;

  const report = (body: Record<string, unknown>, token?: string, headers?: Record<string, string>) =>
    t.request('POST', '/api/shareholder-portal/lost-certificates', { token, body, headers });
  const staffGet = (path: string) => t.request('GET', `/api/admin${path}`, { token: admin });
  const staffPost = (path: string, body: unknown = {}) =>
    t.request('POST', `/api/admin${path}`, { token: admin, body });
  const today = () => calendarDateIn('America/Los_Angeles', t.deps.clock.now());
  const body = (change: Record<string, unknown> = {}, affidavit: Record<string, unknown> = {}) => ({
    certificateNumber: 'PA-0012',
    reason: 'LOST',
    circumstances: 'Kept in a desk drawer; not there after we moved house in March.',
    replacementForm: 'CERTIFICATE',
    affidavit: { fullName: 'Dana Whitfield', signature, signedAt: t.deps.clock.now().toISOString(), ...affidavit },
    ...change,
  });

  async function account(accountNumber: string) {
    const [row] = await t.deps.db
      .select({ id: shareholderAccounts.id, classId: shareholderAccounts.classId })
      .from(shareholderAccounts)
      .where(eq(shareholderAccounts.accountNumber, accountNumber));
    return row!;
  }
  const certificate = async (number: string) =>
    ((await staffGet(`/certificates?number=${number}`)).json.data as Record<string, unknown>[])[0]!;

  beforeAll(async () => {
    signature = dataUrl(await photoPng(600, 200));
  });
  beforeEach(async () => {
    t = await createTestApp();
    portal = portalFixtures(t);
    await portal.seed();
    await createAdminUser(t.deps, { username: 'registrar', password: PASSWORD, role: 'ADMIN' });
    admin = await loginToken(t, 'registrar', PASSWORD);
  });
  afterEach(() => t.close());

  it('stops the certificate at once, answers the reference and what follows, and a transfer of it is refused', async () => {
    const token = await portal.signIn('DEMO01', '100200300');
    // Dated as the portal dates it: the holder's calendar day.
    const res = await report(body({}, { signedAt: t.deps.clock.now().toISOString().slice(0, 10) }), token);
    expect(res.status, res.text).toBe(201);
    const answer = lostCertificateAnswerSchema.parse(res.json);
    expect(answer.referenceNumber).toMatch(/^LC-\d{4}-\d{6}$/);
    expect(answer.data).toEqual({
      id: expect.any(String),
      certificateNumber: 'PA-0012',
      status: 'STOPPED',
      nextSteps: [...LOST_CERTIFICATE_NEXT_STEPS],
    });
    expect(answer.data.nextSteps).toEqual([...LOST_CERTIFICATE_NEXT_STEPS]);

    const stopped = await certificate('PA-0012');
    expect(stopped).toMatchObject({
      status: 'STOPPED',
      stopOrders: [{ action: 'PLACED', reason: 'LOST', by: null }],
    });
    expect((stopped.stopOrders as { note: string }[])[0]!.note).toContain(answer.referenceNumber);

    // The request is the staff's LOST_CERTIFICATE, pending, with the report to read.
    const [request] = await t.deps.db
      .select()
      .from(shareholderRequests)
      .where(eq(shareholderRequests.id, answer.data.id));
    expect(request).toMatchObject({ requestType: 'LOST_CERTIFICATE', status: 'PENDING' });
    expect(request!.formData).toMatchObject({
      certificateNumber: 'PA-0012',
      reason: 'LOST',
      replacementForm: 'CERTIFICATE',
    });
    const [affidavit] = await t.deps.db
      .select()
      .from(lostCertificateReports)
      .where(eq(lostCertificateReports.requestId, answer.data.id));
    expect(affidavit).toMatchObject({ fullName: 'Dana Whitfield', reason: 'LOST', replacementForm: 'CERTIFICATE' });
    expect(affidavit!.signaturePng.subarray(1, 4).toString()).toBe('PNG');

    // Every report is on the activity log.
    const activity = await t.deps.db
      .select()
      .from(adminActivity)
      .where(eq(adminActivity.actionType, 'LOST_CERTIFICATE_REPORTED'));
    expect(activity).toEqual([
      expect.objectContaining({
        resourceType: 'REQUEST',
        resourceId: answer.data.id,
        adminUsername: 'shareholder DEMO01',
        details: expect.objectContaining({ certificateNumber: 'PA-0012', referenceNumber: answer.referenceNumber }),
      }),
    ]);

    // From that moment no transfer can consume the certificate: the ledger says 409.
    const from = await account('100200301');
    const open = await staffPost('/shareholders', {
      code: 'BUYER1',
      name: 'Buyer One',
      email: 'buyer1@example.com',
      address: { line1: '1 Main St', city: 'Fresno', state: 'CA', postalCode: '93721' },
      accounts: [
        {
          accountNumber: '900900900',
          registrationName: 'Buyer One',
          issuer: 'Acme Robotics Inc.',
          shareClass: 'Series A Preferred',
          sharesHeld: 0,
          holdingType: 'DRS',
          certificateNumbers: [],
        },
      ],
    });
    expect(open.status, open.text).toBe(201);
    const blocked = await staffPost('/ledger/transfers', {
      classId: from.classId,
      fromAccountId: from.id,
      toAccountId: open.json.data.accounts[0].id,
      shares: '1',
      toForm: 'DRS',
      certificateNumbers: ['PA-0012'],
      effectiveDate: today(),
    });
    expect([blocked.status, blocked.json.code], blocked.text).toEqual([409, 'CERTIFICATE_STOPPED']);

    // Reported twice: the stop is already in place.
    const again = await report(body(), token);
    expect([again.status, again.json.message]).toEqual([409, M.alreadyStopped]);
  });

  it("answers another holder's certificate as an unknown one, and nobody without a session", async () => {
    const token = await portal.signIn('DEMO01', '100200300');
    const other = await report(body({ certificateNumber: 'C-1001' }), token);
    const unknown = await report(body({ certificateNumber: 'ZZ-9999' }), token);
    expect([other.status, other.json.message]).toEqual([404, M.notFound]);
    expect([unknown.status, unknown.json.message]).toEqual([404, M.notFound]);
    expect({ ...other.json, requestId: null }).toEqual({ ...unknown.json, requestId: null });
    expect((await certificate('C-1001')).status).toBe('OUTSTANDING');
    expect((await report(body(), undefined)).status).toBe(401);
  });

  it('refuses a bad body with a message on each field', async () => {
    const token = await portal.signIn('DEMO01', '100200300');
    const refused = async (value: Record<string, unknown>, errors: Record<string, string>) => {
      const res = await report(value, token);
      expect(res.status, res.text).toBe(400);
      expect(res.json.errors).toMatchObject(errors);
    };
    await refused(body({}, { signature: 'data:image/jpeg;base64,AAAA' }), {
      'affidavit.signature': ONBOARDING_MESSAGES.signatureInvalid,
    });
    await refused(body({}, { signature: dataUrl(await photoPng(20, 20)) }), {
      'affidavit.signature': ONBOARDING_MESSAGES.signatureSize,
    });
    await refused(body({}, { fullName: '  ' }), { 'affidavit.fullName': M.fullNameRequired });
    await refused(body({}, { signedAt: 'yesterday' }), { 'affidavit.signedAt': M.signedAtInvalid });
    await refused(body({}, { signedAt: '2026-02-30' }), { 'affidavit.signedAt': M.signedAtInvalid });
    await refused(body({}, { signedAt: '2020-01-01' }), { 'affidavit.signedAt': M.signedAtNotToday });
    await refused(body({}, { signedAt: '2020-01-01T10:00:00Z' }), { 'affidavit.signedAt': M.signedAtNotToday });
    await refused(body({ reason: 'MISPLACED' }), { reason: M.reasonInvalid });
    await refused(body({ replacementForm: 'CASH' }), { replacementForm: M.replacementFormInvalid });
    await refused(body({ circumstances: '' }), { circumstances: M.circumstancesRequired });
    await refused(body({ certificateNumber: '' }), { certificateNumber: M.certificateRequired });
    // Nothing was stopped by a refused report.
    expect((await certificate('PA-0012')).status).toBe('OUTSTANDING');
  });

  it('stops a certificate reported twice at once for one report only', async () => {
    const token = await portal.signIn('DEMO01', '100200300');
    const both = await Promise.all([report(body(), token), report(body({ reason: 'STOLEN' }), token)]);
    expect(both.map((res) => res.status).sort()).toEqual([201, 409]);
    const stopped = await certificate('PA-0012');
    expect(stopped.stopOrders).toHaveLength(1);
    const reports = await t.deps.db.select().from(lostCertificateReports);
    expect(reports).toHaveLength(1);
  });

  it('files a retry with the same Idempotency-Key once', async () => {
    const token = await portal.signIn('DEMO01', '100200300');
    const headers = { 'Idempotency-Key': 'lost-report-0001' };
    const first = await report(body(), token, headers);
    const second = await report(body(), token, headers);
    expect(first.status, first.text).toBe(201);
    expect([second.status, second.json]).toEqual([201, first.json]);
    expect((await report(body({ reason: 'STOLEN' }), token, headers)).status).toBe(422);
  });

  it('keeps the affidavit as signed: UPDATE, DELETE and TRUNCATE fail', async () => {
    const token = await portal.signIn('DEMO01', '100200300');
    expect((await report(body(), token)).status).toBe(201);
    for (const statement of [
      sql`update lost_certificate_reports set full_name = 'Someone Else'`,
      sql`delete from lost_certificate_reports`,
      sql`truncate lost_certificate_reports`,
    ]) {
      const error = await t.deps.db.execute(statement).then(
        () => null,
        (e: Error) => e,
      );
      expect(String((error?.cause as Error | undefined)?.message ?? error)).toMatch(/is append-only/);
    }
  });

  it('shows staff the report and its affidavit, with the signature image', async () => {
    const token = await portal.signIn('DEMO01', '100200300');
    const filed = await report(body({ reason: 'DESTROYED', replacementForm: 'DRS' }), token);
    // The holder reads their report back among their requests, with what they sent.
    const own = await t.request('GET', `/api/shareholder-portal/requests/${filed.json.data.id}`, { token });
    expect(own.status, own.text).toBe(200);
    expect(own.json.request).toMatchObject({ requestType: 'LOST_CERTIFICATE', status: 'PENDING', needed: [] });
    expect(own.json.request.submitted).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ value: 'PA-0012' }),
        expect.objectContaining({ value: 'Destroyed' }),
        expect.objectContaining({ value: 'Book-entry (DRS) credit' }),
      ]),
    );
    const list = await staffGet('/requests?requestType=lost_certificate');
    expect(list.status, list.text).toBe(200);
    expect(list.json.requests.map((r: { id: string }) => r.id)).toEqual([filed.json.data.id]);
    const detail = await staffGet(`/requests/${filed.json.data.id}`);
    expect(detail.status, detail.text).toBe(200);
    const parsed = requestDetailSchema.parse(detail.json.data ?? detail.json.request ?? detail.json);
    expect(parsed.lostCertificate).toMatchObject({
      certificateNumber: 'PA-0012',
      certificateStatus: 'STOPPED',
      reason: 'DESTROYED',
      replacementForm: 'DRS',
      fullName: 'Dana Whitfield',
      replacementCertificateNumber: null,
    });
    const image = await t.app.request(parsed.lostCertificate!.signatureUrl, {
      headers: { Authorization: `Bearer ${admin}` },
    });
    expect(image.status).toBe(200);
    expect(image.headers.get('Content-Type')).toBe('image/png');
    expect(
      Buffer.from(await image.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
  });

  async function approveAndPost(requestId: string, expected = 201) {
    const approved = await t.request('PUT', `/api/admin/requests/${requestId}/status`, {
      token: admin,
      body: { status: 'APPROVED' },
    });
    expect(approved.status, approved.text).toBe(200);
    const preview = await staffGet(`/requests/${requestId}/posting`);
    expect(preview.status, preview.text).toBe(200);
    const posted = await staffPost(`/requests/${requestId}/post`);
    expect(posted.status, posted.text).toBe(expected);
    return { preview: preview.json.data, transaction: posted.json.data };
  }

  it('on approval posts a REISSUANCE: the old certificate cancelled, a new one cut from it, as the holder sees it', async () => {
    const token = await portal.signIn('DEMO01', '100200300');
    const filed = await report(body(), token);
    const old = await certificate('PA-0012');
    const { preview, transaction } = await approveAndPost(filed.json.data.id);
    expect(preview).toMatchObject({
      type: 'REISSUANCE',
      toForm: 'CERTIFICATE',
      shares: old.shares,
      debit: { form: 'CERTIFICATE', certificates: [{ number: 'PA-0012', shares: old.shares }], balanceBack: '0' },
      to: { kind: 'HOLDER', opensAccount: false },
    });
    expect(transaction).toMatchObject({ type: 'REISSUANCE', sourceRequestId: filed.json.data.id });

    const cancelled = await certificate('PA-0012');
    expect(cancelled).toMatchObject({ status: 'CANCELLED', cancelledBy: transaction.id });
    const [replacementNumber] = cancelled.derivedCertificateNumbers as string[];
    expect(replacementNumber).toBeDefined();
    expect(await certificate(replacementNumber!)).toMatchObject({
      status: 'OUTSTANDING',
      shares: old.shares,
      sourceCertificateNumber: 'PA-0012',
      accountId: old.accountId,
    });
    const [request] = await t.deps.db
      .select({ status: shareholderRequests.status })
      .from(shareholderRequests)
      .where(eq(shareholderRequests.id, filed.json.data.id));
    expect(request!.status).toBe('COMPLETED');
    const detail = await staffGet(`/requests/${filed.json.data.id}`);
    expect(
      requestDetailSchema.parse(detail.json.data ?? detail.json.request ?? detail.json).lostCertificate,
    ).toMatchObject({
      certificateStatus: 'CANCELLED',
      replacementCertificateNumber: replacementNumber,
    });

    // The holder's holdings: the replacement held, the old one cancelled, the total unchanged.
    const holdings = await t.request('GET', '/api/shareholder-portal/holdings', { token });
    const preferred = (
      holdings.json.data.accounts as {
        accountId: string;
        totalShares: string;
        certificates: { number: string; status: string }[];
      }[]
    ).find((a) => a.accountId === old.accountId)!;
    expect(preferred.totalShares).toBe('250');
    expect(preferred.certificates).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ number: 'PA-0012', status: 'CANCELLED' }),
        expect.objectContaining({ number: replacementNumber, status: 'OUTSTANDING' }),
      ]),
    );
    // A cancelled certificate cannot be reported again.
    const again = await report(body(), token);
    expect([again.status, again.json.message]).toEqual([409, M.cancelled]);
  });

  it('posts a DRS credit when the holder chose book-entry', async () => {
    const token = await portal.signIn('DEMO03', '300400500');
    const old = await certificate('C-1002');
    const filed = await report(
      body(
        { certificateNumber: 'c-1002', reason: 'STOLEN', replacementForm: 'DRS' },
        { fullName: 'Bell Family Trust' },
      ),
      token,
    );
    expect(filed.status, filed.text).toBe(201);
    const before = (await staffGet(`/ledger/accounts/${old.accountId}/position`)).json.data;
    // 16,000 shares: above the dual-control size, so the posting waits for a second person, as a transfer would.
    const proposed = await approveAndPost(filed.json.data.id, 202);
    expect(proposed.transaction.status).toBe('PROPOSED');
    expect((await staffPost(`/ledger/postings/${proposed.transaction.id}/confirm`)).status).toBe(403);
    await createAdminUser(t.deps, { username: 'second', password: PASSWORD, role: 'ADMIN' });
    const second = await loginToken(t, 'second', PASSWORD);
    const confirmed = await t.request('POST', `/api/admin/ledger/postings/${proposed.transaction.id}/confirm`, {
      token: second,
    });
    expect(confirmed.status, confirmed.text).toBe(201);
    const transaction = confirmed.json.data;
    expect(transaction).toMatchObject({ type: 'REISSUANCE', sourceRequestId: filed.json.data.id });
    expect(await certificate('C-1002')).toMatchObject({
      status: 'CANCELLED',
      cancelledBy: transaction.id,
      derivedCertificateNumbers: [],
    });
    const after = (await staffGet(`/ledger/accounts/${old.accountId}/position`)).json.data;
    expect(after.totalShares).toBe(before.totalShares);
    expect(Number(after.drsShares) - Number(before.drsShares)).toBe(Number(old.shares));
  });
});
