import { createHmac, randomInt } from 'node:crypto';
import { CODE_WORDS } from './code-words';

/**
 * WORD + 4 digits + WORD + 4 digits, e.g. MAPLE4821RIVER0375: letters and digits only, easy to read
 * aloud, 2×8 + 2×13.3 ≈ 42.6 bits of randomness.
 */
export function newVerificationCode(): string {
  const word = () => CODE_WORDS[randomInt(CODE_WORDS.length)]!.toUpperCase();
  const digits = () => String(randomInt(10_000)).padStart(4, '0');
  return `${word()}${digits()}${word()}${digits()}`;
}

/** Codes compare case-insensitively, so they are hashed uppercase; a keyed hash, so a copied table cannot be brute-forced offline. */
export function hashVerificationCode(key: Buffer, code: string): string {
  return createHmac('sha256', key).update(code.trim().toUpperCase()).digest('hex');
}
