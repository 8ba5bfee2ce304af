import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { adminActivity, adminSessions } from '@ledgerwell/db/schema';
import { ADMIN_LOGIN_MAX_FAILURES_PER_ACCOUNT, type AdminRole } from '@ledgerwell/shared/admin-auth';
import { MFA_MESSAGES } from '@ledgerwell/shared/admin-mfa';
import { createAdminUser, createTestApp, type TestApp } from '../../test/test-app';
import { solvedPayload } from '../../test/solve-challenge';
import { IMPORT_COLUMNS } from '@ledgerwell/shared/registry';
import { stepUpRuleFor } from './step-up';

const PASSWORD = 'Correct-Horse-7';
const NEW_PASSWORD = 'Battery-Staple-42!';
const OFFICE = '10.1.2.3';
const WINDOW = 600_000;
const STEP = 30_000;

describe('step-up for sensitive admin calls', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '1', CHALLENGE_COST: '1' } });
  });
  afterEach(() => t.close());

  const call = (method: string, path: string, token: string, body?: unknown, ip = OFFICE) =>
    t.request(method, path, { token, body, headers: { 'X-Forwarded-For': ip } });
  const stepUp = (token: string, body: Record<string, unknown>, ip = OFFICE) =>
    call('POST', '/api/admin/mfa/step-up', token, body, ip);
  const activity = (action: string) =>
    t.deps.db.select().from(adminActivity).where(eq(adminActivity.actionType, action));
  const codeAt = (secret: string) => generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) });

  async function signIn(username: string, role: AdminRole = 'SUPER_ADMIN') {
    const user = await createAdminUser(t.deps, { username, password: PASSWORD, role });
    const res = await call('POST', '/api/admin/login', '', { username, password: PASSWORD });
    expect(res.status).toBe(200);
    return { user, token: res.json.token as string };
  }

  /** Sets up the authenticator app for a signed-in user (which verifies the session); the clock moves past the used step. */
  async function enrol(token: string) {
    const secret = (await call('POST', '/api/admin/mfa/totp/setup', token)).json.data.secret as string;
    const enable = await call('POST', '/api/admin/mfa/totp/enable', token, { code: await codeAt(secret) });
    expect(enable.status).toBe(200);
    t.clock.advance(STEP);
    return { secret, recoveryCodes: enable.json.data.recoveryCodes as string[] };
  }

  const newShareholder = {
    code: 'SU1234',
    name: 'Step Up Holder',
    email: 'holder@example.com',
    address: { line1: '1 Main St', city: 'Fresno', state: 'CA', postalCode: '93721' },
    accounts: [
      {
        accountNumber: '555000111',
        registrationName: 'Step Up Holder',
        issuer: 'Acme Corp',
        shareClass: 'Common',
        sharesHeld: 10,
        holdingType: 'DRS',
      },
    ],
  };

  const newUser = (username: string) => ({
    username,
    email: `${username}@example.com`,
    firstName: 'New',
    lastName: 'User',
    role: 'READ_ONLY',
    password: NEW_PASSWORD,
  });

  /** One call of each sensitive kind; `victimId` is a user the calls may edit, reset and deactivate. */
  const sensitiveCalls = (victimId: string, ruleId: string): [string, string, unknown?][] => [
    ['POST', '/api/admin/users', newUser('newbie')],
    [
      'PUT',
      `/api/admin/users/${victimId}`,
      { username: 'victim', email: 'victim@example.com', firstName: 'V', lastName: 'Ictim', role: 'REVIEWER' },
    ],
    ['POST', `/api/admin/users/${victimId}/reset-password`],
    ['DELETE', `/api/admin/users/${victimId}`],
    ['POST', '/api/admin/ip-whitelist', { ipAddress: OFFICE, description: 'My desk' }],
    ['PUT', `/api/admin/ip-whitelist/${ruleId}`, { isActive: false }],
    ['DELETE', `/api/admin/ip-whitelist/${ruleId}`],
    ['GET', '/api/admin/contact-submissions/export/csv'],
    ['GET', '/api/admin/issuer-applications/export/csv'],
    ['POST', '/api/admin/shareholders', newShareholder],
  ];

  async function fixtures(token: string) {
    const victim = await createAdminUser(t.deps, { username: 'victim', password: PASSWORD, role: 'REVIEWER' });
    const rule = await call('POST', '/api/admin/ip-whitelist', token, {
      ipAddress: '10.0.0.0/8',
      description: 'Office LAN',
    });
    expect(rule.status).toBe(201);
    return { victimId: victim.id, ruleId: rule.json.data.id as string };
  }

  it('a fresh password sign-in of a user without a factor counts; past the window every kind of sensitive call asks again, and the password satisfies it', async () => {
    const { token } = await signIn('root');
    const { victimId, ruleId } = await fixtures(token);
    const calls = sensitiveCalls(victimId, ruleId);

    t.clock.advance(WINDOW - 1);
    expect((await call('GET', '/api/admin/contact-submissions/export/csv', token)).status).toBe(200);
    t.clock.advance(1);
    for (const [method, path, body] of calls) {
      const res = await call(method, path, token, body);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.json, `${method} ${path}`).toMatchObject({
        code: 'MFA_STEP_UP_REQUIRED',
        message: MFA_MESSAGES.stepUpRequired,
      });
    }
    // Nothing the refused calls sent was done.
    expect((await call('GET', '/api/admin/users', token)).json.users).toHaveLength(2);

    // Reads, the own profile and the own password change are not sensitive.
    expect((await call('GET', '/api/admin/users', token)).status).toBe(200);
    expect((await call('GET', `/api/admin/users/${victimId}`, token)).status).toBe(200);
    expect((await call('GET', '/api/admin/ip-whitelist', token)).status).toBe(200);
    expect((await call('GET', '/api/admin/users/me', token)).status).toBe(200);
    expect((await call('GET', '/api/admin/mfa', token)).status).toBe(200);

    const confirmed = await stepUp(token, { password: PASSWORD });
    expect(confirmed.status).toBe(200);
    expect(confirmed.json).toEqual({
      success: true,
      data: { verifiedUntil: new Date(t.clock.now().getTime() + WINDOW).toISOString() },
    });
    const [row] = await activity('MFA_STEP_UP');
    expect(row).toMatchObject({
      adminUsername: 'root',
      resourceType: 'admin_session',
      details: { method: 'password' },
    });
    for (const [method, path, body] of calls) {
      expect((await call(method, path, token, body)).status, `${method} ${path}`).toBeLessThan(300);
    }

    t.clock.advance(WINDOW);
    const change = await call('PUT', '/api/admin/users/me/password', token, {
      currentPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(change.status).toBe(200);
  });

  it('a user with an authenticator app confirms with a code (or a recovery code), not the password; wrong codes are refused and counted', async () => {
    const { user, token } = await signIn('root');
    const { secret, recoveryCodes } = await enrol(token);
    // Enrolling proved the factor for this session.
    expect(
      (await call('POST', '/api/admin/ip-whitelist', token, { ipAddress: OFFICE, description: 'Desk' })).status,
    ).toBe(201);

    t.clock.advance(WINDOW);
    const change = { ipAddress: '10.0.0.0/8', description: 'Office LAN' };
    expect((await call('POST', '/api/admin/ip-whitelist', token, change)).json.code).toBe('MFA_STEP_UP_REQUIRED');

    const password = await stepUp(token, { password: PASSWORD });
    expect(password.status).toBe(400);
    expect(password.json).toMatchObject({
      code: 'VALIDATION_ERROR',
      errors: { password: MFA_MESSAGES.stepUpUseSecondFactor },
    });

    const wrong = await stepUp(token, { code: '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.json.errors).toEqual({ code: MFA_MESSAGES.codeInvalid });
    expect(await activity('MFA_CODE_FAILED')).toHaveLength(1);
    expect((await call('POST', '/api/admin/ip-whitelist', token, change)).json.code).toBe('MFA_STEP_UP_REQUIRED');

    const empty = await stepUp(token, {});
    expect(empty.status).toBe(400);
    expect(empty.json.message).toBe(MFA_MESSAGES.stepUpProofRequired);

    const ok = await stepUp(token, { code: await codeAt(secret) });
    expect(ok.status).toBe(200);
    expect((await activity('MFA_STEP_UP'))[0]).toMatchObject({ adminUserId: user.id, details: { method: 'totp' } });
    expect((await call('POST', '/api/admin/ip-whitelist', token, change)).status).toBe(201);

    t.clock.advance(WINDOW);
    expect((await call('DELETE', `/api/admin/users/${user.id}`, token)).json.code).toBe('MFA_STEP_UP_REQUIRED');
    expect((await stepUp(token, { code: recoveryCodes[0]! })).status).toBe(200);
    expect(await activity('MFA_RECOVERY_CODE_USED')).toHaveLength(1);
    // The step-up went through; the route then answers for itself (no deactivating oneself).
    expect((await call('DELETE', `/api/admin/users/${user.id}`, token)).json.code).not.toBe('MFA_STEP_UP_REQUIRED');
  });

  it('a sign-in with the second factor counts as fresh', async () => {
    const { token } = await signIn('root');
    const { secret } = await enrol(token);
    t.clock.advance(WINDOW);
    const first = await call('POST', '/api/admin/login', '', { username: 'root', password: PASSWORD });
    const second = await call('POST', '/api/admin/login/mfa', '', {
      mfaToken: first.json.mfaToken,
      code: await codeAt(secret),
    });
    expect(second.status).toBe(200);
    expect((await call('POST', '/api/admin/users', second.json.token, newUser('newbie'))).status).toBe(201);
    // The older session stays stale: the proof belongs to one session.
    expect((await call('POST', '/api/admin/users', token, newUser('other'))).json.code).toBe('MFA_STEP_UP_REQUIRED');
  });

  it('a user without a factor cannot send a code; wrong passwords are refused and throttled like the sign-in, then a solved challenge lets the right one through', async () => {
    const { token } = await signIn('root');
    t.clock.advance(WINDOW);
    const code = await stepUp(token, { code: '123456' });
    expect(code.status).toBe(400);
    expect(code.json.errors).toEqual({ code: MFA_MESSAGES.stepUpUsePassword });

    for (let i = 1; i <= ADMIN_LOGIN_MAX_FAILURES_PER_ACCOUNT; i++) {
      const wrong = await stepUp(token, { password: `Wrong-${i}` }, `198.51.100.${i}`);
      expect(wrong.status).toBe(400);
      expect(wrong.json.errors).toEqual({ password: MFA_MESSAGES.stepUpPasswordWrong });
    }
    expect(await activity('MFA_STEP_UP_FAILED')).toHaveLength(ADMIN_LOGIN_MAX_FAILURES_PER_ACCOUNT);
    const refused = await stepUp(token, { password: PASSWORD });
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject({ code: 'CHALLENGE_REQUIRED', message: MFA_MESSAGES.tooManyAttempts });
    expect((await activity('MFA_THROTTLED'))[0]?.details).toEqual({ method: 'password' });
    // The same count guards the sign-in.
    expect((await call('POST', '/api/admin/login', '', { username: 'root', password: PASSWORD })).status).toBe(429);
    expect((await call('POST', '/api/admin/users', token, newUser('newbie'))).json.code).toBe('MFA_STEP_UP_REQUIRED');

    const altcha = await solvedPayload(refused.json.challenge);
    expect((await stepUp(token, { password: PASSWORD, altcha })).status).toBe(200);
    expect((await call('POST', '/api/admin/users', token, newUser('newbie'))).status).toBe(201);
    // Success clears the account's count: the sign-in is open again.
    expect((await call('POST', '/api/admin/login', '', { username: 'root', password: PASSWORD })).status).toBe(200);
  });

  it('roles that may not make the call get FORBIDDEN, not a step-up; an ADMIN is asked before an export', async () => {
    const reviewer = await signIn('rev', 'REVIEWER');
    const reader = await signIn('reader', 'READ_ONLY');
    const admin = await signIn('adm', 'ADMIN');
    t.clock.advance(WINDOW);
    for (const { token } of [reviewer, reader, admin]) {
      for (const [method, path, body] of sensitiveCalls(reviewer.user.id, reviewer.user.id).filter(
        ([, path]) => !path.includes('export') && !path.includes('shareholders'),
      )) {
        const res = await call(method, path, token, body);
        expect(res.status, `${method} ${path}`).toBe(403);
        expect(res.json.code, `${method} ${path}`).toBe('FORBIDDEN');
      }
    }
    for (const { token } of [reviewer, reader]) {
      expect((await call('GET', '/api/admin/issuer-applications/export/csv', token)).json.code).toBe('FORBIDDEN');
    }
    expect((await call('GET', '/api/admin/issuer-applications/export/csv', admin.token)).json.code).toBe(
      'MFA_STEP_UP_REQUIRED',
    );
    // Any signed-in admin may step up.
    expect((await stepUp(reader.token, { password: PASSWORD })).status).toBe(200);
    expect((await stepUp(admin.token, { password: PASSWORD })).status).toBe(200);
    expect((await call('GET', '/api/admin/issuer-applications/export/csv', admin.token)).status).toBe(200);
  });

  it('adding to the registry (the form and the CSV import) asks an ADMIN to step up; lower roles are FORBIDDEN', async () => {
    const admin = await signIn('adm', 'ADMIN');
    const reviewer = await signIn('rev', 'REVIEWER');
    t.clock.advance(WINDOW);
    const csv = `${IMPORT_COLUMNS.join(',')}\nIM1234,Ann Importer,ann@example.com,,,1 Main St,Austin,TX,73301,777000111,Ann Importer,Acme Corp,Common,100,DRS,\n`;
    const importCsv = (token: string) =>
      t.app.request('/api/admin/shareholders/import', {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'text/csv', 'X-Forwarded-For': OFFICE },
        body: csv,
      });
    expect((await call('POST', '/api/admin/shareholders', reviewer.token, newShareholder)).json.code).toBe('FORBIDDEN');
    expect(((await (await importCsv(reviewer.token)).json()) as { code: string }).code).toBe('FORBIDDEN');
    expect((await call('POST', '/api/admin/shareholders', admin.token, newShareholder)).json.code).toBe(
      'MFA_STEP_UP_REQUIRED',
    );
    const refusedImport = await importCsv(admin.token);
    expect(refusedImport.status).toBe(403);
    expect(((await refusedImport.json()) as { code: string }).code).toBe('MFA_STEP_UP_REQUIRED');
    expect((await call('GET', '/api/admin/shareholders', admin.token)).json.total).toBe(0);

    expect((await stepUp(admin.token, { password: PASSWORD })).status).toBe(200);
    expect((await call('POST', '/api/admin/shareholders', admin.token, newShareholder)).status).toBe(201);
    expect((await importCsv(admin.token)).status).toBe(200);
    // Reading the registry is not sensitive.
    t.clock.advance(WINDOW);
    expect((await call('GET', '/api/admin/shareholders', admin.token)).json.total).toBe(2);
  });

  it('reads the verification from the database, not the session cache: a step-up recorded elsewhere counts at once', async () => {
    const { token } = await signIn('root');
    t.clock.advance(WINDOW);
    expect((await call('POST', '/api/admin/users', token, newUser('newbie'))).json.code).toBe('MFA_STEP_UP_REQUIRED');
    // As another process would: straight into the table, nothing announced.
    await t.deps.db.update(adminSessions).set({ mfaVerifiedAt: t.clock.now() });
    expect((await call('POST', '/api/admin/users', token, newUser('newbie'))).status).toBe(201);
  });
});

