import { createHmac, randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { appSecrets, shareholderRequests } from '@ledgerwell/db/schema';
import { SAMPLE_DWAC_TRANSFER } from '@ledgerwell/shared/portal-requests.fixtures';
import { VERIFICATION_CODE_TTL_MS } from '@ledgerwell/shared/portal-requests';
import { photoJpeg } from '../test/images';
import { createTestApp, type TestApp } from '../test/test-app';
import { seedDemoRegistry } from '../features/registry/demo-registry';
import { hashVerificationCode, verificationCodeKey } from '../features/portal-requests/verification-code';
import { LEGACY_CODE_KEY_LIFETIME_MS, LEGACY_CODE_KEY_NAME, retireAppSecrets } from './app-secrets';

const HOUR = 60 * 60 * 1000;

/** Every reading of a stored secret a dump-holder could try as an HMAC key. */
const keyReadings = (value: string) => [
  Buffer.from(value, 'base64'),
  Buffer.from(value, 'utf8'),
  Buffer.from(value, 'base64url'),
];

describe('keys kept in the database by older versions', () => {
  let t: TestApp;
  let portalToken: string;
  const legacyKey = randomBytes(32);
  const legacyCsrfKey = randomBytes(32);

  beforeEach(async () => {
    t = await createTestApp();
    await seedDemoRegistry(t.deps);
    // What the previous version left behind.
    await t.deps.db.insert(appSecrets).values([
      { name: LEGACY_CODE_KEY_NAME, value: legacyKey.toString('base64') },
      { name: 'csrf-signing-key', value: legacyCsrfKey.toString('base64') },
      { name: 'altcha-hmac-key', value: randomBytes(32).toString('base64') },
    ]);
    const step1 = await t.request('POST', '/api/shareholder-portal/validate-code', { body: { code: 'DEMO02' } });
    const step2 = await t.request('POST', '/api/shareholder-portal/validate-account', {
      token: step1.json.token,
      body: { accountNumber: '200300400' },
    });
    portalToken = step2.json.token as string;
  });
  afterEach(() => t.close());

  async function fileTransfer() {
    const res = await t.request('POST', '/api/shareholder-portal/submit-request', {
      token: portalToken,
      body: {
        requestType: 'TRANSFER',
        formData: { ...SAMPLE_DWAC_TRANSFER, transfer_shares_text: '10', transfer_shares_count: 10 },
      },
    });
    expect(res.status).toBe(201);
    return { code: res.json.data.verificationCode as string, id: res.json.data.id as string };
  }

  /** A transfer whose code the previous version issued: hashed with the key stored in the database. */
  async function legacyTransfer(expiresAt?: Date) {
    const transfer = await fileTransfer();
    await t.deps.db
      .update(shareholderRequests)
      .set({
        verificationCodeHash: hashVerificationCode(legacyKey, transfer.code),
        ...(expiresAt ? { verificationExpiresAt: expiresAt } : {}),
      })
      .where(eq(shareholderRequests.id, transfer.id));
    return transfer;
  }

  const validate = (code: string) =>
    t.request('POST', '/api/shareholder-portal/validate-verification-code', { body: { code } });
  const legacyRow = async () =>
    (await t.deps.db.select().from(appSecrets).where(eq(appSecrets.name, LEGACY_CODE_KEY_NAME)))[0];

  async function upload(code: string, documentType: string, photo: Buffer) {
    const form = new FormData();
    form.set('documentType', documentType);
    form.set('verificationCode', code);
    form.set('document', new File([new Uint8Array(photo)], `${documentType}.jpg`, { type: 'image/jpeg' }));
    const response = await t.app.request('/api/shareholder-portal/upload-verification', { method: 'POST', body: form });
    return { status: response.status, json: (await response.json()) as any };
  }

  it('at start: stamps the old code key once, deletes the old CSRF and proof-of-work keys at once', async () => {
    expect((await retireAppSecrets(t.deps)).sort()).toEqual(['altcha-hmac-key', 'csrf-signing-key']);
    const stamped = (await legacyRow())!.supersededAt;
    expect(stamped?.getTime()).toBe(t.clock.now().getTime());
    t.clock.advance(HOUR);
    expect(await retireAppSecrets(t.deps)).toEqual([]);
    expect((await legacyRow())!.supersededAt?.getTime()).toBe(stamped!.getTime());
    expect((await t.deps.db.select().from(appSecrets)).map((r) => r.name)).toEqual([LEGACY_CODE_KEY_NAME]);
  });

  it('during the transition a code hashed with the old key still opens its request, which can be verified', async () => {
    await retireAppSecrets(t.deps);
    const old = await legacyTransfer();
    const fresh = await fileTransfer();
    // The last hour of the old code's life: the old key is still there.
    t.clock.advance(VERIFICATION_CODE_TTL_MS - HOUR);
    expect(await retireAppSecrets(t.deps)).toEqual([]);

    expect((await validate(old.code.toLowerCase())).status).toBe(200);
    expect((await validate(fresh.code)).status).toBe(200);
    const photo = await photoJpeg(1200, 900);
    for (const kind of ['selfie', 'id_front', 'id_back'])
      expect((await upload(old.code, kind, photo)).status).toBe(200);
    const [row] = await t.deps.db.select().from(shareholderRequests).where(eq(shareholderRequests.id, old.id));
    expect(row!.status).toBe('VERIFICATION_SUBMITTED');
    const status = await t.request('GET', `/api/shareholder-portal/check-verification-status?code=${old.code}`);
    expect(status.json).toMatchObject({ verificationComplete: true });
  });

  it('after the transition the old key is deleted and a code hashed with it opens nothing', async () => {
    await retireAppSecrets(t.deps);
    // Kept valid far beyond 24 hours, so only the key's retirement can refuse it.
    const old = await legacyTransfer(new Date(t.clock.now().getTime() + 10 * VERIFICATION_CODE_TTL_MS));
    const fresh = await fileTransfer();

    t.clock.advance(LEGACY_CODE_KEY_LIFETIME_MS - 1000);
    expect(await retireAppSecrets(t.deps)).toEqual([]);
    expect((await validate(old.code)).status).toBe(200);

    t.clock.advance(1000);
    // Refused from that moment in every process, before any sweep has deleted the row.
    expect((await validate(old.code)).status).toBe(404);
    expect(await retireAppSecrets(t.deps)).toEqual([LEGACY_CODE_KEY_NAME]);
    expect(await legacyRow()).toBeUndefined();
    expect(await t.deps.db.select().from(appSecrets)).toEqual([]);
    expect((await validate(old.code)).status).toBe(404);
    expect((await upload(old.code, 'selfie', await photoJpeg(800, 600))).status).toBe(404);

    // Codes of this version are unaffected; a new start finds nothing to do.
    await t.deps.db
      .update(shareholderRequests)
      .set({ verificationExpiresAt: new Date(t.clock.now().getTime() + HOUR) })
      .where(eq(shareholderRequests.id, fresh.id));
    expect((await validate(fresh.code)).status).toBe(200);
    expect(await retireAppSecrets(t.deps)).toEqual([]);
  });

  it('a new code’s stored hash comes from the encryption key: no value in app_secrets reproduces it', async () => {
    await retireAppSecrets(t.deps);
    // Whatever else may have put a row there by now (e.g. a proof-of-work key).
    await t.request('GET', '/api/csrf-token');
    const { code, id } = await fileTransfer();
    const [row] = await t.deps.db.select().from(shareholderRequests).where(eq(shareholderRequests.id, id));
    const stored = row!.verificationCodeHash!;

    expect(stored).toBe(hashVerificationCode(verificationCodeKey(t.deps), code));
    const secrets = await t.deps.db.select().from(appSecrets);
    expect(secrets.length).toBeGreaterThan(0);
    for (const secret of secrets) {
      for (const key of keyReadings(secret.value)) {
        for (const typed of [code, code.toUpperCase(), code.toLowerCase()]) {
          expect(createHmac('sha256', key).update(typed).digest('hex')).not.toBe(stored);
        }
      }
    }
  });

  it('CSRF tokens are signed with a derived key: one signed with the old database key is refused, a fresh one works', async () => {
    await retireAppSecrets(t.deps);
    const payload = `${t.clock.now().getTime()}.${randomBytes(16).toString('base64url')}`;
    const forged = `${payload}.${createHmac('sha256', legacyCsrfKey).update(payload).digest('base64url')}`;
    const transfer = await fileTransfer();
    const status = (csrf: string) =>
      t.request('GET', `/api/shareholder-portal/check-verification-status?requestId=${transfer.id}`, {
        token: portalToken,
        headers: { 'X-CSRF-Token': csrf },
      });

    const refused = await status(forged);
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ code: 'CSRF_INVALID' });
    const fresh = (await t.request('GET', '/api/csrf-token')).json.csrfToken as string;
    expect((await status(fresh)).status).toBe(200);
    expect((await t.deps.db.select().from(appSecrets)).map((r) => r.name)).toEqual([LEGACY_CODE_KEY_NAME]);
  });
});
