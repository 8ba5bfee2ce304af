import type { InferSelectModel } from 'drizzle-orm';
import type { adminUsers } from '@ledgerwell/db/schema';
import type { AdminProfile } from '@ledgerwell/shared/admin-auth';

export type AdminUserRow = InferSelectModel<typeof adminUsers>;

export function toProfile(user: AdminUserRow): AdminProfile {
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
    lastLoginAt: user.lastLoginAt ? user.lastLoginAt.toISOString() : null,
    createdAt: user.createdAt.toISOString(),
  };
}
