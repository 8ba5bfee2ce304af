import { createHmac, randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@ledgerwell/shared/admin-mfa';
import type { FieldCipher } from '../lib/field-encryption';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

/** 'xxxxx-xxxxx' from lowercase base32: 50 random bits each. */
export function newRecoveryCodes(): string[] {
  const part = () => Array.from({ length: 5 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => `${part()}-${part()}`);
}

/**
 * Keyed with a key derived from ENCRYPTION_KEY and bound to the user: 50 bits would fall to an offline
 * search over a plain hash, and a leaked table alone gives nothing to search with.
 */
export function hashRecoveryCode(cipher: FieldCipher, userId: string, code: string): string {
  return createHmac('sha256', cipher.deriveKey('admin-recovery-codes')).update(`${userId}:${code}`).digest('hex');
}
