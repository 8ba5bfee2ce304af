import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sampleSubmitBody } from '@ledgerwell/shared/issuer-onboarding.fixtures';
import { SAMPLE_DWAC_TRANSFER } from '@ledgerwell/shared/portal-requests.fixtures';
import { deliverDueEmails } from './features/email/outbox-sender';
import { photoPng } from './test/images';
import { portalFixtures } from './test/portal-fixtures';
import { createAdminUser, createTestApp, loginToken, type TestApp } from './test/test-app';

/**
 * The whole life of a transfer with logging at its most verbose: whatever a line says, it must not
 * hold a credential or a tax ID. Issue 14: "no secret recoverable from a log".
 */
describe('the log during a full transfer, at debug level', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({ env: { LOG_LEVEL: 'debug' } });
  });
  afterEach(() => t.close());

  it('holds no tax ID, account number, verification code, token or password', async () => {
    const password = 'Rev!ewer-Passw0rd-9';
    const portal = portalFixtures(t);
    await portal.seed();
    await createAdminUser(t.deps, { username: 'rita', password, role: 'REVIEWER' });

    const step1 = await t.request('POST', '/api/shareholder-portal/validate-code', { body: { code: 'DEMO02' } });
    expect(
      (
        await t.request('POST', '/api/shareholder-portal/validate-account', {
          token: step1.json.token,
          body: { accountNumber: '200300499' },
        })
      ).status,
    ).toBe(401);
    const step2 = await t.request('POST', '/api/shareholder-portal/validate-account', {
      token: step1.json.token,
      body: { accountNumber: '200300400' },
    });
    const portalToken = step2.json.token as string;
    const submitted = await t.request('POST', '/api/shareholder-portal/submit-request', {
      token: portalToken,
      headers: { 'Idempotency-Key': 'flow-key-0001' },
      body: {
        requestType: 'TRANSFER',
        formData: { ...SAMPLE_DWAC_TRANSFER, transfer_shares_text: '10', transfer_shares_count: 10 },
      },
    });
    expect(submitted.status).toBe(201);
    const code = submitted.json.data.verificationCode as string;
    const requestId = submitted.json.data.id as string;

    await t.app.request(`/verify/${code}`);
    expect(
      (await t.request('POST', '/api/shareholder-portal/validate-verification-code', { body: { code } })).status,
    ).toBe(200);
    expect((await t.request('GET', `/api/shareholder-portal/check-verification-status?code=${code}`)).status).toBe(200);
    await portal.uploadAll(code);

    expect(
      (await t.request('POST', '/api/admin/login', { body: { username: 'rita', password: `${password}x` } })).status,
    ).toBe(401);
    const admin = await loginToken(t, 'rita', password);
    const list = await t.request('GET', `/api/admin/requests?search=${submitted.json.referenceNumber}`, {
      token: admin,
    });
    expect(list.json.requests.map((r: { id: string }) => r.id)).toContain(requestId);
    const detail = await t.request('GET', `/api/admin/requests/${requestId}`, { token: admin });
    const image = await t.app.request(`/api/admin/requests/${requestId}/verification/selfie`, {
      headers: { Authorization: `Bearer ${admin}` },
    });
    expect(image.status).toBe(200);
    for (const document of detail.json.data.verificationDocuments as { id: string }[]) {
      expect(
        (
          await t.request('PUT', `/api/admin/requests/${requestId}/documents/${document.id}/status`, {
            token: admin,
            body: { status: 'APPROVED' },
          })
        ).status,
      ).toBe(200);
    }
    // The outbox sends the verification link; a failing server first, then a working one.
    t.clock.advance(60 * 1000);
    await deliverDueEmails(t.deps, { sendMail: () => Promise.reject(new Error('421 try later')) });
    t.clock.advance(60 * 60 * 1000);
    expect((await deliverDueEmails(t.deps, { sendMail: async () => undefined })).sent).toBeGreaterThan(0);

    const log = t.logLines.join('');
    // The log did record the flow: at debug level, every call, the failed send with its error.
    expect(t.deps.logger.level).toBe('debug');
    const entries = t.logLines.map((line) => JSON.parse(line) as { msg: string; path?: string });
    expect(entries.filter((e) => e.msg === 'request').length).toBeGreaterThanOrEqual(14);
    expect(entries.some((e) => e.path === '/verify/[redacted]')).toBe(true);
    expect(entries.some((e) => e.msg === 'sending an e-mail failed')).toBe(true);
    const secrets = {
      taxId: SAMPLE_DWAC_TRANSFER.shareholder_tax_id,
      taxIdDigits: SAMPLE_DWAC_TRANSFER.shareholder_tax_id.replace(/\D/g, ''),
      accountNumber: '200300400',
      wrongAccountNumber: '200300499',
      code,
      codeLower: code.toLowerCase(),
      stepOneToken: step1.json.token as string,
      portalToken,
      adminToken: admin,
      password,
    };
    for (const [name, secret] of Object.entries(secrets))
      expect(log.includes(secret), `${name} in the log`).toBe(false);
  });
});

describe('the log of an issuer application, at debug level', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({
      env: { LOG_LEVEL: 'debug', ONBOARDING_NOTIFY_TO: 'onboarding-desk@ledgerwell.example' },
    });
  });
  afterEach(() => t.close());

  it('holds no EIN, whether the application is stored, refused or sent again, nor in the e-mails it logs', async () => {
    const signature = `data:image/png;base64,${(await photoPng(600, 200)).toString('base64')}`;
    const body = sampleSubmitBody({ signatureDataUrl: signature, form: { ein: '87-6543219' } });
    const stored = await t.request('POST', '/api/issuer-onboarding/submit', { body });
    expect(stored.status).toBe(201);
    expect((await t.request('POST', '/api/issuer-onboarding/submit', { body })).status).toBe(201);
    const changed = { ...body, final_application_data: { ...body.final_application_data, ein: '87-6543218' } };
    expect((await t.request('POST', '/api/issuer-onboarding/submit', { body: changed })).status).toBe(409);
    const refused = sampleSubmitBody({
      onboardingId: 'issuer_1767607200000_refused01',
      signatureDataUrl: signature,
      form: { ein: '87-6543217', postal_code: 'bad' },
    });
    expect((await t.request('POST', '/api/issuer-onboarding/submit', { body: refused })).status).toBe(400);
    // Without SMTP the outbox writes each e-mail, body included, to the log.
    t.clock.advance(60 * 1000);
    expect((await deliverDueEmails(t.deps, null)).sent).toBe(2);

    const log = t.logLines.join('');
    expect(log).toContain('e-mail (no SMTP_URL: logged, not sent)');
    for (const ein of ['87-6543219', '876543219', '87-6543218', '876543218', '87-6543217', '876543217', '6543219']) {
      expect(log.includes(ein), `${ein} in the log`).toBe(false);
    }
  });
});
