import fs from 'node:fs';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { verificationDocuments } from '@ledgerwell/db/schema';
import { FILE_KEY_PURPOSE } from '../../lib/encrypted-storage';
import type { FileStorage } from '../../lib/storage';
import { startS3Server, type S3TestServer } from '../../test/s3-server';
import { transferWithPhotos } from '../../test/stored-photos';
import { createTestApp, type TestApp } from '../../test/test-app';
import { encryptLegacyPhotos } from './encrypt-legacy-photos';

// The identity-photo upload and the reviewer's image route with the photos in an S3-compatible
// bucket (S3_BUCKET set) instead of on local disk.
describe('identity photos in an S3-compatible bucket', () => {
  let s3: S3TestServer;
  let bucket: FileStorage;
  let t: TestApp;
  let selfie: () => Promise<Response>;
  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(async () => {
    await s3?.close();
  });
  beforeEach(async () => {
    bucket = s3.storage();
    t = await createTestApp({ fileStore: bucket, env: s3.env });
    ({ selfie } = await transferWithPhotos(t));
  });
  afterEach(() => t.close());

  it('are uploaded into the bucket encrypted, nothing on local disk, and reach the reviewer as the JPEG', async () => {
    const documents = await t.deps.db.select().from(verificationDocuments);
    expect(documents).toHaveLength(3);
    for (const document of documents) {
      const atRest = await bucket.read(document.storageKey);
      expect(atRest, document.storageKey).not.toBeNull();
      expect(atRest!.subarray(0, 3)).not.toEqual(Buffer.from([0xff, 0xd8, 0xff]));
      expect(atRest!.toString('latin1')).not.toContain('JFIF');
    }
    expect(fs.readdirSync(t.uploadsDir)).toEqual([]);

    const response = await selfie();
    expect(response.status).toBe(200);
    const image = Buffer.from(await response.arrayBuffer());
    expect(image.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(image.length).toBe(documents.find((d) => d.documentType === 'selfie')!.sizeBytes);
    expect(response.headers.get('Content-Length')).toBe(String(image.length));
  });

  it('photos stored in the bucket before encryption are encrypted in place at start, once', async () => {
    const documents = await t.deps.db.select().from(verificationDocuments);
    for (const document of documents)
      await bucket.put(document.storageKey, (await t.deps.storage.read(document.storageKey))!);
    expect((await selfie()).status).toBe(500);

    const fileKey = t.deps.cipher.deriveKey(FILE_KEY_PURPOSE);
    expect(await encryptLegacyPhotos(t.deps.db, bucket, fileKey)).toBe(3);
    expect((await selfie()).status).toBe(200);
    expect(await encryptLegacyPhotos(t.deps.db, bucket, fileKey)).toBe(0);
  });
});
