import {
  adminSessionListResponseSchema,
  SESSION_MESSAGES,
  sessionEndedResponseSchema,
  signOutOthersResponseSchema,
  type AdminSession,
} from '@ledgerwell/shared/admin-sessions';
import { apiRequest } from './api-client';
import { apiPaths } from '../config/paths';

/** Whose sessions: the signed-in admin's own, or (SUPER_ADMIN, User Management) another user's. */
export type SessionOwner = { kind: 'me' } | { kind: 'user'; userId: string };

export async function fetchSessions(owner: SessionOwner, signal?: AbortSignal): Promise<AdminSession[]> {
  const path = owner.kind === 'me' ? apiPaths.admin.sessions : apiPaths.admin.userSessions(owner.userId);
  const body = await apiRequest(path, {
    auth: 'admin',
    schema: adminSessionListResponseSchema,
    signal,
    failureMessage: SESSION_MESSAGES.loadFailed,
  });
  return body.data;
}

export async function endSession(owner: SessionOwner, sessionId: string): Promise<string> {
  const path =
    owner.kind === 'me' ? apiPaths.admin.session(sessionId) : apiPaths.admin.userSession(owner.userId, sessionId);
  const body = await apiRequest(path, {
    method: 'DELETE',
    auth: 'admin',
    schema: sessionEndedResponseSchema,
    failureMessage: SESSION_MESSAGES.endFailed,
  });
  return body.message;
}

/** Ends every other session of the signed-in admin; the server's message says how many. */
export async function signOutOtherSessions(): Promise<string> {
  const body = await apiRequest(apiPaths.admin.sessionsSignOutOthers, {
    method: 'POST',
    auth: 'admin',
    schema: signOutOthersResponseSchema,
    failureMessage: SESSION_MESSAGES.endFailed,
  });
  return body.message;
}
