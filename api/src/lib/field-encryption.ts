import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * AES-256-GCM for PII at rest (tax IDs, e-mail bodies). Stored as `v2:<iv>:<tag>:<ciphertext>`
 * (base64). Each value is bound to its row and column as additional authenticated data: a value
 * copied into another row, or another column, fails to decrypt like a tampered one. `v1` values
 * (before the binding) are only ever read by `upgrade`, which the start-up rewrite uses.
 */
export interface FieldCipher {
  /** `context` names where the value lives: one of `fieldContext`'s. */
  encrypt(plain: string, context: string): string;
  decrypt(stored: string, context: string): string;
  /** The v2 form of a v1 value, bound to `context`; null when `stored` is not v1. */
  upgrade(stored: string, context: string): string | null;
  /** A 32-byte key for one purpose, derived from the encryption key: never stored, never the key itself. */
  deriveKey(purpose: string): Buffer;
}

/** Where each encrypted column's values live: the additional authenticated data of their ciphertexts. */
export const fieldContext = {
  shareholderTaxId: (shareholderId: string) => `shareholders.tax_id_encrypted:${shareholderId}`,
  requestSensitive: (requestId: string) => `shareholder_requests.sensitive_encrypted:${requestId}`,
  emailBody: (emailId: string) => `email_outbox.body_encrypted:${emailId}`,
  issuerEin: (applicationId: string) => `issuer_applications.ein_encrypted:${applicationId}`,
  adminTotpSecret: (adminUserId: string) => `admin_totp.secret_encrypted:${adminUserId}`,
};

const IV_BYTES = 12;
const TAG_BYTES = 16;

function gcmDecrypt(key: Buffer, iv: Buffer, tag: Buffer, ciphertext: Buffer, aad: Buffer | null): string {
  // Node accepts tags as short as 4 bytes unless told otherwise: a short tag is a forgery aid.
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new Error('malformed encrypted field');
  const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  if (aad) decipher.setAAD(aad);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
}

function parts(stored: string, version: string) {
  const [v, iv, tag, ciphertext, ...rest] = stored.split(':');
  if (v !== version || !iv || !tag || ciphertext === undefined || rest.length > 0) return null;
  return {
    iv: Buffer.from(iv, 'base64'),
    tag: Buffer.from(tag, 'base64'),
    ciphertext: Buffer.from(ciphertext, 'base64'),
  };
}

const aadFor = (context: string) => {
  if (!context) throw new Error('an encrypted field needs its context');
  return Buffer.from(`v2|${context}`, 'utf8');
};

export function createFieldCipher(key: Buffer): FieldCipher {
  if (key.length !== 32) throw new Error('the field encryption key must be 32 bytes');
  const encrypt = (plain: string, context: string) => {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(aadFor(context));
    const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v2', iv.toString('base64'), cipher.getAuthTag().toString('base64'), ciphertext.toString('base64')].join(
      ':',
    );
  };
  return {
    encrypt,
    decrypt(stored, context) {
      const p = parts(stored, 'v2');
      if (!p) throw new Error('unknown encrypted field format');
      return gcmDecrypt(key, p.iv, p.tag, p.ciphertext, aadFor(context));
    },
    upgrade(stored, context) {
      const p = parts(stored, 'v1');
      return p ? encrypt(gcmDecrypt(key, p.iv, p.tag, p.ciphertext, null), context) : null;
    },
    deriveKey(purpose) {
      // HKDF keeps each derived key independent of the others and of the field key itself.
      return Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), `ledgerwell:${purpose}`, 32));
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
