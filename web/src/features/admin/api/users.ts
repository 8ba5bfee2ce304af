import { z } from 'zod';
import {
  ADMIN_USER_MESSAGES,
  adminUserListResponseSchema,
  adminUserResponseSchema,
  resetPasswordResponseSchema,
  type AdminRole,
  type AdminUser,
} from '@ledgerwell/shared/admin-users';
import { resetMfaResponseSchema, SESSION_MESSAGES } from '@ledgerwell/shared/admin-sessions';
import { apiPaths } from '../../../config/paths';
import { adminRequest } from './admin-request';

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
  const body = await adminRequest(apiPaths.admin.users, adminUserListResponseSchema, {
    signal,
    failureMessage: ADMIN_USER_MESSAGES.fetchFailed,
    networkErrorMessage: ADMIN_USER_MESSAGES.loadFailed,
  });
  return { users: body.users, total: body.total };
}

/** Create (POST) or update (PUT): the same failure texts, the saved user back. */
async function saveAdminUser(method: 'POST' | 'PUT', path: string, input: AdminUserBody): Promise<AdminUser> {
  const body = await adminRequest(path, adminUserResponseSchema, {
    method,
    body: input,
    failureMessage: ADMIN_USER_MESSAGES.saveFailed,
    networkErrorMessage: ADMIN_USER_MESSAGES.networkError,
  });
  return body.data;
}

export const createAdminUser = (input: AdminUserBody & { password: string }) =>
  saveAdminUser('POST', apiPaths.admin.users, input);

export const updateAdminUser = (id: string, input: AdminUserBody) =>
  saveAdminUser('PUT', apiPaths.admin.user(id), input);

/** DELETE deactivates (spec 4); the list is reloaded afterwards. */
export async function deactivateAdminUser(id: string): Promise<void> {
  await adminRequest(apiPaths.admin.user(id), messageSchema, {
    method: 'DELETE',
    failureMessage: ADMIN_USER_MESSAGES.deactivateFailed,
  });
}

/** The new temporary password, shown once in the banner. */
export async function resetAdminUserPassword(id: string): Promise<string> {
  const body = await adminRequest(apiPaths.admin.userResetPassword(id), resetPasswordResponseSchema, {
    method: 'POST',
    failureMessage: ADMIN_USER_MESSAGES.resetFailed,
  });
  return body.newPassword;
}

/** SUPER_ADMIN: removes another user's second factors and ends their sessions. */
export async function resetUserMfa(userId: string): Promise<string> {
  const body = await adminRequest(apiPaths.admin.userResetMfa(userId), resetMfaResponseSchema, {
    method: 'POST',
    body: { confirm: true },
    failureMessage: SESSION_MESSAGES.resetMfaFailed,
  });
  return body.message;
}
