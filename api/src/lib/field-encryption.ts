import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * AES-256-GCM for PII at rest (tax IDs). Stored as `v1:<iv>:<tag>:<ciphertext>` (base64), so the
 * format can change later without guessing. GCM's tag makes a tampered value fail to decrypt.
 */
export interface FieldCipher {
  encrypt(plain: string): string;
  decrypt(stored: string): string;
}

export function createFieldCipher(key: Buffer): FieldCipher {
  if (key.length !== 32) throw new Error('the field encryption key must be 32 bytes');
  return {
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv.toString('base64'), cipher.getAuthTag().toString('base64'), ciphertext.toString('base64')].join(':');
    },
    decrypt(stored) {
      const [version, iv, tag, ciphertext] = stored.split(':');
      if (version !== 'v1' || !iv || !tag || ciphertext === undefined) throw new Error('unknown encrypted field format');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
      decipher.setAuthTag(Buffer.from(tag, 'base64'));
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64')), decipher.final()]).toString('utf8');
    },
  };
}

/** 64 hex characters or base64 of 32 bytes. */
export function parseEncryptionKey(value: string): Buffer | null {
  const trimmed = value.trim();
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) return Buffer.from(trimmed, 'hex');
  const decoded = Buffer.from(trimmed, 'base64');
  return decoded.length === 32 ? decoded : null;
}

/**
 * ENCRYPTION_KEY when set (required for several processes: they must share it); otherwise a key
 * generated once into DATA_DIR/encryption.key, readable by the owner only.
 */
export function loadEncryptionKey(configured: string | undefined, dataDir: string): Buffer {
  if (configured) {
    const key = parseEncryptionKey(configured);
    if (!key) throw new Error('ENCRYPTION_KEY: must be 64 hex characters or base64 of 32 bytes');
    return key;
  }
  const file = path.join(dataDir, 'encryption.key');
  if (fs.existsSync(file)) {
    const key = parseEncryptionKey(fs.readFileSync(file, 'utf8'));
    if (!key) throw new Error(`${file} does not hold a valid key`);
    return key;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  // 'wx' fails if another process created the file meanwhile; then use theirs.
  try {
    fs.writeFileSync(file, key.toString('hex'), { mode: 0o600, flag: 'wx' });
    return key;
  } catch {
    return loadEncryptionKey(undefined, dataDir);
  }
}
