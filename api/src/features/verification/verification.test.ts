import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { requestHistory, shareholderRequests, verificationDocuments } from '@ledgerwell/db/schema';
import { SAMPLE_DWAC_TRANSFER } from '@ledgerwell/shared/portal-requests.fixtures';
import {
  IMAGE_RULES,
  UPLOAD_SERVER_MESSAGES as M,
  checkVerificationStatusResponseSchema,
  uploadErrorMessage,
  uploadVerificationResponseSchema,
  validateVerificationCodeResponseSchema,
  type DocumentType,
} from '@ledgerwell/shared/verification';
import { bombPng, photoJpeg, photoPng } from '../../test/images';
import { createTestApp, type TestApp } from '../../test/test-app';
import { seedDemoRegistry } from '../registry/demo-registry';

const DAY = 24 * 60 * 60 * 1000;

/** Every file under a folder, recursively (temporary files included). */
function filesUnder(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

describe('identity verification API', () => {
  let t: TestApp;
  let portalToken: string;
  let code: string;
  let requestId: string;
  let photo: Buffer;

  beforeEach(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '1' } });
    await seedDemoRegistry(t.deps);
    portalToken = await signIn('DEMO02', '200300400');
    ({ code, requestId } = await fileTransfer(portalToken));
    photo ??= await photoJpeg(1200, 900);
  });
  afterEach(() => t.close());

  async function signIn(shareholderCode: string, accountNumber: string) {
    const step1 = await t.request('POST', '/api/shareholder-portal/validate-code', { body: { code: shareholderCode } });
    const step2 = await t.request('POST', '/api/shareholder-portal/validate-account', {
      token: step1.json.token,
      body: { accountNumber },
    });
    return step2.json.token as string;
  }
  async function fileTransfer(token: string) {
    const res = await t.request('POST', '/api/shareholder-portal/submit-request', {
      token,
      body: {
        requestType: 'TRANSFER',
        formData: { ...SAMPLE_DWAC_TRANSFER, transfer_shares_text: '10', transfer_shares_count: 10 },
      },
    });
    return { code: res.json.data.verificationCode as string, requestId: res.json.data.id as string };
  }

  const validate = (value: string, ip = '203.0.113.20') =>
    t.request('POST', '/api/shareholder-portal/validate-verification-code', {
      body: { code: value },
      headers: { 'X-Forwarded-For': ip },
    });

  async function upload(
    documentType: DocumentType | string,
    bytes: Buffer | null,
    init: { code?: string | null; token?: string; requestId?: string; name?: string; type?: string; ip?: string } = {},
  ) {
    const form = new FormData();
    form.set('documentType', documentType);
    const verificationCode = init.code === undefined ? code : init.code;
    if (verificationCode) form.set('verificationCode', verificationCode);
    if (init.requestId) form.set('requestId', init.requestId);
    // The photo last, as the page sends it: the server checks the fields before it reads the photo.
    if (bytes)
      form.set(
        'document',
        new File([new Uint8Array(bytes)], init.name ?? `${documentType}.jpg`, { type: init.type ?? 'image/jpeg' }),
      );
    const headers: Record<string, string> = { 'X-Forwarded-For': init.ip ?? '203.0.113.30' };
    if (init.token) headers.Authorization = `Bearer ${init.token}`;
    const response = await t.app.request('/api/shareholder-portal/upload-verification', {
      method: 'POST',
      body: form,
      headers,
    });
    return { status: response.status, json: (await response.json()) as any };
  }

  const storedRows = () => t.deps.db.select().from(verificationDocuments);

  /**
   * A multipart body whose photo never ends: the fields, the photo's part header, then garbage for as
   * long as the server pulls. `photoBytesPulled` says how much of the photo the server asked for.
   */
  function endlessPhotoUpload(fields: [string, string][], ip: string, headers: Record<string, string> = {}) {
    const boundary = 'ledgerwell-endless-photo';
    const head =
      fields
        .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
        .join('') +
      `--${boundary}\r\nContent-Disposition: form-data; name="document"; filename="selfie.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
    const garbage = new Uint8Array(64 * 1024).fill(0x41);
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>(
      {
        start: (controller) => controller.enqueue(new TextEncoder().encode(head)),
        pull: (controller) => {
          pulled += garbage.length;
          controller.enqueue(garbage);
        },
      },
      { highWaterMark: 0 },
    );
    const response = Promise.resolve(
      t.app.request('/api/shareholder-portal/upload-verification', {
        method: 'POST',
        body,
        duplex: 'half',
        headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'X-Forwarded-For': ip, ...headers },
      } as RequestInit),
    );
    return {
      response: response.then(async (r) => ({ status: r.status, json: (await r.json()) as any })),
      photoBytesPulled: () => pulled,
    };
  }
  /** A photo's worth is 10 MB; the server may see the chunk that carries the part header, no more. */
  const HARDLY_ANY = 2 * 64 * 1024;

  it('validates a code case-insensitively and reports which photos are in', async () => {
    const res = await validate(code.toLowerCase());
    expect(res.status).toBe(200);
    expect(validateVerificationCodeResponseSchema.parse(res.json).data).toMatchObject({
      status: 'AWAITING_VERIFICATION',
      documents: { selfie: false, id_front: false, id_back: false },
      verificationComplete: false,
    });
  });

  it('refuses an unknown code and an expired one with the invalid-code message', async () => {
    const unknown = await validate('MAPLE0000RIVER0000');
    expect([unknown.status, unknown.json.message]).toEqual([404, M.invalidCode]);
    t.clock.advance(DAY + 1000);
    const expired = await validate(code);
    expect([expired.status, expired.json.message]).toEqual([404, M.invalidCode]);
    expect((await upload('selfie', photo)).status).toBe(404);
    expect(await storedRows()).toHaveLength(0);
  });

  it('throttles failed codes per address: past 20, even the right code is refused', async () => {
    for (let i = 0; i < 20; i++) expect((await validate(`WRONG${i}CODE0000`, '198.51.100.7')).status).toBe(404);
    const blocked = await validate(code, '198.51.100.7');
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('Retry-After')).toMatch(/^\d+$/);
    expect((await validate(code, '198.51.100.8')).status).toBe(200);
  });

  it('takes the three photos, then marks the transfer VERIFICATION_SUBMITTED with its history', async () => {
    for (const [i, kind] of (['selfie', 'id_front', 'id_back'] as const).entries()) {
      const res = await upload(kind, photo);
      expect(res.status).toBe(200);
      const body = uploadVerificationResponseSchema.parse(res.json);
      expect(body.data.documentType).toBe(kind);
      expect(body.data.verificationComplete).toBe(i === 2);
    }
    const [request] = await t.deps.db.select().from(shareholderRequests).where(eq(shareholderRequests.id, requestId));
    expect(request!.status).toBe('VERIFICATION_SUBMITTED');
    expect(request!.verificationSubmittedAt).not.toBeNull();
    const history = await t.deps.db
      .select()
      .from(requestHistory)
      .where(eq(requestHistory.requestId, requestId))
      .orderBy(requestHistory.id);
    expect(history.map((h) => h.action)).toEqual([
      'SUBMITTED',
      'DOCUMENT_UPLOADED',
      'DOCUMENT_UPLOADED',
      'DOCUMENT_UPLOADED',
      'STATUS_CHANGED',
    ]);
    expect(history.at(-1)).toMatchObject({
      fromStatus: 'AWAITING_VERIFICATION',
      toStatus: 'VERIFICATION_SUBMITTED',
      actorType: 'SYSTEM',
    });

    const status = await t.request('GET', `/api/shareholder-portal/check-verification-status?code=${code}`);
    expect(checkVerificationStatusResponseSchema.parse(status.json).verificationComplete).toBe(true);
    expect(filesUnder(t.uploadsDir)).toHaveLength(3);
  });

  it('stores a re-encoded copy without EXIF or GPS, turned upright, under a generated name, with its SHA-256', async () => {
    const tagged = await photoJpeg(1200, 700, { gps: true, orientation: 6 });
    const before = await sharp(tagged).metadata();
    expect(before.exif?.toString('latin1')).toContain('LeakyCam');
    expect(before.orientation).toBe(6);

    expect((await upload('selfie', tagged, { name: '../../etc/passwd.jpg' })).status).toBe(200);
    const [row] = await storedRows();
    expect(row).toMatchObject({
      documentType: 'selfie',
      mimeType: 'image/jpeg',
      width: 700,
      height: 1200,
      status: 'PENDING',
    });
    expect(row!.storageKey).toMatch(/^verification\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.jpg$/);
    const stored = (await t.deps.storage.read(row!.storageKey))!;
    const after = await sharp(stored).metadata();
    expect([after.exif, after.xmp, after.iptc, after.orientation]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(stored.toString('latin1')).not.toContain('LeakyCam');
    expect(row!.sha256).toBe((await import('node:crypto')).createHash('sha256').update(stored).digest('hex'));
  });

  const PORTAL_MESSAGE: Record<string, string> = {
    [M.fileType]: 'Invalid file type. Only JPG and PNG images are allowed.',
    [M.fileSize]: 'File too large. Maximum size is 10MB.',
    [M.dimensions]: 'Image file appears corrupted. Please try a different photo.',
    [M.corrupted]: 'Image file appears corrupted. Please try a different photo.',
    [M.pixels]: 'Image file appears corrupted. Please try a different photo.',
  };

  describe('refuses bad files by their content, with the message the portal maps, and stores nothing', () => {
    const cases: [string, () => Promise<{ bytes: Buffer; name: string; type: string }>, string][] = [
      [
        'a GIF behind a .jpg name',
        async () => ({
          bytes: Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(2000)]),
          name: 'id.jpg',
          type: 'image/jpeg',
        }),
        M.fileType,
      ],
      [
        'a text file named .png',
        async () => ({
          bytes: Buffer.from('this is not an image at all'.repeat(40)),
          name: 'id.png',
          type: 'image/png',
        }),
        M.fileType,
      ],
      [
        'a 799x600 JPEG',
        async () => ({ bytes: await photoJpeg(799, 600), name: 'id.jpg', type: 'image/jpeg' }),
        M.dimensions,
      ],
      [
        'a 640x480 PNG',
        async () => ({ bytes: await photoPng(640, 480), name: 'id.png', type: 'image/png' }),
        M.dimensions,
      ],
      [
        '10 MB plus one byte',
        async () => ({
          bytes: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(IMAGE_RULES.maxBytes - 2)]),
          name: 'id.jpg',
          type: 'image/jpeg',
        }),
        M.fileSize,
      ],
      [
        'a truncated JPEG',
        async () => ({ bytes: (await photoJpeg(1200, 900)).subarray(0, 60_000), name: 'id.jpg', type: 'image/jpeg' }),
        M.corrupted,
      ],
      ['a decompression-bomb PNG', async () => ({ bytes: bombPng(), name: 'id.png', type: 'image/png' }), M.pixels],
    ];
    for (const [label, make, message] of cases) {
      it(label, async () => {
        const file = await make();
        const res = await upload('id_front', file.bytes, { name: file.name, type: file.type });
        expect(res.status).toBe(400);
        expect(res.json.message).toBe(message);
        expect(res.json.errors).toEqual({ document: message });
        // The portal's keyword mapping (spec 8) turns it into the spec's message for that kind of fault.
        expect(uploadErrorMessage(400, res.json.message)).toBe(PORTAL_MESSAGE[message]);
        expect(await storedRows()).toHaveLength(0);
        expect(filesUnder(t.uploadsDir)).toEqual([]);
      });
    }
  });

  it('answers 413 for a body over the upload limit, before reading it', async () => {
    const res = await upload('selfie', Buffer.alloc(IMAGE_RULES.maxBytes + 200 * 1024, 1));
    expect(res.status).toBe(413);
    expect(uploadErrorMessage(413)).toBe('File too large. Please reduce the image size and try again.');
    expect(await storedRows()).toHaveLength(0);
  });

  it('refuses a missing file and an unknown document kind', async () => {
    const missing = await upload('selfie', null);
    expect([missing.status, missing.json.message]).toEqual([400, M.missingFile]);
    const kind = await upload('passport', photo);
    expect([kind.status, kind.json.errors]).toEqual([400, { documentType: M.documentType }]);
  });

  it('is idempotent on code and kind: a replay changes nothing, new bytes replace the photo and its file', async () => {
    expect((await upload('selfie', photo)).status).toBe(200);
    const [first] = await storedRows();
    expect((await upload('selfie', photo)).status).toBe(200);
    expect(await storedRows()).toEqual([first]);

    const retake = await photoJpeg(1000, 800);
    expect((await upload('selfie', retake)).status).toBe(200);
    const rows = await storedRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.storageKey).not.toBe(first!.storageKey);
    expect(filesUnder(t.uploadsDir).map((f) => path.relative(t.uploadsDir, f))).toEqual([rows[0]!.storageKey]);
  });

  it('once staff have taken the request over, takes no new photo but still answers a replay', async () => {
    expect((await upload('selfie', photo)).status).toBe(200);
    await t.deps.db
      .update(shareholderRequests)
      .set({ status: 'PROCESSING' })
      .where(eq(shareholderRequests.id, requestId));
    expect((await upload('selfie', photo)).status).toBe(200);
    const other = await upload('id_front', photo);
    expect([other.status, other.json.message]).toEqual([409, M.notAccepting]);
  });

  it('takes uploads with the portal token for the holder’s own transfer, and the status with the token and a CSRF token', async () => {
    const res = await upload('selfie', photo, { code: null, token: portalToken, requestId });
    expect(res.status).toBe(200);
    expect(res.json.data.documents.selfie).toBe(true);

    const otherHolder = await signIn('DEMO01', '100200300');
    const foreign = await upload('id_front', photo, { code: null, token: otherHolder, requestId });
    expect(foreign.status).toBe(404);
    expect((await upload('id_front', photo, { code: null, token: 'x'.repeat(43), requestId })).status).toBe(401);

    expect(
      (await t.request('GET', '/api/shareholder-portal/check-verification-status', { token: portalToken })).status,
    ).toBe(403);
    const csrf = (await t.request('GET', '/api/csrf-token')).json.csrfToken as string;
    const status = await t.request('GET', `/api/shareholder-portal/check-verification-status?requestId=${requestId}`, {
      token: portalToken,
      headers: { 'X-CSRF-Token': csrf },
    });
    expect(status.status).toBe(200);
    expect(status.json).toMatchObject({
      verificationComplete: false,
      data: { documents: { selfie: true, id_front: false } },
    });
    expect((await t.request('GET', '/api/shareholder-portal/check-verification-status')).status).toBe(401);
  });

  describe('checks the code or the token, and its throttle, before it reads the photo', () => {
    it('refuses a wrong code without reading the photo', async () => {
      const upload = endlessPhotoUpload(
        [
          ['documentType', 'selfie'],
          ['verificationCode', 'MAPLE0000RIVER0000'],
        ],
        '203.0.113.40',
      );
      const res = await upload.response;
      expect([res.status, res.json.message]).toEqual([404, M.invalidCode]);
      expect(upload.photoBytesPulled()).toBeLessThanOrEqual(HARDLY_ANY);
    });

    it('answers 429 to a throttled address, even with the right code, without reading the photo', async () => {
      for (let i = 0; i < 20; i++) expect((await validate(`WRONG${i}CODE0000`, '198.51.100.9')).status).toBe(404);
      const upload = endlessPhotoUpload(
        [
          ['documentType', 'selfie'],
          ['verificationCode', code],
        ],
        '198.51.100.9',
      );
      const res = await upload.response;
      expect(res.status).toBe(429);
      expect(upload.photoBytesPulled()).toBeLessThanOrEqual(HARDLY_ANY);
      expect(await storedRows()).toHaveLength(0);
    });

    it('refuses a foreign request id for a signed-in holder without reading the photo', async () => {
      const otherHolder = await signIn('DEMO01', '100200300');
      const upload = endlessPhotoUpload(
        [
          ['documentType', 'selfie'],
          ['requestId', requestId],
        ],
        '203.0.113.41',
        { Authorization: `Bearer ${otherHolder}` },
      );
      expect((await upload.response).status).toBe(404);
      expect(upload.photoBytesPulled()).toBeLessThanOrEqual(HARDLY_ANY);
    });

    it('refuses a photo sent before the code or the document kind, with a 400 that says to send the fields first', async () => {
      const noCode = endlessPhotoUpload([['documentType', 'selfie']], '203.0.113.42');
      expect(await noCode.response).toMatchObject({
        status: 400,
        json: { message: M.fieldsFirst, errors: { verificationCode: M.fieldsFirst } },
      });
      expect(noCode.photoBytesPulled()).toBeLessThanOrEqual(HARDLY_ANY);
      const noKind = endlessPhotoUpload([], '203.0.113.42', { Authorization: `Bearer ${portalToken}` });
      expect(await noKind.response).toMatchObject({
        status: 400,
        json: { message: M.fieldsFirst, errors: { documentType: M.fieldsFirst } },
      });
    });

    it('refuses a field after the photo, and stores nothing', async () => {
      const form = new FormData();
      form.set('documentType', 'selfie');
      form.set('verificationCode', code);
      form.set('document', new File([new Uint8Array(photo)], 'selfie.jpg', { type: 'image/jpeg' }));
      form.set('requestId', requestId);
      const response = await t.app.request('/api/shareholder-portal/upload-verification', {
        method: 'POST',
        body: form,
        headers: { 'X-Forwarded-For': '203.0.113.43' },
      });
      expect([response.status, ((await response.json()) as any).message]).toEqual([400, M.fieldsFirst]);
      expect(await storedRows()).toHaveLength(0);
    });

    it('answers 413 once a body without a length passes the limit, and at once for a declared length over it', async () => {
      const endless = endlessPhotoUpload(
        [
          ['documentType', 'selfie'],
          ['verificationCode', code],
        ],
        '203.0.113.44',
      );
      expect((await endless.response).status).toBe(413);
      expect(endless.photoBytesPulled()).toBeLessThan(IMAGE_RULES.maxBytes + 256 * 1024);
      const declared = endlessPhotoUpload(
        [
          ['documentType', 'selfie'],
          ['verificationCode', code],
        ],
        '203.0.113.44',
        { 'Content-Length': String(50 * 1024 * 1024) },
      );
      expect((await declared.response).status).toBe(413);
      expect(declared.photoBytesPulled()).toBe(0);
    });
  });
});
