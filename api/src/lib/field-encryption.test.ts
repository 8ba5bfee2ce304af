import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createFieldCipher, loadEncryptionKey } from './field-encryption';

describe('field encryption', () => {
  it('round-trips, uses a fresh IV each time, and refuses tampered or foreign ciphertext', () => {
    const cipher = createFieldCipher(randomBytes(32));
    const a = cipher.encrypt('123-45-6789');
    const b = cipher.encrypt('123-45-6789');
    expect(a).not.toBe(b);
    expect(cipher.decrypt(a)).toBe('123-45-6789');
    const [v, iv, tag, ct] = a.split(':');
    const flipped = Buffer.from(ct!, 'base64');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => cipher.decrypt([v, iv, tag, flipped.toString('base64')].join(':'))).toThrow();
    expect(() => createFieldCipher(randomBytes(32)).decrypt(a)).toThrow();
  });

  it('takes ENCRYPTION_KEY when set, else generates one key into the data folder and keeps it', () => {
    const hex = randomBytes(32).toString('hex');
    expect(loadEncryptionKey(hex, '/nonexistent').toString('hex')).toBe(hex);
    expect(() => loadEncryptionKey('too-short', '/nonexistent')).toThrow(/ENCRYPTION_KEY/);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lw-key-'));
    const first = loadEncryptionKey(undefined, dir);
    expect(loadEncryptionKey(undefined, dir).equals(first)).toBe(true);
    expect(fs.statSync(path.join(dir, 'encryption.key')).mode & 0o777).toBe(0o600);
    fs.rmSync(dir, { recursive: true });
  });
});
