import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '@ledgerwell/db/client';
import { adminUsers } from '@ledgerwell/db/schema';
import {
  ADMIN_USER_LIST_CAP,
  ADMIN_USER_MESSAGES,
  type AdminUser,
  type CreateAdminUserInput,
  type UpdateAdminUserInput,
} from '@ledgerwell/shared/admin-users';
import type { AdminContext, AppDeps, RequestMeta } from '../../lib/context';
import { AppError, notFound } from '../../lib/errors';
import { changedFields } from '../activity/changes';
import { recordActivity } from '../activity/record-activity';
import { assertSuperAdminRemains, lockUserAndSuperAdmins } from './deactivate';
import { hashPassword } from '../../identity/passwords';
import { profileColumns, toProfile, type AdminUserRow } from '../../identity/profile';
import { revokeUserSessions } from '../../identity/sessions';
import { temporaryPassword } from './temporary-password';
import { isUuid } from '../../lib/ids';

const actorOf = (admin: AdminContext) => ({ id: admin.profile.id, username: admin.profile.username });

/** What the activity log keeps of a user, before and after a change: never the password or its hash. */
const auditView = (
  user: Pick<
    AdminUserRow,
    'username' | 'email' | 'firstName' | 'lastName' | 'phone' | 'role' | 'isActive' | 'mustChangePassword'
  >,
) => ({
  username: user.username,
  email: user.email,
  firstName: user.firstName,
  lastName: user.lastName,
  phone: user.phone,
  role: user.role,
  isActive: user.isActive,
  mustChangePassword: user.mustChangePassword,
});

/** Every admin user (they are few), by username; at most ADMIN_USER_LIST_CAP, with the true total. */
export async function listAdminUsers(deps: AppDeps): Promise<{ users: AdminUser[]; total: number }> {
  const rows = await deps.db
    .select(profileColumns)
    .from(adminUsers)
    .orderBy(asc(sql`lower(${adminUsers.username})`), asc(adminUsers.id))
    .limit(ADMIN_USER_LIST_CAP);
  let total = rows.length;
  if (total === ADMIN_USER_LIST_CAP) {
    const [count] = await deps.db.select({ count: sql<number>`count(*)::int` }).from(adminUsers);
    total = count?.count ?? total;
  }
  return { users: rows.map((row) => toProfile(row, deps.config.ADMIN_MFA_ROLES)), total };
}

export async function getAdminUser(deps: AppDeps, userId: string): Promise<AdminUser> {
  if (!isUuid(userId)) throw notFound(ADMIN_USER_MESSAGES.userNotFound);
  const [row] = await deps.db.select(profileColumns).from(adminUsers).where(eq(adminUsers.id, userId)).limit(1);
  if (!row) throw notFound(ADMIN_USER_MESSAGES.userNotFound);
  return toProfile(row, deps.config.ADMIN_MFA_ROLES);
}

/**
 * Creates and edits run one at a time (a transaction-scoped advisory lock): the e-mail has no unique
 * index, so "is it free?" and the write must not interleave with another's.
 */
