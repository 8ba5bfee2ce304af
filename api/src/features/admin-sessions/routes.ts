import { Hono } from 'hono';
import { SESSION_MESSAGES } from '@ledgerwell/shared/admin-sessions';
import type { AppDeps, AppEnv } from '../../lib/context';
import { requireRole } from '../admin-auth/middleware';
import { endSession, listSessions, listUserSessions, signOutOthers } from './sessions';

/**
 * Mounted behind requireAdmin. /sessions: each admin's own sessions, whatever the role.
 * /users/{id}/sessions: a SUPER_ADMIN's view of anyone's (User Management).
 */
export function adminSessionListRoutes(deps: AppDeps) {
  const superAdmin = requireRole('SUPER_ADMIN');
  return new Hono<AppEnv>()
    .get('/sessions', async (c) => {
      const admin = c.get('admin');
      return c.json({ success: true, data: await listSessions(deps, admin.profile.id, admin.sessionId) });
    })
    .post('/sessions/sign-out-others', async (c) => {
      const ended = await signOutOthers(deps, c.get('admin'), c.get('meta'));
      return c.json({ success: true, ended, message: SESSION_MESSAGES.othersEnded(ended) });
    })
    .delete('/sessions/:sessionId', async (c) => {
      const admin = c.get('admin');
      await endSession(deps, admin, admin.profile.id, c.req.param('sessionId'), c.get('meta'));
      return c.json({ success: true, message: SESSION_MESSAGES.sessionEnded });
    })
    .get('/users/:id/sessions', superAdmin, async (c) =>
      c.json({ success: true, data: await listUserSessions(deps, c.get('admin'), c.req.param('id')) }),
    )
    .delete('/users/:id/sessions/:sessionId', superAdmin, async (c) => {
      await endSession(deps, c.get('admin'), c.req.param('id'), c.req.param('sessionId'), c.get('meta'));
      return c.json({ success: true, message: SESSION_MESSAGES.sessionEnded });
    });
}
