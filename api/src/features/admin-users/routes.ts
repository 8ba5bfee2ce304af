import { Hono } from 'hono';
import { ADMIN_USER_MESSAGES, createAdminUserSchema, updateAdminUserSchema } from '@ledgerwell/shared/admin-users';
import { resetMfaBodySchema, SESSION_MESSAGES } from '@ledgerwell/shared/admin-sessions';
import type { AppDeps, AppEnv } from '../../lib/context';
import { parseJson } from '../../lib/validate';
import { deactivateAdminUser } from '../admin-auth/deactivate';
import { requireRole } from '../admin-auth/middleware';
import { createAdminUser, getAdminUser, listAdminUsers, resetAdminPassword, updateAdminUser } from './users';
import { resetUserMfa } from './reset-mfa';

/**
 * Mounted behind requireAdmin, after the session routes (which answer /users/me and
 * /users/me/password for every role): everything here is SUPER_ADMIN only, reads included (spec 6).
 */
export function adminUserRoutes(deps: AppDeps) {
  const superAdmin = requireRole('SUPER_ADMIN');
  return new Hono<AppEnv>()
    .get('/users', superAdmin, async (c) => c.json({ success: true, ...(await listAdminUsers(deps)) }))
    .get('/users/:id', superAdmin, async (c) => c.json({ success: true, data: await getAdminUser(deps, c.req.param('id')) }))
    .post('/users', superAdmin, async (c) => {
      const input = await parseJson(c, createAdminUserSchema);
      const data = await createAdminUser(deps, c.get('admin'), input, c.get('meta'));
      return c.json({ success: true, data, message: ADMIN_USER_MESSAGES.created }, 201);
    })
    .put('/users/:id', superAdmin, async (c) => {
      const input = await parseJson(c, updateAdminUserSchema);
      const data = await updateAdminUser(deps, c.get('admin'), c.req.param('id'), input, c.get('meta'));
      return c.json({ success: true, data, message: ADMIN_USER_MESSAGES.updated });
    })
    .delete('/users/:id', superAdmin, async (c) => {
      await deactivateAdminUser(deps, c.get('admin'), c.req.param('id'), c.get('meta'));
      return c.json({ success: true, message: ADMIN_USER_MESSAGES.deactivated });
    })
    .post('/users/:id/reset-password', superAdmin, async (c) => {
      const newPassword = await resetAdminPassword(deps, c.get('admin'), c.req.param('id'), c.get('meta'));
      // The screen shows it once in its banner; it is in no log (bodies are never logged) and nowhere in the database.
      return c.json({ success: true, newPassword, message: 'Password reset successfully' });
    })
    .post('/users/:id/reset-mfa', superAdmin, async (c) => {
      await parseJson(c, resetMfaBodySchema);
      const { endedSessions } = await resetUserMfa(deps, c.get('admin'), c.req.param('id'), c.get('meta'));
      return c.json({ success: true, endedSessions, message: SESSION_MESSAGES.resetMfaDone });
    });
}
