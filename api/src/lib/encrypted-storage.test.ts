import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { photoJpeg } from '../test/images';
import { encryptedStorage, sealLegacyFile } from './encrypted-storage';
import { localDiskStorage, type FileStorage } from './storage';

const KEY = 'verification/2026/01/0b8f5c9e-1111-4a4a-8c8c-000000000001.jpg';
const OTHER_KEY = 'verification/2026/01/0b8f5c9e-1111-4a4a-8c8c-000000000002.jpg';

describe('encrypted file storage', () => {
  let root: string;
  let raw: FileStorage;
  let key: Buffer;
  let photo: Buffer;
  beforeEach(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'lw-sealed-'));
    raw = localDiskStorage(root);
    key = randomBytes(32);
    photo = await photoJpeg(900, 700);
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('leaves nothing readable on disk, and gives the photo back whole through read and stream', async () => {
    const store = encryptedStorage(raw, key);
    const stored = await store.put(KEY, photo);
    expect(stored.size).toBe(photo.length);

    const onDisk = fs.readFileSync(path.join(root, KEY));
    // Neither the JPEG header (magic bytes, JFIF) nor any run of the content survives.
    expect(onDisk.indexOf(photo.subarray(0, 16))).toBe(-1);
    expect(onDisk.indexOf(photo.subarray(1000, 1016))).toBe(-1);
    // A fresh IV per file: the same photo twice gives two different files.
    await store.put(OTHER_KEY, photo);
    expect(fs.readFileSync(path.join(root, OTHER_KEY)).equals(onDisk)).toBe(false);

    expect((await store.read(KEY))!.equals(photo)).toBe(true);
    const streamed = (await store.stream(KEY))!;
    expect(streamed.size).toBe(photo.length);
    expect(Buffer.from(await new Response(streamed.body).arrayBuffer()).equals(photo)).toBe(true);
    expect(await store.read('verification/2026/01/missing.jpg')).toBeNull();
    expect(await store.stream('verification/2026/01/missing.jpg')).toBeNull();
  });

  it('refuses a tampered file, a file moved under another key, another key, and a plain file', async () => {
    const store = encryptedStorage(raw, key);
    await store.put(KEY, photo);
    const file = path.join(root, KEY);
    const sealed = fs.readFileSync(file);

    const flipped = Buffer.from(sealed);
    flipped[flipped.length >> 1]! ^= 1;
    fs.writeFileSync(file, flipped);
    await expect(store.read(KEY)).rejects.toThrow();
    await expect(store.stream(KEY)).rejects.toThrow();

    fs.writeFileSync(path.join(root, OTHER_KEY), sealed);
    await expect(store.read(OTHER_KEY)).rejects.toThrow();

    fs.writeFileSync(file, sealed);
    await expect(encryptedStorage(raw, randomBytes(32)).read(KEY)).rejects.toThrow();

    fs.writeFileSync(file, photo);
    await expect(store.read(KEY)).rejects.toThrow(/not encrypted/);
  });

  it('encrypts a file stored before encryption in place, once', async () => {
    await raw.put(KEY, photo);
    expect(await sealLegacyFile(raw, key, KEY)).toBe(true);
    expect(await sealLegacyFile(raw, key, KEY)).toBe(false);
    expect(await sealLegacyFile(raw, key, OTHER_KEY)).toBe(false);
    expect(fs.readFileSync(path.join(root, KEY)).indexOf(photo.subarray(0, 16))).toBe(-1);
    expect((await encryptedStorage(raw, key).read(KEY))!.equals(photo)).toBe(true);
  });
});
