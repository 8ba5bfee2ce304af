import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { FileStorage } from './storage';

/**
 * Files encrypted before they reach the store, so a copy of the disk or the bucket shows nothing:
 * AES-256-GCM with a fresh IV per file. Layout: `LWE` + version (1) + IV (12) + ciphertext + tag (16).
 * The header and the storage key are authenticated with the content: a file edited, or moved under
 * another key, fails to open. Photos are at most 10 MB, so a file is opened whole and its tag checked
 * before a single byte goes out; nothing unauthenticated is ever streamed.
 */
/** The purpose the file key is derived under (`FieldCipher.deriveKey`). */
export const FILE_KEY_PURPOSE = 'file-storage';

const MAGIC = Buffer.from('LWE', 'latin1');
const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = MAGIC.length + 1 + IV_BYTES;

export const isSealed = (data: Buffer) =>
  data.length >= HEADER_BYTES + TAG_BYTES && data.subarray(0, MAGIC.length).equals(MAGIC);

function seal(key: Buffer, storageKey: string, plain: Buffer): Buffer {
  const header = Buffer.concat([MAGIC, Buffer.from([VERSION]), randomBytes(IV_BYTES)]);
  const cipher = createCipheriv('aes-256-gcm', key, header.subarray(MAGIC.length + 1), { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.concat([header, Buffer.from(storageKey, 'utf8')]));
  return Buffer.concat([header, cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
}

function open(key: Buffer, storageKey: string, sealed: Buffer): Buffer {
  if (!isSealed(sealed)) throw new Error(`stored file ${storageKey} is not encrypted`);
  if (sealed[MAGIC.length] !== VERSION) throw new Error(`stored file ${storageKey} has an unknown format version`);
  const header = sealed.subarray(0, HEADER_BYTES);
  const decipher = createDecipheriv('aes-256-gcm', key, header.subarray(MAGIC.length + 1), {
    authTagLength: TAG_BYTES,
  });
  decipher.setAAD(Buffer.concat([header, Buffer.from(storageKey, 'utf8')]));
  decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
  return Buffer.concat([decipher.update(sealed.subarray(HEADER_BYTES, sealed.length - TAG_BYTES)), decipher.final()]);
}

/** `inner` holding only ciphertext; every call speaks plaintext, so callers do not change. */
export function encryptedStorage(inner: FileStorage, key: Buffer): FileStorage {
  if (key.length !== 32) throw new Error('the file encryption key must be 32 bytes');
  const read = async (storageKey: string) => {
    const sealed = await inner.read(storageKey);
    return sealed && open(key, storageKey, sealed);
  };
  return {
    async put(storageKey, data) {
      await inner.put(storageKey, seal(key, storageKey, data));
      // Of the plaintext: what callers compare a re-upload with.
      return { key: storageKey, sha256: createHash('sha256').update(data).digest('hex'), size: data.length };
    },
    read,
    async stream(storageKey) {
      const plain = await read(storageKey);
      return plain && { body: new Blob([new Uint8Array(plain)]).stream(), size: plain.length };
    },
    remove: (storageKey) => inner.remove(storageKey),
  };
}

/**
 * Encrypts in place a file written before encryption existed; false when it is missing or already
 * encrypted. Safe to run from several processes: the check and the atomic put make a race end with
 * one encrypted copy of the same plaintext.
 */
export async function sealLegacyFile(inner: FileStorage, key: Buffer, storageKey: string): Promise<boolean> {
  const data = await inner.read(storageKey);
  if (!data || isSealed(data)) return false;
  await inner.put(storageKey, seal(key, storageKey, data));
  return true;
}
