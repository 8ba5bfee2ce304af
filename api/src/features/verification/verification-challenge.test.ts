import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SAMPLE_DWAC_TRANSFER } from '@ledgerwell/shared/portal-requests.fixtures';
import { UPLOAD_SERVER_MESSAGES as M } from '@ledgerwell/shared/verification';
import { photoJpeg } from '../../test/images';
import { createTestApp, type TestApp } from '../../test/test-app';
import { solvedPayload } from '../../test/solve-challenge';
import { seedDemoRegistry } from '../registry/demo-registry';

describe('verification-code check past the limit', () => {
  let t: TestApp;
  let code: string;
  beforeEach(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '1', CHALLENGE_COST: '1' } });
    await seedDemoRegistry(t.deps);
    const step1 = await t.request('POST', '/api/shareholder-portal/validate-code', { body: { code: 'DEMO02' } });
    const step2 = await t.request('POST', '/api/shareholder-portal/validate-account', {
      token: step1.json.token,
      body: { accountNumber: '200300400' },
    });
    const filed = await t.request('POST', '/api/shareholder-portal/submit-request', {
      token: step2.json.token,
      body: {
        requestType: 'TRANSFER',
        formData: { ...SAMPLE_DWAC_TRANSFER, transfer_shares_text: '10', transfer_shares_count: 10 },
      },
    });
    code = filed.json.data.verificationCode;
  });
  afterEach(() => t.close());

  const validate = (body: Record<string, unknown>) =>
    t.request('POST', '/api/shareholder-portal/validate-verification-code', {
      body,
      headers: { 'X-Forwarded-For': '198.51.100.7' },
    });

  it('challenges the 21st code from one address; a solved challenge with a wrong code is still refused and counted, with the right one accepted', async () => {
    for (let i = 0; i < 20; i++) expect((await validate({ code: `WRONG${i}CODE0000` })).status).toBe(404);
    const challenged = await validate({ code });
    expect(challenged.status).toBe(429);
    expect(challenged.json).toMatchObject({ code: 'CHALLENGE_REQUIRED', message: M.tooManyAttempts });

    const wrong = await validate({ code: 'WRONG99CODE0000', altcha: await solvedPayload(challenged.json.challenge) });
    expect(wrong.status).toBe(404);
    const again = await validate({ code });
    expect(again.json.code).toBe('CHALLENGE_REQUIRED');
    const right = await validate({ code, altcha: await solvedPayload(again.json.challenge) });
    expect(right.status).toBe(200);
    expect(right.json.data.referenceNumber).toMatch(/^TR-/);
  });

  it('takes the solved payload on the status check by code too (query `altcha`)', async () => {
    for (let i = 0; i < 20; i++) expect((await validate({ code: `WRONG${i}CODE0000` })).status).toBe(404);
    const status = (altcha?: string) =>
      t.request(
        'GET',
        `/api/shareholder-portal/check-verification-status?code=${code}${altcha ? `&altcha=${encodeURIComponent(altcha)}` : ''}`,
        {
          headers: { 'X-Forwarded-For': '198.51.100.7' },
        },
      );
    const challenged = await status();
    expect(challenged.json.code).toBe('CHALLENGE_REQUIRED');
    expect((await status(await solvedPayload(challenged.json.challenge))).status).toBe(200);
  });

  it('takes the solved payload on the upload too, as a text field before the photo', async () => {
    for (let i = 0; i < 20; i++) expect((await validate({ code: `WRONG${i}CODE0000` })).status).toBe(404);
    const photo = await photoJpeg(1200, 900);
    const upload = async (altcha?: string) => {
      const form = new FormData();
      form.set('documentType', 'selfie');
      form.set('verificationCode', code);
      if (altcha) form.set('altcha', altcha);
      form.set('document', new File([new Uint8Array(photo)], 'selfie.jpg', { type: 'image/jpeg' }));
      const response = await t.app.request('/api/shareholder-portal/upload-verification', {
        method: 'POST',
        body: form,
        headers: { 'X-Forwarded-For': '198.51.100.7' },
      });
      return { status: response.status, json: (await response.json()) as any };
    };
    const challenged = await upload();
    expect([challenged.status, challenged.json.code]).toEqual([429, 'CHALLENGE_REQUIRED']);
    expect((await upload(await solvedPayload(challenged.json.challenge))).status).toBe(200);
  });
});
