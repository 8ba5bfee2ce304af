import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { legacyV1 } from '../test/legacy-ciphertext';
import { createFieldCipher, fieldContext, loadEncryptionKey } from './field-encryption';

describe('field encryption', () => {
  const here = fieldContext.shareholderTaxId('0b8f5c9e-1111-4a4a-8c8c-000000000001');
  const there = fieldContext.shareholderTaxId('0b8f5c9e-1111-4a4a-8c8c-000000000002');

  it('round-trips, uses a fresh IV each time, and refuses tampered or foreign ciphertext', () => {
    const cipher = createFieldCipher(randomBytes(32));
    const a = cipher.encrypt('123-45-6789', here);
    const b = cipher.encrypt('123-45-6789', here);
    expect(a).not.toBe(b);
    expect(a).toMatch(/^v2:/);
    expect(cipher.decrypt(a, here)).toBe('123-45-6789');
    const [v, iv, tag, ct] = a.split(':');
    const flipped = Buffer.from(ct!, 'base64');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => cipher.decrypt([v, iv, tag, flipped.toString('base64')].join(':'), here)).toThrow();
    expect(() => createFieldCipher(randomBytes(32)).decrypt(a, here)).toThrow();
  });

  it('refuses a ciphertext moved to another row or another column', () => {
    const cipher = createFieldCipher(randomBytes(32));
    const stored = cipher.encrypt('123-45-6789', here);
    expect(() => cipher.decrypt(stored, there)).toThrow();
    expect(() =>
      cipher.decrypt(stored, fieldContext.requestSensitive('0b8f5c9e-1111-4a4a-8c8c-000000000001')),
    ).toThrow();
  });

  it('refuses a truncated tag, which GCM would otherwise check on its first bytes only', () => {
    const cipher = createFieldCipher(randomBytes(32));
    const [v, iv, tag, ct] = cipher.encrypt('123-45-6789', here).split(':');
    for (const length of [4, 8, 12, 15]) {
      const short = Buffer.from(tag!, 'base64').subarray(0, length).toString('base64');
      expect(() => cipher.decrypt([v, iv, short, ct].join(':'), here)).toThrow(/malformed/);
    }
  });

  it('no longer decrypts v1 values, and upgrades them to v2 bound to their row', () => {
    const key = randomBytes(32);
    const cipher = createFieldCipher(key);
    const legacy = legacyV1(key, '123-45-6789');
    expect(() => cipher.decrypt(legacy, here)).toThrow();
    const upgraded = cipher.upgrade(legacy, here)!;
    expect(upgraded).toMatch(/^v2:/);
    expect(cipher.decrypt(upgraded, here)).toBe('123-45-6789');
    expect(() => cipher.decrypt(upgraded, there)).toThrow();
    expect(cipher.upgrade(upgraded, here)).toBeNull();
  });

  it('derives independent keys per purpose, none equal to the encryption key', () => {
    const key = randomBytes(32);
    const cipher = createFieldCipher(key);
    const a = cipher.deriveKey('idempotency');
    expect(a).toHaveLength(32);
    expect(cipher.deriveKey('idempotency').equals(a)).toBe(true);
    expect(cipher.deriveKey('files').equals(a)).toBe(false);
    expect(a.equals(key)).toBe(false);
    expect(createFieldCipher(randomBytes(32)).deriveKey('idempotency').equals(a)).toBe(false);
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