describe('step-up policy', () => {
  it('matches writes under /users (but the own profile and password) and /ip-whitelist, and CSV exports; nothing else', () => {
    for (const [method, path] of [
      ['POST', '/users'],
      ['PUT', '/users/0d9f3c1e-0000-4000-8000-000000000000'],
      ['POST', '/users/x/reset-mfa'],
      ['DELETE', '/users/x/sessions/y'],
      ['PATCH', '/users/me/anything'],
      ['POST', '/ip-whitelist'],
      ['DELETE', '/ip-whitelist/x'],
      ['GET', '/contact-submissions/export/csv'],
      ['HEAD', '/issuer-applications/export/csv'],
    ] as const) {
      expect(stepUpRuleFor(method, path), `${method} ${path}`).toBeDefined();
    }
    for (const [method, path] of [
      ['GET', '/users'],
      ['GET', '/users/x'],
      ['PUT', '/users/me'],
      ['PUT', '/users/me/password'],
      ['GET', '/ip-whitelist'],
      ['POST', '/usersx'],
      ['POST', '/mfa/step-up'],
      ['POST', '/contact-submissions/export/csv'],
      ['GET', '/contact-submissions/export/csv/more'],
      ['GET', `/${'a'.repeat(600)}/export/csv`],
    ] as const) {
      expect(stepUpRuleFor(method, path), `${method} ${path}`).toBeUndefined();
    }
  });
});
