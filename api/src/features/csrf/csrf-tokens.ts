import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { CSRF_TOKEN_TTL_MS } from '@ledgerwell/shared/csrf';
import { appSecret } from '../../lib/app-secrets';
import type { AppDeps } from '../../lib/context';

const SECRET_NAME = 'csrf-signing-key';

/**
 * CSRF tokens are signed, not stored: `issuedAt.nonce.signature`. The signing key is generated
 * once into the database, so every API process issues and accepts the same tokens.
 */
export function csrfTokens(deps: AppDeps) {
  const getKey = appSecret(deps.db, SECRET_NAME);
  const sign = async (payload: string) => createHmac('sha256', await getKey()).update(payload).digest('base64url');

  return {
    async issue(): Promise<string> {
      const payload = `${deps.clock.now().getTime()}.${randomBytes(16).toString('base64url')}`;
      return `${payload}.${await sign(payload)}`;
    },
    async verify(token: string | undefined): Promise<boolean> {
      if (!token) return false;
      const parts = token.split('.');
      if (parts.length !== 3) return false;
      const [issuedAt, nonce, signature] = parts as [string, string, string];
      const expected = Buffer.from(await sign(`${issuedAt}.${nonce}`));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
      const age = deps.clock.now().getTime() - Number(issuedAt);
      return Number.isFinite(age) && age >= -60_000 && age < CSRF_TOKEN_TTL_MS;
    },
  };
}
export type CsrfTokens = ReturnType<typeof csrfTokens>;
