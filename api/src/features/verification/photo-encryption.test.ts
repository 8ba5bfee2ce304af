import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verificationDocuments } from '@ledgerwell/db/schema';
import { FILE_KEY_PURPOSE } from '../../lib/encrypted-storage';
import { localDiskStorage } from '../../lib/storage';
import { transferWithPhotos } from '../../test/stored-photos';
import { createTestApp, type TestApp } from '../../test/test-app';
import { encryptLegacyPhotos } from './encrypt-legacy-photos';

describe('identity photos at rest', () => {
  let t: TestApp;
  let selfie: () => Promise<Response>;
  beforeEach(async () => {
    t = await createTestApp();
    ({ selfie } = await transferWithPhotos(t));
  });
  afterEach(() => t.close());

  const storedFiles = async () =>
    (await t.deps.db.select().from(verificationDocuments)).map((d) => ({
      ...d,
      file: path.join(t.uploadsDir, d.storageKey),
    }));

  it('are encrypted on disk, and reach the reviewer as the JPEG', async () => {
    const documents = await storedFiles();
    expect(documents).toHaveLength(3);
    for (const document of documents) {
      const onDisk = fs.readFileSync(document.file);
      expect(onDisk.subarray(0, 3)).not.toEqual(Buffer.from([0xff, 0xd8, 0xff]));
      expect(onDisk.toString('latin1')).not.toContain('JFIF');
    }
    const response = await selfie();
    expect(response.status).toBe(200);
    const image = Buffer.from(await response.arrayBuffer());
    expect(image.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    const stored = documents.find((d) => d.documentType === 'selfie')!;
    expect(image.length).toBe(stored.sizeBytes);
    expect(response.headers.get('Content-Length')).toBe(String(image.length));
  });

  it('a tampered file is refused, never sent', async () => {
    const { file } = (await storedFiles()).find((d) => d.documentType === 'selfie')!;
    const bytes = fs.readFileSync(file);
    bytes[bytes.length - 100]! ^= 1;
    fs.writeFileSync(file, bytes);
    expect((await selfie()).status).toBe(500);
  });

  it('files stored before encryption are encrypted in place at start, once', async () => {
    const raw = localDiskStorage(t.uploadsDir);
    const documents = await storedFiles();
    for (const document of documents)
      fs.writeFileSync(document.file, (await t.deps.storage.read(document.storageKey))!);
    expect((await selfie()).status).toBe(500);

    const fileKey = t.deps.cipher.deriveKey(FILE_KEY_PURPOSE);
    expect(await encryptLegacyPhotos(t.deps.db, raw, fileKey)).toBe(3);
    for (const document of documents) expect(fs.readFileSync(document.file).toString('latin1')).not.toContain('JFIF');
    expect((await selfie()).status).toBe(200);
    expect(await encryptLegacyPhotos(t.deps.db, raw, fileKey)).toBe(0);
  });
});
