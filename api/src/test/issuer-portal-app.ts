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

/**
 * A real issuer user of the issuer (a second factor enrolled) and its principal as the real middleware would set it:
 * activity rows name the user by id, so it must exist.
 */
export async function issuerUserOf(
  db: AppDeps['db'],
  issuerId: string,
  { email = `user-${randomUUID()}@issuer.example`, role = 'ISSUER_ADMIN' as IssuerPrincipal['role'] } = {},
): Promise<IssuerPrincipal> {
  const [user] = await db
    .insert(issuerUsers)
    .values({ issuerId, email, passwordHash: 'not used: no password sign-in', role, mfaEnabledAt: new Date() })
    .returning();
  return { userId: user!.id, issuerId, role, email, sessionId: randomUUID() };
}

/**
 * A signed-in issuer user of `issuerId` as the real sign-in leaves one (a second factor enrolled, the session's second
 * step done), for calling the real app's /api/issuer routes through `t.request` with its token.
 */
export async function issuerSession(
  t: { deps: AppDeps; clock: Clock },
  issuerId: string,
  options: { email?: string; role?: IssuerPrincipal['role'] } = {},
) {
  const user = await issuerUserOf(t.deps.db, issuerId, options);
  const { token } = await createSession(
    t.deps.db,
    t.clock,
    { kind: 'issuer', id: user.userId, label: user.email },
    { requestId: randomUUID(), ip: '203.0.113.9', userAgent: 'vitest' } satisfies RequestMeta,
    true,
  );
  return token;
}
