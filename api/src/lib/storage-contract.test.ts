import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type S3TestServer } from '../test/s3-server';
import { encryptedStorage } from './encrypted-storage';
import { localDiskStorage, type FileStorage } from './storage';

/**
 * What every FileStorage promises, run against each store the server can be given: local disk, an
 * S3-compatible server (s3rver, started here), and the encryption wrapper over each of them.
 */
let s3: S3TestServer;
const folders: string[] = [];
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3?.close();
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

function localDisk(): FileStorage {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lw-storage-'));
  folders.push(root);
  return localDiskStorage(root);
}

const fileKey = randomBytes(32);
/** Each store with the store under it, where the bytes at rest can be looked at. */
const stores: [string, () => { store: FileStorage; atRest: FileStorage }][] = [
  ['local disk', () => ((store) => ({ store, atRest: store }))(localDisk())],
  ['S3 (s3rver)', () => ((store) => ({ store, atRest: store }))(s3.storage())],
  ['encrypted local disk', () => ((atRest) => ({ store: encryptedStorage(atRest, fileKey), atRest }))(localDisk())],
  ['encrypted S3 (s3rver)', () => ((atRest) => ({ store: encryptedStorage(atRest, fileKey), atRest }))(s3.storage())],
];

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const bytes = (length: number, seed = 0) => Buffer.from(Array.from({ length }, (_, i) => (i * 7 + seed) % 251));
let counter = 0;
/** A key no other case in the run uses: the S3 cases share one bucket. */
const freshKey = (extension = 'jpg') => `verification/2026/11/case-${process.pid}-${++counter}.${extension}`;
const readAll = async (body: ReadableStream<Uint8Array>) => Buffer.from(await new Response(body).arrayBuffer());

describe.each(stores)('file storage contract: %s', (_name, make) => {
  let store: FileStorage;
  let atRest: FileStorage;
  beforeAll(() => {
    ({ store, atRest } = make());
  });

  it('gives back what it stored, with its SHA-256 and size', async () => {
    const key = freshKey();
    const data = bytes(200_000);
    expect(await store.put(key, data)).toEqual({ key, sha256: sha256(data), size: data.length });
    expect((await store.read(key))?.equals(data)).toBe(true);
  });

  it('streams the same bytes with their length', async () => {
    const key = freshKey();
    const data = bytes(70_000, 3);
    await store.put(key, data);
    const file = await store.stream(key);
    expect(file?.size).toBe(data.length);
    expect((await readAll(file!.body)).equals(data)).toBe(true);
  });

  it('answers null for a key that holds nothing, removed or never written', async () => {
    const never = freshKey();
    expect(await store.read(never)).toBeNull();
    expect(await store.stream(never)).toBeNull();

    const key = freshKey();
    await store.put(key, bytes(10));
    await store.remove(key);
    expect(await store.read(key)).toBeNull();
    expect(await store.stream(key)).toBeNull();
    // Removing what is not there is not an error (a retried cleanup).
    await expect(store.remove(key)).resolves.toBeUndefined();
    await expect(store.remove(freshKey())).resolves.toBeUndefined();
  });

  it('keeps the last of two puts under one key', async () => {
    const key = freshKey();
    await store.put(key, bytes(5_000, 1));
    const second = bytes(3_000, 2);
    expect((await store.put(key, second)).sha256).toBe(sha256(second));
    expect((await store.read(key))?.equals(second)).toBe(true);
    expect((await store.stream(key))?.size).toBe(second.length);
  });

  it('refuses keys that could leave its folder or prefix, for every call', async () => {
    for (const key of [
      '../outside.jpg',
      'a/../../outside.jpg',
      '/etc/passwd',
      'Upper.jpg',
      'no-extension',
      `${'a'.repeat(600)}.jpg`,
    ]) {
      await expect(store.put(key, Buffer.from('x')), key).rejects.toThrow('Invalid storage key');
      await expect(store.read(key), key).rejects.toThrow('Invalid storage key');
      await expect(store.stream(key), key).rejects.toThrow('Invalid storage key');
      await expect(store.remove(key), key).rejects.toThrow('Invalid storage key');
    }
  });

  it('stores and streams a 5 MB file whole', async () => {
    const key = freshKey();
    const data = randomBytes(5 * 1024 * 1024);
    expect((await store.put(key, data)).size).toBe(data.length);
    expect(sha256((await store.read(key))!)).toBe(sha256(data));
    const file = await store.stream(key);
    expect(file?.size).toBe(data.length);
    expect(sha256(await readAll(file!.body))).toBe(sha256(data));
  });

  it('takes concurrent puts of distinct keys, each kept whole', async () => {
    const files = Array.from({ length: 12 }, (_, i) => ({ key: freshKey(), data: bytes(40_000 + i * 1_000, i) }));
    await Promise.all(files.map((file) => store.put(file.key, file.data)));
    const back = await Promise.all(files.map((file) => store.read(file.key)));
    back.forEach((data, i) => expect(data?.equals(files[i]!.data), files[i]!.key).toBe(true));
  });

  it('keeps at rest only what the wrapper hands it (ciphertext under encryption)', async () => {
    const key = freshKey();
    const data = bytes(20_000, 5);
    await store.put(key, data);
    const stored = await atRest.read(key);
    if (store === atRest) {
      expect(stored?.equals(data)).toBe(true);
    } else {
      expect(stored).not.toBeNull();
      expect(stored!.includes(data.subarray(0, 64))).toBe(false);
      expect(stored!.length).toBeGreaterThan(data.length);
    }
  });
});
