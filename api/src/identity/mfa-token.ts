import { and, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '@ledgerwell/db/client';
import { adminMfaTokens } from '@ledgerwell/db/schema';
import { MFA_MESSAGES, MFA_TOKEN_TTL_MS } from '@ledgerwell/shared/admin-mfa';
import type { Clock } from '../lib/clock';
import { AppError } from '../lib/errors';
import { hashToken, newSessionToken } from '../lib/tokens';
import { ownerColumn, ownerValues, type Account, type AccountKind } from './account';

export const mfaTokenInvalid = () => new AppError('MFA_TOKEN_INVALID', MFA_MESSAGES.mfaTokenExpired);

/** Issued after the right password to a user with a second factor: 256 random bits, only the hash kept, 5 minutes. */
export async function issueMfaToken(tx: Db, clock: Clock, account: Account): Promise<string> {
  const token = newSessionToken();
  const now = clock.now();
  await tx.insert(adminMfaTokens).values({
    ...ownerValues(account),
    tokenHash: hashToken(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + MFA_TOKEN_TTL_MS),
  });
  return token;
}

/** The live (unused, unexpired) token's row of an account of `kind`, or 401 MFA_TOKEN_INVALID. */
export async function findLiveMfaToken(db: Db, clock: Clock, token: string, kind: AccountKind) {
  const [row] = await db
    .select()
    .from(adminMfaTokens)
    .where(
      and(
        eq(adminMfaTokens.tokenHash, hashToken(token)),
        // The other kind's token is no token here.
        isNotNull(ownerColumn(adminMfaTokens, kind)),
        isNull(adminMfaTokens.usedAt),
        gt(adminMfaTokens.expiresAt, clock.now()),
      ),
    )
    .limit(1);
  const userId = kind === 'staff' ? row?.adminUserId : row?.issuerUserId;
  if (!row || !userId) throw mfaTokenInvalid();
  return { ...row, userId };
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

/**
 * The sign-in an mfaToken continues, for either kind: the live token's row and its (still active) user,
 * or 401 MFA_TOKEN_INVALID. `loadUser` answers null for an unknown or inactive user.
 */
export async function pendingSignIn<U>(
  deps: { db: Db; clock: Clock },
  kind: AccountKind,
  mfaToken: string,
  loadUser: (userId: string) => Promise<U | null>,
) {
  const pending = await findLiveMfaToken(deps.db, deps.clock, mfaToken, kind);
  const user = await loadUser(pending.userId);
  if (!user) throw mfaTokenInvalid();
  return { pending, user };
}

/** Completes a sign-in in the proof's transaction: the token is consumed with the session's creation. */
export const finishSignIn =
  <M, R>(clock: Clock, pendingId: string, start: (tx: Db, method: M) => Promise<R>) =>
  async (tx: Db, method: M): Promise<R> => {
    if (!(await consumeMfaToken(tx, clock, pendingId))) throw mfaTokenInvalid();
    return start(tx, method);
  };
