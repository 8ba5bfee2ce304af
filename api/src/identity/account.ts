import { eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '@ledgerwell/db/client';
import { adminUsers, issuerUsers } from '@ledgerwell/db/schema';
import type { Actor } from '../features/activity/record-activity';

/**
 * The two kinds of account one identity core serves (decision 023): staff (admin_users) and issuer users
 * (issuer_users). Sessions, sign-in tokens, authenticator apps, recovery codes, passkeys and their challenges
 * are rows of the same tables, owned through admin_user_id or issuer_user_id (exactly one is set). A staff
 * lookup joins admin_users and an issuer lookup joins issuer_users, so neither kind's token or proof can
 * ever serve the other.
 */
export type AccountKind = 'staff' | 'issuer';

export interface Account {
  kind: AccountKind;
  id: string;
  /** What activity rows and authenticator apps name the account by: the staff username, the issuer user's e-mail. */
  label: string;
}

/** A table whose rows belong to one account of either kind. */
interface Owned {
  adminUserId: AnyPgColumn;
  issuerUserId: AnyPgColumn;
}

export const ownerColumn = (table: Owned, kind: AccountKind): AnyPgColumn =>
  kind === 'staff' ? table.adminUserId : table.issuerUserId;

/** The rows of `table` that belong to `account`. */
export const ownedBy = (table: Owned, account: Pick<Account, 'kind' | 'id'>): SQL =>
  eq(ownerColumn(table, account.kind), account.id);

/** The owner columns of a new row. */
export const ownerValues = (account: Pick<Account, 'kind' | 'id'>) =>
  account.kind === 'staff'
    ? { adminUserId: account.id, issuerUserId: null }
    : { adminUserId: null, issuerUserId: account.id };

/** The owner of a row read back, or null when the row belongs to the other kind. */
export function ownerOf(row: { adminUserId: string | null; issuerUserId: string | null }, kind: AccountKind) {
  return kind === 'staff' ? row.adminUserId : row.issuerUserId;
}

export const staffAccount = (user: { id: string; username: string }): Account => ({
  kind: 'staff',
  id: user.id,
  label: user.username,
});

export const issuerAccount = (user: { id: string; email: string }): Account => ({
  kind: 'issuer',
  id: user.id,
  label: user.email,
});

/** Who an activity row names: a staff user by id, an issuer user in issuer_user_id (never as staff). */
export const accountActor = (account: Account): Actor =>
  account.kind === 'staff'
    ? { id: account.id, username: account.label }
    : { id: null, username: account.label, issuerUserId: account.id };

/** The activity rows' resource types for the account and its sessions. */
export const accountResource = (kind: AccountKind) => (kind === 'staff' ? 'admin_user' : 'issuer_user');
export const sessionResource = (kind: AccountKind) => (kind === 'staff' ? 'admin_session' : 'issuer_session');

/** Throttle keys are per kind: a staff name and an issuer e-mail never share a count. */
export const throttlePrefix = (kind: AccountKind) => (kind === 'staff' ? 'admin' : 'issuer');

/** Records on the user's row that it has (a time) or no longer has (null) a second factor, in `tx`. */
export async function setMfaEnabledAt(tx: Db, account: Account, at: Date | null, now: Date): Promise<void> {
  if (account.kind === 'staff')
    await tx.update(adminUsers).set({ mfaEnabledAt: at, updatedAt: now }).where(eq(adminUsers.id, account.id));
  else await tx.update(issuerUsers).set({ mfaEnabledAt: at, updatedAt: now }).where(eq(issuerUsers.id, account.id));
}

/** The user's mfa_enabled_at, locked until the transaction ends (a first factor is counted once). */
export async function lockMfaEnabledAt(tx: Db, account: Account): Promise<Date | null> {
  const table = account.kind === 'staff' ? adminUsers : issuerUsers;
  const [row] = await tx
    .select({ mfaEnabledAt: table.mfaEnabledAt })
    .from(table)
    .where(eq(table.id, account.id))
    .for('update');
  return row?.mfaEnabledAt ?? null;
}
