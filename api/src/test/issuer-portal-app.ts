import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { issuerUsers } from '@ledgerwell/db/schema';
import { createMiddleware } from 'hono/factory';
import { issuerPortalRoutes } from '../features/issuer-portal/routes';
import type { IssuerPortalEnv } from '../features/issuer-portal/issuer-env';
import type { IssuerPrincipal } from '../identity/issuer-principal';
import type { AppDeps, AppEnv, RequestMeta } from '../lib/context';
import type { Clock } from '../lib/clock';
import { createSession } from '../identity/sessions';
import { handleError } from '../middleware/error-handler';
import { requestContext } from '../middleware/request-context';
import { answerChecker, readCheckedAnswer } from './documented-answers';

/**
 * TEST ONLY. The issuer portal's routes at /api/issuer behind a STAND-IN for the issuer sign-in's middleware: it sets
 * the given principal on every call, with no token, session or role check at all. It exists so the routes and their
 * scoping are tested before the real middleware is merged; it must never be mounted in the app (app.ts), where the
 * real middleware sets `issuerUser`. Without a principal the routes run with none (they answer 401).
 */
export function issuerPortalStandInApp(deps: AppDeps, principal: IssuerPrincipal | undefined) {
  const app = new Hono<AppEnv>();
  app.use('*', requestContext(deps));
  app.onError(handleError);
  app.use(
    '/api/issuer/*',
    createMiddleware<IssuerPortalEnv>(async (c, next) => {
      if (principal) c.set('issuerUser', principal);
      await next();
    }),
  );
  app.route('/api/issuer', issuerPortalRoutes(deps));
  return app;
}

/**
 * Calls the stand-in app as `principal` and checks every answer against the route's documentation, as the test app's
 * `request` does.
 */
export function issuerPortalClient(deps: AppDeps, principal: IssuerPrincipal | undefined) {
  const app = issuerPortalStandInApp(deps, principal);
  const checkAnswer = answerChecker(app);
  return async (path: string) => readCheckedAnswer(checkAnswer, 'GET', path, await app.request(path));
}

/** A principal of the issuer, as the real middleware would set it. */
export const issuerPrincipalOf = (issuerId: string, email = 'ir@example.com'): IssuerPrincipal => ({
  userId: '00000000-0000-4000-8000-000000000001',
  issuerId,
  role: 'ISSUER_VIEWER',
  email,
  sessionId: '00000000-0000-4000-8000-000000000002',
});

/**
 * A signed-in issuer user of `issuerId` as the real sign-in leaves one (a second factor enrolled, the session's second
 * step done), for calling the real app's /api/issuer routes through `t.request` with its token.
 */
export async function issuerSession(
  t: { deps: AppDeps; clock: Clock },
  issuerId: string,
  role: IssuerPrincipal['role'] = 'ISSUER_VIEWER',
) {
  const now = t.clock.now();
  const [user] = await t.deps.db
    .insert(issuerUsers)
    .values({
      issuerId,
      email: `user-${randomUUID()}@issuer.example`,
      passwordHash: 'not-used: the session is opened directly',
      role,
      mfaEnabledAt: now,
    })
    .returning();
  const { token } = await createSession(
    t.deps.db,
    t.clock,
    { kind: 'issuer', id: user!.id, label: user!.email },
    { requestId: randomUUID(), ip: '203.0.113.9', userAgent: 'vitest' } satisfies RequestMeta,
    true,
  );
  return token;
}
