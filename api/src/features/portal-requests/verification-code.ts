import { createHmac, randomInt } from 'node:crypto';
import { legacyVerificationCodeKey } from '../../lib/app-secrets';
import type { AppDeps } from '../../lib/context';
import { CODE_WORDS } from './code-words';

/** The HKDF purpose of the code key (FieldCipher.deriveKey). */
const CODE_KEY_PURPOSE = 'verification-code';

/**
 * WORD + 4 digits + WORD + 4 digits, e.g. MAPLE4821RIVER0375: letters and digits only, easy to read
 * aloud, 2×8 + 2×13.3 ≈ 42.6 bits of randomness.
 */
export function newVerificationCode(): string {
  const word = () => CODE_WORDS[randomInt(CODE_WORDS.length)]!.toUpperCase();
  const digits = () => String(randomInt(10_000)).padStart(4, '0');
  return `${word()}${digits()}${word()}${digits()}`;
}

/** The absolute link to the verification page, from PUBLIC_URL. */
export const verificationLink = (deps: Pick<AppDeps, 'config'>, code: string) =>
  `${deps.config.publicUrl}/verify/${code}`;

/** Codes compare case-insensitively, so they are hashed uppercase; a keyed hash, so a copied table cannot be brute-forced offline. */
export function hashVerificationCode(key: Buffer, code: string): string {
  return createHmac('sha256', key).update(code.trim().toUpperCase()).digest('hex');
}

/**
 * The key new codes are hashed with: derived from ENCRYPTION_KEY, which never lives in the
 * database, so a dump alone cannot test a single guess.
 */
export function verificationCodeKey(deps: Pick<AppDeps, 'cipher'>): Buffer {
  return deps.cipher.deriveKey(CODE_KEY_PURPOSE);
}

/**
 * The hashes a typed code may be stored under: the derived key's, and while codes of the previous
 * version may still be alive, the old database key's (app-secrets.ts).
 */
export async function storedCodeHashes(
  deps: Pick<AppDeps, 'cipher' | 'db' | 'clock'>,
  code: string,
): Promise<string[]> {
  const legacy = await legacyVerificationCodeKey(deps);
  const derived = hashVerificationCode(verificationCodeKey(deps), code);
  return legacy ? [derived, hashVerificationCode(legacy, code)] : [derived];
}
