import { createMiddleware } from 'hono/factory';
import { PORTAL_AUTH_MESSAGES as M } from '@ledgerwell/shared/portal-auth';
import type { AppDeps, AppEnv } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { findPortalSession, type PortalSession } from './portal-sessions';

const BEARER = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/;

export type PortalEnv = AppEnv & { Variables: { portalSession: PortalSession } };

/** A live portal token of the given stage: CODE for validate-account, ACCOUNT for everything after sign-in. */
export function requirePortalSession(deps: AppDeps, stage: 'CODE' | 'ACCOUNT') {
  return createMiddleware<PortalEnv>(async (c, next) => {
    const token = BEARER.exec(c.req.header('Authorization') ?? '')?.[1];
    const session = token ? await findPortalSession(deps.db, deps.clock, token, stage) : null;
    if (!session) throw new AppError('UNAUTHENTICATED', stage === 'CODE' ? M.signInFirst : M.sessionExpired);
    c.set('portalSession', session);
    await next();
  });
}
