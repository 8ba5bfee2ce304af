import { Hono } from 'hono';
import {
  ADMIN_USER_MESSAGES,
  adminUserListResponseSchema,
  adminUserResponseSchema,
  createAdminUserSchema,
  resetPasswordResponseSchema,
  updateAdminUserSchema,
} from '@ledgerwell/shared/admin-users';
import { resetMfaBodySchema, resetMfaResponseSchema, SESSION_MESSAGES } from '@ledgerwell/shared/admin-sessions';
import { messageResponseSchema } from '@ledgerwell/shared/api-response';
import type { AppDeps, AppEnv } from '../../lib/context';
import { parseJson } from '../../lib/validate';
import { deactivateAdminUser } from './deactivate';
import { requireRole } from '../../identity/middleware';
import { createAdminUser, getAdminUser, listAdminUsers, resetAdminPassword, updateAdminUser } from './users';
import { resetUserMfa } from './reset-mfa';
import { documented } from '../../lib/openapi';

/**
 * Mounted behind requireAdmin, after the session routes (which answer /users/me and
 * /users/me/password for every role): everything here is SUPER_ADMIN only, reads included (spec 6).
 */
export function adminUserRoutes(deps: AppDeps) {
  const superAdmin = requireRole('SUPER_ADMIN');
  return new Hono<AppEnv>()
    .get(
      '/users',
      documented({
        tag: 'Admin users',
        auth: 'admin',
        summary: 'List admin users (SUPER_ADMIN)',
        responses: { 200: adminUserListResponseSchema },
      }),
      superAdmin,
      async (c) => c.json({ success: true, ...(await listAdminUsers(deps)) }),
    )
    .get(
      '/users/:id',
      documented({
        tag: 'Admin users',
        auth: 'admin',
        summary: 'One admin user (SUPER_ADMIN)',
        responses: { 200: adminUserResponseSchema },
        errors: [404],
      }),
      superAdmin,
      async (c) => c.json({ success: true, data: await getAdminUser(deps, c.req.param('id')) }),
    )
    .post(
      '/users',
      documented({
        tag: 'Admin users',
        auth: 'admin',
        summary: 'Create an admin user (SUPER_ADMIN)',
        body: createAdminUserSchema,
        responses: { 201: adminUserResponseSchema },
        errors: [409],
      }),
      superAdmin,
      async (c) => {
        const input = await parseJson(c, createAdminUserSchema);
        const data = await createAdminUser(deps, c.get('admin'), input, c.get('meta'));
        return c.json({ success: true, data, message: ADMIN_USER_MESSAGES.created }, 201);
      },
    )
    .put(
      '/users/:id',
      documented({
        tag: 'Admin users',
        auth: 'admin',
        summary: 'Update an admin user (SUPER_ADMIN)',
        body: updateAdminUserSchema,
        responses: { 200: adminUserResponseSchema },
        errors: [404, 409],
      }),
      superAdmin,
      async (c) => {
        const input = await parseJson(c, updateAdminUserSchema);
        const data = await updateAdminUser(deps, c.get('admin'), c.req.param('id'), input, c.get('meta'));
        return c.json({ success: true, data, message: ADMIN_USER_MESSAGES.updated });
      },
    )
    .delete(
      '/users/:id',
      documented({
        tag: 'Admin users',
        auth: 'admin',
        summary: 'Deactivate an admin user (SUPER_ADMIN)',
        responses: { 200: messageResponseSchema },
        errors: [404, 409],
      }),
      superAdmin,
      async (c) => {
        await deactivateAdminUser(deps, c.get('admin'), c.req.param('id'), c.get('meta'));
        return c.json({ success: true, message: ADMIN_USER_MESSAGES.deactivated });
      },
    )
    .post(
      '/users/:id/reset-password',
      documented({
        tag: 'Admin users',
        auth: 'admin',
        summary: "Reset an admin's password (SUPER_ADMIN)",
        responses: { 200: resetPasswordResponseSchema },
        errors: [404, 409],
      }),
      superAdmin,
      async (c) => {
        const newPassword = await resetAdminPassword(deps, c.get('admin'), c.req.param('id'), c.get('meta'));
        // The screen shows it once in its banner; it is in no log (bodies are never logged) and nowhere in the database.
        return c.json({ success: true, newPassword, message: 'Password reset successfully' });
      },
    )
    .post(
      '/users/:id/reset-mfa',
      documented({
        tag: 'Admin users',
        auth: 'admin',
        summary: "Reset an admin's second factor (SUPER_ADMIN)",
        body: resetMfaBodySchema,
        responses: { 200: resetMfaResponseSchema },
        errors: [404, 409],
      }),
      superAdmin,
      async (c) => {
        await parseJson(c, resetMfaBodySchema);
        const { endedSessions } = await resetUserMfa(deps, c.get('admin'), c.req.param('id'), c.get('meta'));
        return c.json({ success: true, endedSessions, message: SESSION_MESSAGES.resetMfaDone });
      },
    );
}
