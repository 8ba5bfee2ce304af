import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { CSRF_TOKEN_TTL_MS } from '@ledgerwell/shared/csrf';
import type { AppDeps } from '../../lib/context';

/** The HKDF purpose of the signing key (FieldCipher.deriveKey). */
const KEY_PURPOSE = 'csrf-signing';

/**
 * CSRF tokens are signed, not stored: `issuedAt.nonce.signature`. The signing key derives from
 * ENCRYPTION_KEY, which every API process shares and the database never holds, so every process
 * issues and accepts the same tokens and a database dump forges none.
 */
export function csrfTokens(deps: AppDeps) {
  const key = deps.cipher.deriveKey(KEY_PURPOSE);
  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

  return {
    async issue(): Promise<string> {
      const payload = `${deps.clock.now().getTime()}.${randomBytes(16).toString('base64url')}`;
      return `${payload}.${sign(payload)}`;
    },
    async verify(token: string | undefined): Promise<boolean> {
      if (!token) return false;
      const parts = token.split('.');
      if (parts.length !== 3) return false;
      const [issuedAt, nonce, signature] = parts as [string, string, string];
      const expected = Buffer.from(sign(`${issuedAt}.${nonce}`));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
      const age = deps.clock.now().getTime() - Number(issuedAt);
      return Number.isFinite(age) && age >= -60_000 && age < CSRF_TOKEN_TTL_MS;
    },
  };
}
export type CsrfTokens = ReturnType<typeof csrfTokens>;
