import { z } from 'zod';
import {
  ADMIN_USER_MESSAGES,
  adminUserListResponseSchema,
  adminUserResponseSchema,
  resetPasswordResponseSchema,
  type AdminRole,
  type AdminUser,
} from '@ledgerwell/shared/admin-users';
import { apiPaths } from '../../../config/paths';
import { apiRequest } from '../../../lib/api-client';

export type { AdminUser };

/** What the user form sends (spec 7.1): the password on create only; phone null when empty. */
export interface AdminUserBody {
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  role: AdminRole;
}

const messageSchema = z.object({ success: z.literal(true), message: z.string().optional() });

export async function fetchAdminUsers(signal?: AbortSignal): Promise<{ users: AdminUser[]; total: number }> {
  const body = await apiRequest(apiPaths.admin.users, {
    auth: 'admin',
    schema: adminUserListResponseSchema,
    signal,
    failureMessage: ADMIN_USER_MESSAGES.fetchFailed,
    networkErrorMessage: ADMIN_USER_MESSAGES.loadFailed,
  });
  return { users: body.users, total: body.total };
}

export async function createAdminUser(input: AdminUserBody & { password: string }): Promise<AdminUser> {
  const body = await apiRequest(apiPaths.admin.users, {
    method: 'POST',
    auth: 'admin',
    body: input,
    schema: adminUserResponseSchema,
    failureMessage: ADMIN_USER_MESSAGES.saveFailed,
    networkErrorMessage: ADMIN_USER_MESSAGES.networkError,
  });
  return body.data;
}

export async function updateAdminUser(id: string, input: AdminUserBody): Promise<AdminUser> {
  const body = await apiRequest(apiPaths.admin.user(id), {
    method: 'PUT',
    auth: 'admin',
    body: input,
    schema: adminUserResponseSchema,
    failureMessage: ADMIN_USER_MESSAGES.saveFailed,
    networkErrorMessage: ADMIN_USER_MESSAGES.networkError,
  });
  return body.data;
}

/** DELETE deactivates (spec 4); the list is reloaded afterwards. */
export async function deactivateAdminUser(id: string): Promise<void> {
  await apiRequest(apiPaths.admin.user(id), {
    method: 'DELETE',
    auth: 'admin',
    schema: messageSchema,
    failureMessage: ADMIN_USER_MESSAGES.deactivateFailed,
  });
}

/** The new temporary password, shown once in the banner. */
export async function resetAdminUserPassword(id: string): Promise<string> {
  const body = await apiRequest(apiPaths.admin.userResetPassword(id), {
    method: 'POST',
    auth: 'admin',
    schema: resetPasswordResponseSchema,
    failureMessage: ADMIN_USER_MESSAGES.resetFailed,
  });
  return body.newPassword;
}
