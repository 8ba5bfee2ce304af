import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '@ledgerwell/db/client';
import { adminMfaTokens } from '@ledgerwell/db/schema';
import { MFA_MESSAGES, MFA_TOKEN_TTL_MS } from '@ledgerwell/shared/admin-mfa';
import type { Clock } from '../lib/clock';
import { AppError } from '../lib/errors';
import { hashToken, newSessionToken } from '../lib/tokens';

export const mfaTokenInvalid = () => new AppError('MFA_TOKEN_INVALID', MFA_MESSAGES.mfaTokenExpired);

/** Issued after the right password to a user with a second factor: 256 random bits, only the hash kept, 5 minutes. */
export async function issueMfaToken(tx: Db, clock: Clock, userId: string): Promise<string> {
  const token = newSessionToken();
  const now = clock.now();
  await tx.insert(adminMfaTokens).values({
    adminUserId: userId,
    tokenHash: hashToken(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + MFA_TOKEN_TTL_MS),
  });
  return token;
}

/** The live (unused, unexpired) token's row, or 401 MFA_TOKEN_INVALID. */
export async function findLiveMfaToken(db: Db, clock: Clock, token: string) {
  const [row] = await db
    .select()
    .from(adminMfaTokens)
    .where(
      and(
        eq(adminMfaTokens.tokenHash, hashToken(token)),
        isNull(adminMfaTokens.usedAt),
        gt(adminMfaTokens.expiresAt, clock.now()),
      ),
    )
    .limit(1);
  if (!row) throw mfaTokenInvalid();
  return row;
}

/** Marks the token used in the sign-in's transaction; false when another request consumed it first. */
export async function consumeMfaToken(tx: Db, clock: Clock, id: string): Promise<boolean> {
  const used = await tx
    .update(adminMfaTokens)
    .set({ usedAt: clock.now() })
    .where(and(eq(adminMfaTokens.id, id), isNull(adminMfaTokens.usedAt), gt(adminMfaTokens.expiresAt, clock.now())))
    .returning({ id: adminMfaTokens.id });
  return used.length === 1;
}
