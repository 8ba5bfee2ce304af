import { and, asc, count, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '@ledgerwell/db/client';
import { adminPasskeys, adminRecoveryCodes, adminTotp } from '@ledgerwell/db/schema';
import type { MfaMethod, MfaStatus } from '@ledgerwell/shared/admin-mfa';
import type { Clock } from '../lib/clock';
import { ownedBy, setMfaEnabledAt, type Account } from './account';

export interface UserFactors {
  totp: boolean;
  passkeys: number;
  recoveryCodesLeft: number;
}

/** What second factors an account really has: an enabled app, how many passkeys, unused recovery codes. */
export async function userFactors(db: Db, account: Account): Promise<UserFactors> {
  // One after another: inside a transaction the queries share one connection anyway.
  const [totp] = await db
    .select({ n: count() })
    .from(adminTotp)
    .where(and(ownedBy(adminTotp, account), isNotNull(adminTotp.enabledAt)));
  const [passkeys] = await db.select({ n: count() }).from(adminPasskeys).where(ownedBy(adminPasskeys, account));
  const [codes] = await db
    .select({ n: count() })
    .from(adminRecoveryCodes)
    .where(and(ownedBy(adminRecoveryCodes, account), isNull(adminRecoveryCodes.usedAt)));
  return { totp: (totp?.n ?? 0) > 0, passkeys: passkeys?.n ?? 0, recoveryCodesLeft: codes?.n ?? 0 };
}

export const hasFactor = (factors: UserFactors) => factors.totp || factors.passkeys > 0;

/** The methods a sign-in may offer, in the order the code step shows them. */
export function factorMethods(factors: UserFactors): MfaMethod[] {
  const methods: MfaMethod[] = [];
  if (factors.totp) methods.push('totp');
  if (factors.passkeys > 0) methods.push('webauthn');
  if (hasFactor(factors) && factors.recoveryCodesLeft > 0) methods.push('recovery');
  return methods;
}

/**
 * After a factor is removed, in its transaction: when none is left, the recovery codes go and the
 * user's mfa_enabled_at is cleared (it means "has a second factor"). True when none is left.
 */
export async function settleAfterRemoval(tx: Db, clock: Clock, account: Account): Promise<boolean> {
  if (hasFactor(await userFactors(tx, account))) return false;
  await tx.delete(adminRecoveryCodes).where(ownedBy(adminRecoveryCodes, account));
  await setMfaEnabledAt(tx, account, null, clock.now());
  return true;
}

/** The account's passkeys as GET …/mfa lists them (never the key or the counter). */
export async function listPasskeys(db: Db, account: Account): Promise<MfaStatus['passkeys']> {
  const rows = await db
    .select({
      id: adminPasskeys.id,
      name: adminPasskeys.name,
      createdAt: adminPasskeys.createdAt,
      lastUsedAt: adminPasskeys.lastUsedAt,
    })
    .from(adminPasskeys)
    .where(ownedBy(adminPasskeys, account))
    .orderBy(asc(adminPasskeys.createdAt), asc(adminPasskeys.id));
  return rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  }));
}
