import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { localDiskStorage, type FileStorage } from './storage';

describe('local disk storage', () => {
  let root: string;
  let storage: FileStorage;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'lw-storage-'));
    storage = localDiskStorage(root);
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('gives back what it stored, whole or as a stream with its length, and nothing for an unknown key', async () => {
    const data = Buffer.from(Array.from({ length: 200_000 }, (_, i) => i % 251));
    const stored = await storage.put('verification/2026/11/a1.jpg', data);
    expect(stored).toMatchObject({ key: 'verification/2026/11/a1.jpg', size: data.length });

    expect((await storage.read('verification/2026/11/a1.jpg'))?.equals(data)).toBe(true);
    const file = await storage.stream('verification/2026/11/a1.jpg');
    expect(file?.size).toBe(data.length);
    expect(Buffer.from(await new Response(file!.body).arrayBuffer()).equals(data)).toBe(true);

    expect(await storage.read('verification/2026/11/none.jpg')).toBeNull();
    expect(await storage.stream('verification/2026/11/none.jpg')).toBeNull();
    await storage.remove('verification/2026/11/a1.jpg');
    expect(await storage.stream('verification/2026/11/a1.jpg')).toBeNull();
  });

  it('refuses keys that could leave its folder', async () => {
    for (const key of ['../outside.jpg', 'a/../../outside.jpg', '/etc/passwd', 'Upper.jpg']) {
      await expect(storage.stream(key), key).rejects.toThrow('Invalid storage key');
      await expect(storage.put(key, Buffer.from('x')), key).rejects.toThrow('Invalid storage key');
    }
  });
});
