import { randomInt } from 'node:crypto';
import { TEMPORARY_PASSWORD_LENGTH } from '@ledgerwell/shared/admin-users';

// No look-alikes (0/O, 1/l/I): the password is read off a banner and typed once.
const CLASSES = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnopqrstuvwxyz', '23456789', '!@#$%^&*-_=+?'] as const;
const ALL = CLASSES.join('');

/**
 * A temporary password for a reset: TEMPORARY_PASSWORD_LENGTH characters drawn uniformly
 * (crypto.randomInt, no modulo bias), one of each class guaranteed so it passes the strength rule,
 * then shuffled (Fisher-Yates) so those four are not always first. About 120 bits of entropy.
 */
export function temporaryPassword(length = TEMPORARY_PASSWORD_LENGTH): string {
  const chars = CLASSES.map((set) => set[randomInt(set.length)]!);
  while (chars.length < length) chars.push(ALL[randomInt(ALL.length)]!);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}
