import { and, eq, isNotNull } from 'drizzle-orm';
import { Hono } from 'hono';
import { generate } from 'otplib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { issuers } from '@ledgerwell/db/ledger-schema';
import {
  adminActivity,
  adminSessions,
  issuerApplications,
  issuerInvitations,
  issuerUsers,
} from '@ledgerwell/db/schema';
import { ISSUER_AUTH_MESSAGES as M } from '@ledgerwell/shared/issuer-auth';
import type { AppEnv } from '../../lib/context';
import { requireIssuer } from '../../identity/issuer-sessions';
import { queuedEmails } from '../../test/outbox';
import { solvedPayload } from '../../test/solve-challenge';
import { createAdminUser, createTestApp, loginToken, type TestApp } from '../../test/test-app';
import { softAuthenticator } from '../admin-mfa/webauthn.fixtures';

const STAFF_PASSWORD = 'Correct-Horse-7';
const ISSUER_PASSWORD = 'Quiet-Lantern-Orchard-42';
const ORIGIN = 'https://issuers.ledgerwell.test';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const STEP = 30_000;
const OPEN_ISSUER_PATHS = /^\/api\/issuer\/(?:login(?:\/.*)?|invitations\/accept)$/;

describe('issuer accounts: invitation, sign-in, second factor', () => {
  let t: TestApp;
  let staff: string;
  beforeEach(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '1', PUBLIC_URL: ORIGIN } });
    await createAdminUser(t.deps, { username: 'rita', password: STAFF_PASSWORD, role: 'REVIEWER' });
    staff = await loginToken(t, 'rita', STAFF_PASSWORD);
  });
  afterEach(() => t.close());

  let seq = 0;
  /** An application as the wizard stores it (its own tests cover the wizard). */
  async function application(legalName = 'Acme Holdings, Inc.', contactEmail = 'dana@acme.example') {
    seq += 1;
    const [row] = await t.deps.db
      .insert(issuerApplications)
      .values({
        onboardingId: `ONB-TEST-${seq}`,
        companyName: 'Acme Holdings',
        entityType: 'CORPORATION',
        contactName: 'Dana Whitfield',
        contactEmail,
        contactPhone: '(415) 555-0100',
        legalName,
        incorporationState: 'DE',
        incorporationDate: '2015-03-01',
        einEncrypted: 'v2:test',
        einLast4: '6789',
        addressLine1: '100 Market Street',
        city: 'San Francisco',
        state: 'CA',
        postalCode: '94105',
        applicationData: {},
        requestFingerprint: `fp-${seq}`,
        submittedAt: t.clock.now(),
      })
      .returning();
    return row!;
  }
  const setStatus = (id: string, status: string) =>
    t.request('PUT', `/api/admin/issuer-onboarding/${id}/status`, { token: staff, body: { status, notes: null } });
  const invitationPath = (id: string) => `/api/admin/issuer-applications/${id}/invitation`;
  const invitationTokens = async () =>
    (await queuedEmails(t, 'ISSUER_INVITATION')).map((mail) => /#token=([A-Za-z0-9_-]{43})\b/.exec(mail.body)![1]!);
  const accept = (token: string, password = ISSUER_PASSWORD) =>
    t.request('POST', '/api/issuer/invitations/accept', { body: { token, password } });
  const activity = (action: string) =>
    t.deps.db.select().from(adminActivity).where(eq(adminActivity.actionType, action));
  const codeAt = (secret: string) => generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) });

  /** Approval, acceptance and an authenticator app: a signed-in ISSUER_ADMIN with a factor. */
  async function enrolledIssuer() {
    const app = await application();
    expect((await setStatus(app.id, 'APPROVED')).status).toBe(200);
    const [token] = await invitationTokens();
    const session = (await accept(token!)).json.token as string;
    const setup = await t.request('POST', '/api/issuer/mfa/totp/setup', { token: session });
    expect(setup.status).toBe(200);
    const secret = setup.json.data.secret as string;
    const enable = await t.request('POST', '/api/issuer/mfa/totp/enable', {
      token: session,
      body: { code: await codeAt(secret) },
    });
    expect(enable.status).toBe(200);
    expect(enable.json.data.recoveryCodes).toHaveLength(10);
    t.clock.advance(STEP);
    return { app, session, secret };
  }

  it('approval makes the issuer, records it on the application and e-mails one invitation; the token is stored hashed and logged nowhere', async () => {
    const app = await application();
    expect((await setStatus(app.id, 'UNDER_REVIEW')).status).toBe(200);
    expect(await queuedEmails(t, 'ISSUER_INVITATION')).toHaveLength(0);
    expect((await setStatus(app.id, 'APPROVED')).status).toBe(200);
    // The same status again is a note, not a second decision.
    expect((await setStatus(app.id, 'APPROVED')).status).toBe(200);

    const [issuer] = await t.deps.db.select().from(issuers).where(eq(issuers.issuerApplicationId, app.id));
    expect(issuer!.legalName).toBe('Acme Holdings, Inc.');
    const [stored] = await t.deps.db.select().from(issuerApplications).where(eq(issuerApplications.id, app.id));
    expect(stored!.issuerId).toBe(issuer!.id);
    const mails = await queuedEmails(t, 'ISSUER_INVITATION');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe('dana@acme.example');
    expect(mails[0]!.body).toContain(`${ORIGIN}/issuer/invitation#token=`);
    const [token] = await invitationTokens();
    const [invitation] = await t.deps.db.select().from(issuerInvitations);
    expect(invitation).toMatchObject({ issuerId: issuer!.id, email: 'dana@acme.example', sentBy: 'rita' });
    expect(invitation!.tokenHash).not.toContain(token);
    expect(invitation!.expiresAt.getTime() - invitation!.createdAt.getTime()).toBe(72 * 60 * 60 * 1000);
    expect(await activity('ISSUER_CREATED')).toHaveLength(1);
    expect(await activity('ISSUER_INVITATION_SENT')).toHaveLength(1);
    const everyActivity = JSON.stringify(await t.deps.db.select().from(adminActivity));
    expect(everyActivity).not.toContain(token);
    expect(t.logLines.join('')).not.toContain(token);
  });

  it("links the issuer already on the ledger under the same legal name, staff's or an earlier application's", async () => {
    const [made] = await t.deps.db.insert(issuers).values({ legalName: 'ACME HOLDINGS, INC.' }).returning();
    const app = await application();
    expect((await setStatus(app.id, 'APPROVED')).status).toBe(200);
    expect(
      (await t.deps.db.select().from(issuerApplications).where(eq(issuerApplications.id, app.id)))[0]!.issuerId,
    ).toBe(made!.id);
    const again = await application('Acme Holdings, Inc.', 'lee@acme.example');
    expect((await setStatus(again.id, 'APPROVED')).status).toBe(200);
    const [linked] = await t.deps.db.select().from(issuerApplications).where(eq(issuerApplications.id, again.id));
    expect(linked!.issuerId).toBe(made!.id);
    expect(await t.deps.db.select().from(issuers)).toHaveLength(1);
    const invited = (await queuedEmails(t, 'ISSUER_INVITATION')).map((mail) => mail.to);
    expect(invited).toEqual(['dana@acme.example', 'lee@acme.example']);
    expect(await activity('ISSUER_LINKED')).toHaveLength(2);
  });

  it('resend kills the old token, revoke the open one; bad, used, revoked and expired tokens answer 400 or 410', async () => {
    const app = await application();
    expect((await t.request('POST', invitationPath(app.id), { token: staff })).status).toBe(409);
    expect((await setStatus(app.id, 'APPROVED')).status).toBe(200);
    const resent = await t.request('POST', invitationPath(app.id), { token: staff });
    expect(resent.status).toBe(200);
    expect(resent.json.data).toMatchObject({ email: 'dana@acme.example' });
    const [first, second] = await invitationTokens();
    expect((await accept(first!)).json).toMatchObject({ code: 'INVITATION_GONE', message: M.invitationGone });
    expect((await accept(first!)).status).toBe(410);

    expect((await t.request('DELETE', invitationPath(app.id), { token: staff })).status).toBe(200);
    expect((await accept(second!)).status).toBe(410);
    expect((await t.request('DELETE', invitationPath(app.id), { token: staff })).status).toBe(404);
    expect(await activity('ISSUER_INVITATION_REVOKED')).toHaveLength(1);

    await t.request('POST', invitationPath(app.id), { token: staff });
    const third = (await invitationTokens())[2]!;
    t.clock.advance(72 * 60 * 60 * 1000);
    expect((await accept(third)).status).toBe(410);
    staff = await loginToken(t, 'rita', STAFF_PASSWORD);

    await t.request('POST', invitationPath(app.id), { token: staff });
    const fourth = (await invitationTokens())[3]!;
    expect((await accept('not-a-token')).json).toMatchObject({ code: 'INVITATION_INVALID' });
    expect((await accept('A'.repeat(43))).status).toBe(400);
    const weak = await accept(fourth, 'password');
    expect(weak.status).toBe(400);
    expect(weak.json.errors.password).toBeDefined();

    const accepted = await accept(fourth);
    expect(accepted.status).toBe(200);
    expect(accepted.json.user).toMatchObject({ email: 'dana@acme.example', role: 'ISSUER_ADMIN', mustEnrollMfa: true });
    expect((await accept(fourth)).status).toBe(410);
    // Once the account exists, there is nothing more to invite.
    expect((await t.request('POST', invitationPath(app.id), { token: staff })).status).toBe(409);
    expect((await setStatus(app.id, 'REJECTED')).status).toBe(200);
    expect((await setStatus(app.id, 'APPROVED')).status).toBe(200);
    expect(await queuedEmails(t, 'ISSUER_INVITATION')).toHaveLength(4);
    expect(await activity('ISSUER_INVITATION_ACCEPTED')).toHaveLength(1);
  });

  it('a new issuer user reaches only enrolment until a factor exists; then signs in with password and TOTP', async () => {
    const app = await application();
    await setStatus(app.id, 'APPROVED');
    const session = (await accept((await invitationTokens())[0]!)).json.token as string;
    // A stand-in for the portal's own routes: the principal is set, and only after enrolment.
    const portal = new Hono<AppEnv>();
    portal.use('/api/issuer/*', requireIssuer(t.deps));
    portal.get('/api/issuer/holders', (c) => c.json(c.get('issuerUser')));
    portal.onError((error) => new Response(null, { status: (error as { status?: number }).status ?? 500 }));
    const holders = () => portal.request('/api/issuer/holders', { headers: { Authorization: `Bearer ${session}` } });
    expect((await holders()).status).toBe(403);
    expect((await t.request('GET', '/api/issuer/me', { token: session })).json.user.mfaEnabled).toBe(false);

    const setup = await t.request('POST', '/api/issuer/mfa/totp/setup', { token: session });
    expect(setup.json.data.otpauthUrl).toContain('dana%40acme.example');
    const secret = setup.json.data.secret as string;
    expect(
      (await t.request('POST', '/api/issuer/mfa/totp/enable', { token: session, body: { code: '000000' } })).status,
    ).toBe(400);
    expect(
      (await t.request('POST', '/api/issuer/mfa/totp/enable', { token: session, body: { code: await codeAt(secret) } }))
        .status,
    ).toBe(200);
    const principal = await (await holders()).json();
    const [user] = await t.deps.db.select().from(issuerUsers);
    expect(principal).toMatchObject({ userId: user!.id, issuerId: user!.issuerId, role: 'ISSUER_ADMIN' });
    t.clock.advance(STEP);

    const password = await t.request('POST', '/api/issuer/login', {
      body: { email: 'DANA@acme.example', password: ISSUER_PASSWORD },
    });
    expect(password.json).toMatchObject({ mfaRequired: true, methods: ['totp', 'recovery'] });
    const wrong = await t.request('POST', '/api/issuer/login/mfa', {
      body: { mfaToken: password.json.mfaToken, code: '000000' },
    });
    expect(wrong.status).toBe(400);
    const signedIn = await t.request('POST', '/api/issuer/login/mfa', {
      body: { mfaToken: password.json.mfaToken, code: await codeAt(secret) },
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.json.user).toMatchObject({ mfaEnabled: true, mustEnrollMfa: false });
    const [login] = await t.deps.db
      .select()
      .from(adminActivity)
      .where(and(eq(adminActivity.actionType, 'LOGIN'), isNotNull(adminActivity.issuerUserId)))
      .orderBy(adminActivity.id);
    expect(login).toMatchObject({
      adminUserId: null,
      adminUsername: 'dana@acme.example',
      resourceType: 'issuer_session',
    });

    expect((await t.request('POST', '/api/issuer/logout', { token: signedIn.json.token })).status).toBe(200);
    expect((await t.request('GET', '/api/issuer/me', { token: signedIn.json.token })).status).toBe(401);
  });

  it("the portal's reads open with the issuer's own session only, scoped to its issuer", async () => {
    const { session } = await enrolledIssuer();
    const capTable = await t.request('GET', '/api/issuer/cap-table', { token: session });
    expect(capTable.status).toBe(200);
    const [user] = await t.deps.db.select().from(issuerUsers);
    expect(capTable.json.data).toMatchObject({ issuerId: user!.issuerId, legalName: 'Acme Holdings, Inc.' });
    expect((await t.request('GET', '/api/issuer/cap-table', { token: staff })).status).toBe(401);
    expect((await t.request('GET', '/api/issuer/cap-table')).status).toBe(401);
  });

  it('enrols a passkey and signs in with it', async () => {
    const app = await application();
    await setStatus(app.id, 'APPROVED');
    const session = (await accept((await invitationTokens())[0]!)).json.token as string;
    const authenticator = softAuthenticator({ origin: ORIGIN, rpID: new URL(ORIGIN).hostname });
    const options = await t.request('POST', '/api/issuer/mfa/webauthn/register/options', { token: session });
    const added = await t.request('POST', '/api/issuer/mfa/webauthn/register/verify', {
      token: session,
      body: { response: authenticator.register(options.json.data) },
    });
    expect(added.status).toBe(200);
    expect(added.json.data.recoveryCodes).toHaveLength(10);
    const password = await t.request('POST', '/api/issuer/login', {
      body: { email: 'dana@acme.example', password: ISSUER_PASSWORD },
    });
    expect(password.json.methods).toEqual(['webauthn', 'recovery']);
    const { mfaToken } = password.json;
    const assertion = await t.request('POST', '/api/issuer/login/webauthn/options', { body: { mfaToken } });
    const signedIn = await t.request('POST', '/api/issuer/login/webauthn/verify', {
      body: { mfaToken, response: authenticator.assert(assertion.json.data) },
    });
    expect(signedIn.status).toBe(200);
  });

  it('the kinds never cross: an issuer token opens no /api/admin route, a staff token no /api/issuer route, nor their mfaTokens', async () => {
    const { session } = await enrolledIssuer();
    const concrete = (path: string) => path.replace(/:[A-Za-z]+/g, UNKNOWN_ID);
    const routes = t.app.routes.filter((route) => route.method !== 'ALL');
    const adminRoutes = routes.filter(
      (r) => r.path.startsWith('/api/admin/') && !r.path.startsWith('/api/admin/login'),
    );
    const issuerRoutes = routes.filter((r) => r.path.startsWith('/api/issuer/') && !OPEN_ISSUER_PATHS.test(r.path));
    expect(adminRoutes.length).toBeGreaterThan(50);
    expect(issuerRoutes.length).toBeGreaterThanOrEqual(7);
    const refused: string[] = [];
    const send = (method: string, path: string, token: string) =>
      t.request(method, concrete(path), { token, ...(method === 'GET' || method === 'HEAD' ? {} : { body: {} }) });
    for (const route of adminRoutes) {
      const answer = await send(route.method, route.path, session);
      if (answer.status !== 401) refused.push(`${route.method} ${route.path} ${answer.status}`);
    }
    for (const route of issuerRoutes) {
      const answer = await send(route.method, route.path, staff);
      if (answer.status !== 401) refused.push(`${route.method} ${route.path} ${answer.status}`);
    }
    expect(refused).toEqual([]);
    // The issuer's session is a row of its own kind; the staff one is untouched.
    const [own] = await t.deps.db.select().from(adminSessions).where(isNotNull(adminSessions.issuerUserId)).limit(1);
    expect(own!.adminUserId).toBeNull();

    const issuerStep = await t.request('POST', '/api/issuer/login', {
      body: { email: 'dana@acme.example', password: ISSUER_PASSWORD },
    });
    const staffCode = await t.request('POST', '/api/admin/login/mfa', {
      body: { mfaToken: issuerStep.json.mfaToken, code: '123456' },
    });
    expect(staffCode.json.code).toBe('MFA_TOKEN_INVALID');
  });

  it('failed sign-ins are recorded first and then ask for proof of work; the real user still gets in with it', async () => {
    await enrolledIssuer();
    const attempt = (password: string, ip: string, altcha?: string) =>
      t.request('POST', '/api/issuer/login', {
        body: { email: 'dana@acme.example', password, ...(altcha ? { altcha } : {}) },
        headers: { 'X-Forwarded-For': ip },
      });
    for (let i = 0; i < 10; i += 1) expect((await attempt('Wrong-Password-1', `198.51.100.${i}`)).status).toBe(401);
    const throttled = await attempt(ISSUER_PASSWORD, '203.0.113.77');
    expect(throttled.status).toBe(429);
    expect(throttled.json.code).toBe('CHALLENGE_REQUIRED');
    expect(await activity('LOGIN_FAILED')).toHaveLength(10);
    const solved = await attempt(ISSUER_PASSWORD, '203.0.113.77', await solvedPayload(throttled.json.challenge));
    expect(solved.json.mfaRequired).toBe(true);
    // A staff user of the same name is not slowed by the issuer's failures.
    expect(
      (await t.request('POST', '/api/admin/login', { body: { username: 'rita', password: STAFF_PASSWORD } })).status,
    ).toBe(200);
  });
});
