import { Hono } from 'hono';
import {
  adminSessionListResponseSchema,
  SESSION_MESSAGES,
  sessionEndedResponseSchema,
  signOutOthersResponseSchema,
} from '@ledgerwell/shared/admin-sessions';
import type { AppDeps, AppEnv } from '../../lib/context';
import { requireRole } from '../../identity/middleware';
import { endSession, listSessions, listUserSessions, signOutOthers } from './sessions';
import { documented } from '../../lib/openapi';

/**
 * Mounted behind requireAdmin. /sessions: each admin's own sessions, whatever the role.
 * /users/{id}/sessions: a SUPER_ADMIN's view of anyone's (User Management).
 */
export function adminSessionListRoutes(deps: AppDeps) {
  const superAdmin = requireRole('SUPER_ADMIN');
  return new Hono<AppEnv>()
    .get(
      '/sessions',
      documented({
        tag: 'Admin sessions',
        summary: 'Own sessions',
        auth: 'admin',
        responses: { 200: adminSessionListResponseSchema },
      }),
      async (c) => {
        const admin = c.get('admin');
        return c.json({ success: true, data: await listSessions(deps, admin.profile.id, admin.sessionId) });
      },
    )
    .post(
      '/sessions/sign-out-others',
      documented({
        tag: 'Admin sessions',
        summary: 'End every other own session',
        auth: 'admin',
        responses: { 200: signOutOthersResponseSchema },
      }),
      async (c) => {
        const ended = await signOutOthers(deps, c.get('admin'), c.get('meta'));
        return c.json({ success: true, ended, message: SESSION_MESSAGES.othersEnded(ended) });
      },
    )
    .delete(
      '/sessions/:sessionId',
      documented({
        tag: 'Admin sessions',
        summary: 'End one own session',
        auth: 'admin',
        responses: { 200: sessionEndedResponseSchema },
        errors: [404],
      }),
      async (c) => {
        const admin = c.get('admin');
        await endSession(deps, admin, admin.profile.id, c.req.param('sessionId'), c.get('meta'));
        return c.json({ success: true, message: SESSION_MESSAGES.sessionEnded });
      },
    )
    .get(
      '/users/:id/sessions',
      documented({
        tag: 'Admin sessions',
        summary: "An admin's sessions (SUPER_ADMIN)",
        auth: 'admin',
        responses: { 200: adminSessionListResponseSchema },
        errors: [404],
      }),
      superAdmin,
      async (c) => c.json({ success: true, data: await listUserSessions(deps, c.get('admin'), c.req.param('id')) }),
    )
    .delete(
      '/users/:id/sessions/:sessionId',
      documented({
        tag: 'Admin sessions',
        summary: "End an admin's session (SUPER_ADMIN)",
        auth: 'admin',
        responses: { 200: sessionEndedResponseSchema },
        errors: [404],
      }),
      superAdmin,
      async (c) => {
        await endSession(deps, c.get('admin'), c.req.param('id'), c.req.param('sessionId'), c.get('meta'));
        return c.json({ success: true, message: SESSION_MESSAGES.sessionEnded });
      },
    );
}
