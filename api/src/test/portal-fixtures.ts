import { eq } from 'drizzle-orm';
import { shareholderRequests } from '@ledgerwell/db/schema';
import { SAMPLE_DWAC_TRANSFER } from '@ledgerwell/shared/portal-requests.fixtures';
import type { DocumentType } from '@ledgerwell/shared/verification';
import { seedDemoRegistry } from '../features/registry/demo-registry';
import { photoJpeg } from './images';
import type { TestApp } from './test-app';

/** Portal steps for tests of what comes after a submission: sign in, file requests, send photos. */
export function portalFixtures(t: TestApp) {
  let photo: Buffer | undefined;

  async function signIn(code = 'DEMO02', accountNumber = '200300400') {
    const step1 = await t.request('POST', '/api/shareholder-portal/validate-code', { body: { code } });
    const step2 = await t.request('POST', '/api/shareholder-portal/validate-account', {
      token: step1.json.token,
      body: { accountNumber },
    });
    if (step2.status !== 200) throw new Error(`portal sign-in failed: ${step2.text}`);
    return step2.json.token as string;
  }

  async function submit(token: string, requestType: string, formData: Record<string, unknown>) {
    const res = await t.request('POST', '/api/shareholder-portal/submit-request', {
      token,
      body: { requestType, formData },
    });
    if (res.status !== 201) throw new Error(`submit failed: ${res.text}`);
    return {
      id: res.json.data.id as string,
      referenceNumber: res.json.referenceNumber as string,
      code: res.json.data.verificationCode as string | undefined,
    };
  }

  const transfer = (token: string, shares = 10) =>
    submit(token, 'TRANSFER', {
      ...SAMPLE_DWAC_TRANSFER,
      transfer_shares_text: String(shares),
      transfer_shares_count: shares,
    });
  const inquiry = (token: string, message = 'When is the next dividend paid?') =>
    submit(token, 'INQUIRY', { inquiry_message: message });

  /**
   * A DWAC transfer filed by the holder, approved (the review is tested elsewhere) and posted to the ledger by
   * staff with `adminToken` (ADMIN and up).
   */
  async function postedTransfer(token: string, adminToken: string, shares: number) {
    const filed = await transfer(token, shares);
    await t.deps.db
      .update(shareholderRequests)
      .set({ status: 'APPROVED', processedAt: t.deps.clock.now() })
      .where(eq(shareholderRequests.id, filed.id));
    const posted = await t.request('POST', `/api/admin/requests/${filed.id}/post`, { token: adminToken, body: {} });
    if (posted.status !== 201) throw new Error(`posting failed: ${posted.text}`);
    return filed;
  }

  async function uploadPhoto(code: string, documentType: DocumentType, bytes?: Buffer) {
    photo ??= await photoJpeg(1200, 900);
    const form = new FormData();
    form.set('documentType', documentType);
    form.set('verificationCode', code);
    // The photo last: the server checks the code before it reads the photo.
    form.set('document', new File([new Uint8Array(bytes ?? photo)], `${documentType}.jpg`, { type: 'image/jpeg' }));
    const response = await t.app.request('/api/shareholder-portal/upload-verification', { method: 'POST', body: form });
    if (response.status !== 200) throw new Error(`upload failed: ${response.status} ${await response.text()}`);
  }

  async function uploadAll(code: string) {
    for (const kind of ['selfie', 'id_front', 'id_back'] as const) await uploadPhoto(code, kind);
  }

  return {
    seed: () => seedDemoRegistry(t.deps),
    signIn,
    submit,
    transfer,
    postedTransfer,
    inquiry,
    uploadPhoto,
    uploadAll,
  };
}
