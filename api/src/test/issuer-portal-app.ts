import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { generate } from 'otplib';
import { adminTotp, issuerUsers } from '@ledgerwell/db/schema';
import { createMiddleware } from 'hono/factory';
import { issuerPortalRoutes } from '../features/issuer-portal/routes';
import type { IssuerPortalEnv } from '../features/issuer-portal/issuer-env';
import type { IssuerPrincipal } from '../identity/issuer-principal';
import type { AppDeps, AppEnv, RequestMeta } from '../lib/context';
import { systemClock, type Clock } from '../lib/clock';
import { fieldContext } from '../lib/field-encryption';
import { createSession } from '../identity/sessions';
import { newTotpSecret } from '../identity/totp';
import { handleError } from '../middleware/error-handler';
import { requestContext } from '../middleware/request-context';
import { answerChecker, readCheckedAnswer } from './documented-answers';
import type { TestApp } from './test-app';

type TestRequest = TestApp['request'];
const TOTP_STEP_MS = 30_000;

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

const TEST_META = { requestId: 'issuer-test', ip: '203.0.113.9', userAgent: 'vitest' } satisfies RequestMeta;

/**
 * A real issuer user of the issuer (a second factor enrolled) and its principal as the real middleware would set it:
 * activity rows name the user by id, so it must exist, and so must its session, proved at `clock`'s now (as a sign-in
 * with the second factor leaves it): the exports need a recent proof of the session (decision 025).
 */
export async function issuerUserOf(
  db: AppDeps['db'],
  issuerId: string,
  {
    email = `user-${randomUUID()}@issuer.example`,
    role = 'ISSUER_ADMIN' as IssuerPrincipal['role'],
    clock = systemClock as Clock,
  } = {},
): Promise<IssuerPrincipal> {
  const [user] = await db
    .insert(issuerUsers)
    .values({ issuerId, email, passwordHash: 'not used: no password sign-in', role, mfaEnabledAt: clock.now() })
    .returning();
  const account = { kind: 'issuer' as const, id: user!.id, label: email };
  const { sessionId } = await createSession(db, clock, account, TEST_META, true);
  return { userId: user!.id, issuerId, role, email, sessionId };
}

/**
 * A signed-in issuer user of `issuerId` (a second factor recorded) whose session has no recent proof, as a sign-in
 * leaves it once the step-up window has passed: it reads, and is asked to step up before an export or a change to
 * the users. For calling the real app's /api/issuer routes through `t.request` with its token.
 */
export async function issuerSession(
  t: { deps: AppDeps; clock: Clock },
  issuerId: string,
  options: { email?: string; role?: IssuerPrincipal['role'] } = {},
) {
  return (await issuerUserWithApp(t, issuerId, options)).token;
}

/**
 * An issuer user with a real authenticator app and a session without a recent proof; `stepUp()` proves it through
 * POST /api/issuer/mfa/step-up with the app's current code (the clock moves on a step first, so no code repeats).
 */
export async function issuerUserWithApp(
  t: { deps: AppDeps; clock: Clock & { advance?(ms: number): void }; request?: TestRequest },
  issuerId: string,
  { email = `user-${randomUUID()}@issuer.example`, role = 'ISSUER_ADMIN' as IssuerPrincipal['role'] } = {},
) {
  const { db, cipher } = t.deps;
  const [user] = await db
    .insert(issuerUsers)
    .values({ issuerId, email, passwordHash: 'not used: no password sign-in', role, mfaEnabledAt: t.clock.now() })
    .returning();
  const userId = user!.id;
  const secret = newTotpSecret();
  await db.insert(adminTotp).values({
    issuerUserId: userId,
    secretEncrypted: cipher.encrypt(secret, fieldContext.adminTotpSecret(userId)),
    enabledAt: t.clock.now(),
  });
  const account = { kind: 'issuer' as const, id: userId, label: email };
  const { token, sessionId } = await createSession(db, t.clock, account, TEST_META, false);
  const code = () => generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) });
  async function stepUp() {
    if (!t.request) throw new Error('stepUp needs the test app');
    t.clock.advance?.(TOTP_STEP_MS);
    const res = await t.request('POST', '/api/issuer/mfa/step-up', { token, body: { code: await code() } });
    if (res.status !== 200) throw new Error(`issuer step-up failed: ${res.status} ${res.text}`);
  }
  return { userId, issuerId, email, role, token, sessionId, code, stepUp };
}

/** A signed-in issuer user who has just stepped up (through the real route): exports and user changes go through. */
export async function steppedUpIssuerSession(
  t: { deps: AppDeps; clock: Clock & { advance?(ms: number): void }; request: TestRequest },
  issuerId: string,
  options: { email?: string; role?: IssuerPrincipal['role'] } = {},
) {
  const user = await issuerUserWithApp(t, issuerId, options);
  await user.stepUp();
  return user.token;
}
