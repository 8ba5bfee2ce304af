import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { issuers } from '@ledgerwell/db/ledger-schema';
import { adminActivity, adminPasskeys, adminRecoveryCodes, adminTotp, issuerUsers } from '@ledgerwell/db/schema';
import { ISSUER_USERS_MESSAGES as M } from '@ledgerwell/shared/issuer-users';
import { issuerUserWithApp } from '../../test/issuer-portal-app';
import { createTestApp, type TestApp } from '../../test/test-app';
import { hashPassword } from '../../identity/passwords';
import { createSession } from '../../identity/sessions';

const STEP = 30_000;

/** An issuer user's own factors: renewing recovery codes and removing an app or a passkey, never the last one. */
describe('issuer users: recovery codes and factor removal', () => {
  let t: TestApp;
  let issuerId: string;
  beforeAll(async () => {
    t = await createTestApp();
    const [issuer] = await t.deps.db.insert(issuers).values({ legalName: 'Factor Test Corp' }).returning();
    issuerId = issuer!.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (path: string, token: string, body?: unknown) => t.request('POST', path, { token, body });
  /** A passkey row as registration leaves one (its proofs are the admin passkey tests'). */
  const addPasskey = async (issuerUserId: string, name: string) => {
    const [row] = await t.deps.db
      .insert(adminPasskeys)
      .values({ issuerUserId, credentialId: randomUUID(), publicKey: 'test', name })
      .returning();
    return row!.id;
  };
  const codeNow = async (user: { code(): Promise<string> }) => {
    t.clock.advance(STEP);
    return user.code();
  };

  it('renews the recovery codes with a current factor, and records it as the issuer user', async () => {
    const user = await issuerUserWithApp(t, issuerId);
    const res = await post('/api/issuer/mfa/recovery-codes', user.token, { code: await codeNow(user) });
    expect(res.status, res.text).toBe(200);
    expect(res.json.data.recoveryCodes).toHaveLength(10);
    const codes = await t.deps.db
      .select()
      .from(adminRecoveryCodes)
      .where(and(eq(adminRecoveryCodes.issuerUserId, user.userId), isNull(adminRecoveryCodes.usedAt)));
    expect(codes).toHaveLength(10);
    const [row] = await t.deps.db
      .select()
      .from(adminActivity)
      .where(
        and(eq(adminActivity.actionType, 'MFA_RECOVERY_CODES_REGENERATED'), eq(adminActivity.resourceId, user.userId)),
      );
    expect(row).toMatchObject({ adminUserId: null, issuerUserId: user.userId, resourceType: 'issuer_user' });
    expect((await post('/api/issuer/mfa/recovery-codes', user.token, { code: '000000' })).status).toBe(400);
  });

  it('never removes the last factor (409), and removes one when another remains', async () => {
    const user = await issuerUserWithApp(t, issuerId);
    const onlyApp = await post('/api/issuer/mfa/totp/disable', user.token, { code: await codeNow(user) });
    expect(onlyApp.status).toBe(409);
    expect(onlyApp.json.message).toBe(M.lastFactor);
    expect(await t.deps.db.select().from(adminTotp).where(eq(adminTotp.issuerUserId, user.userId))).toHaveLength(1);

    const passkeyId = await addPasskey(user.userId, 'Laptop');
    const codes = (await post('/api/issuer/mfa/recovery-codes', user.token, { code: await codeNow(user) })).json.data
      .recoveryCodes as string[];
    const disabled = await post('/api/issuer/mfa/totp/disable', user.token, { code: await codeNow(user) });
    expect(disabled.status, disabled.text).toBe(200);
    expect(await t.deps.db.select().from(adminTotp).where(eq(adminTotp.issuerUserId, user.userId))).toHaveLength(0);

    const lastPasskey = await post(`/api/issuer/mfa/webauthn/${passkeyId}/remove`, user.token, { code: codes[0] });
    expect(lastPasskey.status).toBe(409);
    expect(lastPasskey.json.message).toBe(M.lastFactor);
    const second = await addPasskey(user.userId, 'Phone');
    const removed = await post(`/api/issuer/mfa/webauthn/${second}/remove`, user.token, { code: codes[1] });
    expect(removed.status, removed.text).toBe(200);
    const [row] = await t.deps.db.select().from(issuerUsers).where(eq(issuerUsers.id, user.userId));
    expect(row!.mfaEnabledAt).not.toBeNull();
  });

  it("answers 404 for another user's passkey, and 409 for passkey proof options without a passkey", async () => {
    const user = await issuerUserWithApp(t, issuerId);
    const other = await issuerUserWithApp(t, issuerId);
    const theirs = await addPasskey(other.userId, 'Theirs');
    await addPasskey(user.userId, 'Mine');
    const res = await post(`/api/issuer/mfa/webauthn/${theirs}/remove`, user.token, { code: await codeNow(user) });
    expect(res.status).toBe(404);
    expect(await t.deps.db.select().from(adminPasskeys).where(eq(adminPasskeys.id, theirs))).toHaveLength(1);
    const noPasskey = await issuerUserWithApp(t, issuerId);
    expect((await post('/api/issuer/mfa/webauthn/options', noPasskey.token)).status).toBe(409);
    expect((await post('/api/issuer/mfa/webauthn/options', user.token)).status).toBe(200);
  });

  it('lets a user without a factor yet step up with the password, to enrol past the window', async () => {
    const email = `new-${randomUUID()}@factor.example`;
    const [user] = await t.deps.db
      .insert(issuerUsers)
      .values({ issuerId, email, passwordHash: await hashPassword('Quiet-Lantern-Orchard-42'), role: 'ISSUER_VIEWER' })
      .returning();
    const meta = { requestId: 'test', ip: '203.0.113.9', userAgent: 'vitest' };
    const { token } = await createSession(t.deps.db, t.clock, { kind: 'issuer', id: user!.id, label: email }, meta);
    expect((await post('/api/issuer/mfa/totp/setup', token)).json.code).toBe('MFA_STEP_UP_REQUIRED');
    const wrong = await post('/api/issuer/mfa/step-up', token, { password: 'Not-The-Password-1' });
    expect(wrong.status).toBe(400);
    expect((await post('/api/issuer/mfa/step-up', token, { password: 'Quiet-Lantern-Orchard-42' })).status).toBe(200);
    expect((await post('/api/issuer/mfa/totp/setup', token)).status).toBe(200);
    // Everything else still waits for the factor.
    expect((await post('/api/issuer/mfa/recovery-codes', token, { code: '123456' })).json.code).toBe(
      'MFA_ENROLLMENT_REQUIRED',
    );
  });
});