async function lockUserWrites(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('ledgerwell:admin-user-writes', 0))`);
}

/** A username (case-insensitively, as its unique index) or e-mail (case-insensitively) already used by someone else: 409 with field errors. */
async function assertUnique(tx: Db, fields: { username?: string; email: string }, exceptId?: string): Promise<void> {
  const errors: Record<string, string> = {};
  const others = (condition: ReturnType<typeof eq>) =>
    tx
      .select({ id: adminUsers.id })
      .from(adminUsers)
      .where(exceptId ? and(condition, ne(adminUsers.id, exceptId)) : condition)
      .limit(1);
  if (
    fields.username !== undefined &&
    (await others(sql`lower(${adminUsers.username}) = lower(${fields.username})`)).length > 0
  ) {
    errors.username = ADMIN_USER_MESSAGES.usernameTaken;
  }
  if ((await others(sql`lower(${adminUsers.email}) = lower(${fields.email})`)).length > 0)
    errors.email = ADMIN_USER_MESSAGES.emailTaken;
  const first = Object.values(errors)[0];
  if (first) throw new AppError('CONFLICT', first, errors);
}

/**
 * A new admin user. The creator chose the password, so the user must change it at first sign-in
 * (mustChangePassword): only the user should know their password.
 */
export async function createAdminUser(
  deps: AppDeps,
  actor: AdminContext,
  input: CreateAdminUserInput,
  meta: RequestMeta,
): Promise<AdminUser> {
  const passwordHash = await hashPassword(input.password);
  return deps.db.transaction(async (tx) => {
    await lockUserWrites(tx);
    await assertUnique(tx, input);
    const now = deps.clock.now();
    const [row] = await tx
      .insert(adminUsers)
      .values({
        username: input.username,
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        phone: input.phone,
        role: input.role,
        isActive: true,
        mustChangePassword: true,
        passwordHash,
        passwordChangedAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error('admin user insert returned no row');
    const nothing = {
      username: null,
      email: null,
      firstName: null,
      lastName: null,
      phone: null,
      role: null,
      isActive: null,
      mustChangePassword: null,
    };
    await recordActivity(tx, {
      actor: actorOf(actor),
      action: 'ADMIN_USER_CREATED',
      resourceType: 'admin_user',
      resourceId: row.id,
      details: { username: row.username, changes: changedFields<Record<string, unknown>>(nothing, auditView(row)) },
      meta,
    });
    return toProfile(row, deps.config.ADMIN_MFA_ROLES);
  });
}

/**
 * Edits a user. The username is fixed: sending it back unchanged is fine, another one is a 400.
 * Demoting or deactivating the last active SUPER_ADMIN is a 409; so is deactivating oneself.
 * Deactivation (isActive false) ends the user's sessions as DELETE does; a role change reaches their
 * next call (the cached session is forgotten).
 */
export async function updateAdminUser(
  deps: AppDeps,
  actor: AdminContext,
  userId: string,
  input: UpdateAdminUserInput,
  meta: RequestMeta,
): Promise<AdminUser> {
  const row = await deps.db.transaction(async (tx) => {
    await lockUserWrites(tx);
    const locked = await lockUserAndSuperAdmins(tx, userId);
    const before = locked.user;
    if (input.username !== undefined && input.username.trim() !== before.username) {
      throw new AppError('VALIDATION_ERROR', ADMIN_USER_MESSAGES.usernameLocked, {
        username: ADMIN_USER_MESSAGES.usernameLocked,
      });
    }
    const isActive = input.isActive ?? before.isActive;
    assertSuperAdminRemains(locked, { role: input.role, isActive });
    if (!isActive && before.isActive && userId === actor.profile.id)
      throw new AppError('CONFLICT', ADMIN_USER_MESSAGES.cannotDeactivateSelf);
    await assertUnique(tx, { email: input.email }, userId);

    const changes = {
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      phone: input.phone,
      role: input.role,
      isActive,
    };
    const changed = changedFields(auditView(before), changes);
    if (Object.keys(changed).length === 0) return before;
    const [after] = await tx
      .update(adminUsers)
      .set({ ...changes, updatedAt: deps.clock.now() })
      .where(eq(adminUsers.id, userId))
      .returning();
    if (!after) throw notFound(ADMIN_USER_MESSAGES.userNotFound);
    if (before.isActive && !isActive) await revokeUserSessions(tx, deps.clock, userId, 'deactivated');
    await recordActivity(tx, {
      actor: actorOf(actor),
      action: before.isActive && !isActive ? 'ADMIN_DEACTIVATED' : 'ADMIN_USER_UPDATED',
      resourceType: 'admin_user',
      resourceId: userId,
      details: { username: before.username, changes: changed },
      meta,
    });
    return after;
  });
  deps.sessionCache?.forget(userId);
  return toProfile(row, deps.config.ADMIN_MFA_ROLES);
}

/**
 * A new random temporary password, returned once and never stored or logged in clear: the user must
 * change it at next sign-in, and every session they have ends now.
 */
export async function resetAdminPassword(
  deps: AppDeps,
  actor: AdminContext,
  userId: string,
  meta: RequestMeta,
): Promise<string> {
  if (!isUuid(userId)) throw notFound(ADMIN_USER_MESSAGES.userNotFound);
  const newPassword = temporaryPassword();
  const passwordHash = await hashPassword(newPassword);
  await deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(adminUsers).where(eq(adminUsers.id, userId)).for('update');
    if (!before) throw notFound(ADMIN_USER_MESSAGES.userNotFound);
    const now = deps.clock.now();
    await tx
      .update(adminUsers)
      .set({ passwordHash, mustChangePassword: true, passwordChangedAt: now, updatedAt: now })
      .where(eq(adminUsers.id, userId));
    await revokeUserSessions(tx, deps.clock, userId, 'password_reset');
    await recordActivity(tx, {
      actor: actorOf(actor),
      action: 'ADMIN_PASSWORD_RESET',
      resourceType: 'admin_user',
      resourceId: userId,
      details: {
        username: before.username,
        changes: changedFields(
          { mustChangePassword: before.mustChangePassword, password: 'old' },
          { mustChangePassword: true, password: 'new' },
          ['password'],
        ),
      },
      meta,
    });
  });
  deps.sessionCache?.forget(userId);
  return newPassword;
}
