import { expect } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { generate } from 'otplib';
import { adminRecoveryCodes, adminSessions, adminTotp, adminUsers } from '@ledgerwell/db/schema';
import { createAdminUser, loginToken, type TestApp } from '../../test/test-app';

export const PASSWORD = 'Correct-Horse-7';

/** For the route's and the reset command's tests: an ADMIN with an authenticator app and recovery codes, signed in twice. */
export async function adminWithSecondFactor(t: TestApp, username: string, role: 'ADMIN' | 'SUPER_ADMIN' = 'ADMIN') {
  const user = await createAdminUser(t.deps, { username, password: PASSWORD, role });
  const token = await loginToken(t, username, PASSWORD);
  const setup = await t.request('POST', '/api/admin/mfa/totp/setup', { token });
  const secret = setup.json.data.secret as string;
  const enable = await t.request('POST', '/api/admin/mfa/totp/enable', {
    token,
    body: { code: await generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) }) },
  });
  expect(enable.status).toBe(200);
  t.clock.advance(30_000);
  // A second session, through the code step.
  const first = await t.request('POST', '/api/admin/login', { body: { username, password: PASSWORD } });
  const second = await t.request('POST', '/api/admin/login/mfa', {
    body: {
      mfaToken: first.json.mfaToken,
      code: await generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) }),
    },
  });
  expect(second.status).toBe(200);
  return { user, tokens: [token, second.json.token as string] };
}

/** Everything a reset must have undone for `userId`, and that the user's role now makes them enrol. */
export async function expectResetDone(t: TestApp, userId: string, username: string, tokens: string[]) {
  for (const token of tokens) expect((await t.request('GET', '/api/admin/auth/verify', { token })).status).toBe(401);
  expect(await t.deps.db.select().from(adminTotp).where(eq(adminTotp.adminUserId, userId))).toEqual([]);
  expect(await t.deps.db.select().from(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminUserId, userId))).toEqual(
    [],
  );
  const [row] = await t.deps.db.select().from(adminUsers).where(eq(adminUsers.id, userId));
  expect(row!.mfaEnabledAt).toBeNull();
  const live = await t.deps.db
    .select()
    .from(adminSessions)
    .where(and(eq(adminSessions.adminUserId, userId), isNull(adminSessions.revokedAt)));
  expect(live).toEqual([]);
  // The password alone signs in again; the role requires a factor, so the session can only enrol.
  const login = await t.request('POST', '/api/admin/login', { body: { username, password: PASSWORD } });
  expect(login.status).toBe(200);
  expect(login.json.user).toMatchObject({ mfaEnabled: false, mustEnrollMfa: true });
}
