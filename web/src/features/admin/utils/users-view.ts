import { ADMIN_ROLE_LABELS, ADMIN_ROLES, type AdminRole } from '@ledgerwell/shared/admin-auth';
import type { AdminUser } from '@ledgerwell/shared/admin-users';
import { formatDateTime } from '../../../lib/format';

/** The user table's search, filters and sorting (spec 2.2): admin users are few, so all run in the browser. */
export type UserSortKey = 'username' | 'email' | 'name' | 'role' | 'status' | 'lastLoginAt';
export interface UserSort {
  key: UserSortKey;
  order: 'asc' | 'desc';
}
export const DEFAULT_USER_SORT: UserSort = { key: 'username', order: 'asc' };

export type UserStatusFilter = 'ALL' | 'ACTIVE' | 'INACTIVE';
export const USER_STATUS_FILTERS: readonly { value: UserStatusFilter; label: string }[] = [
  { value: 'ALL', label: 'All statuses' },
  { value: 'ACTIVE', label: 'Active' },
  { value: 'INACTIVE', label: 'Inactive' },
];
export type UserRoleFilter = 'ALL' | AdminRole;
export const USER_ROLE_FILTERS: readonly { value: UserRoleFilter; label: string }[] = [
  { value: 'ALL', label: 'All roles' },
  ...ADMIN_ROLES.map((role) => ({ value: role, label: ADMIN_ROLE_LABELS[role] })),
];

export const fullName = (user: Pick<AdminUser, 'firstName' | 'lastName'>) =>
  `${user.firstName} ${user.lastName}`.trim();

const collator = new Intl.Collator('en-US', { sensitivity: 'base', numeric: true });
/** Higher roles first when descending, as their rank. */
const ROLE_ORDER: Record<AdminRole, number> = { READ_ONLY: 0, REVIEWER: 1, ADMIN: 2, SUPER_ADMIN: 3 };

function compare(a: AdminUser, b: AdminUser, key: UserSortKey): number {
  switch (key) {
    case 'username':
      return collator.compare(a.username, b.username);
    case 'email':
      return collator.compare(a.email, b.email);
    case 'name':
      return collator.compare(`${a.lastName} ${a.firstName}`, `${b.lastName} ${b.firstName}`);
    case 'role':
      return ROLE_ORDER[a.role] - ROLE_ORDER[b.role];
    case 'status':
      return Number(b.isActive) - Number(a.isActive);
    case 'lastLoginAt':
      return loginTime(a) - loginTime(b);
  }
}

/** Never signed in sorts before any sign-in (oldest first when ascending); an unreadable date likewise. */
function loginTime(user: AdminUser): number {
  const time = user.lastLoginAt ? new Date(user.lastLoginAt).getTime() : Number.NaN;
  return Number.isNaN(time) ? Number.NEGATIVE_INFINITY : time;
}

/**
 * The rows to show: the search matches the username, e-mail or full name (any case, anywhere), then
 * the role and status filters, then the sort (ties by username, so the order is stable).
 */
export function visibleUsers(
  users: readonly AdminUser[],
  search: string,
  role: UserRoleFilter,
  status: UserStatusFilter,
  sort: UserSort,
): AdminUser[] {
  const needle = search.trim().toLowerCase();
  const direction = sort.order === 'asc' ? 1 : -1;
  return users
    .filter((user) => role === 'ALL' || user.role === role)
    .filter((user) => status === 'ALL' || user.isActive === (status === 'ACTIVE'))
    .filter(
      (user) =>
        !needle || [user.username, user.email, fullName(user)].some((text) => text.toLowerCase().includes(needle)),
    )
    .sort((a, b) => direction * compare(a, b, sort.key) || collator.compare(a.username, b.username));
}

/** A click on a column: the same column flips its order, another starts ascending (last login newest first). */
export function nextSort(current: UserSort, key: UserSortKey): UserSort {
  if (current.key === key) return { key, order: current.order === 'asc' ? 'desc' : 'asc' };
  return { key, order: key === 'lastLoginAt' ? 'desc' : 'asc' };
}

/** Spec 8: a missing date reads 'Not provided', an unreadable one 'Invalid date'. `missing` overrides the first ('Never' for last login). */
export function displayDate(value: string | null | undefined, missing = 'Not provided'): string {
  if (!value) return missing;
  return Number.isNaN(new Date(value).getTime()) ? 'Invalid date' : formatDateTime(value);
}
