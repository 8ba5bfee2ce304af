import type { InferSelectModel } from 'drizzle-orm';
import { adminUsers } from '@ledgerwell/db/schema';
import type { AdminProfile, AdminRole } from '@ledgerwell/shared/admin-auth';

export type AdminUserRow = InferSelectModel<typeof adminUsers>;

/** The columns a profile is made of: a session lookup reads these, never the password hash. */
export const profileColumns = {
  id: adminUsers.id,
  username: adminUsers.username,
  email: adminUsers.email,
  firstName: adminUsers.firstName,
  lastName: adminUsers.lastName,
  phone: adminUsers.phone,
  role: adminUsers.role,
  isActive: adminUsers.isActive,
  mustChangePassword: adminUsers.mustChangePassword,
  lastLoginAt: adminUsers.lastLoginAt,
  mfaEnabledAt: adminUsers.mfaEnabledAt,
  createdAt: adminUsers.createdAt,
};
export type ProfileRow = Pick<AdminUserRow, keyof typeof profileColumns>;

/** `mfaRoles`: the roles that must use a second factor (config ADMIN_MFA_ROLES); without it nobody must enrol. */
export function toProfile(user: ProfileRow, mfaRoles: readonly AdminRole[] = []): AdminProfile {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone,
    role: user.role,
    isActive: user.isActive,
    mustChangePassword: user.mustChangePassword,
    mfaEnabled: user.mfaEnabledAt !== null,
    mustEnrollMfa: mfaRoles.includes(user.role) && user.mfaEnabledAt === null,
    lastLoginAt: user.lastLoginAt ? user.lastLoginAt.toISOString() : null,
    createdAt: user.createdAt.toISOString(),
  };
}
