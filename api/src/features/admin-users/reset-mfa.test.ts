import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { adminActivity, adminSessions, adminTotp } from '@ledgerwell/db/schema';
import { SESSION_MESSAGES } from '@ledgerwell/shared/admin-sessions';
import { createAdminUser, createTestApp, loginToken, type TestApp } from '../../test/test-app';
import { adminWithSecondFactor, expectResetDone, PASSWORD } from './reset-mfa.fixtures';

describe('POST /api/admin/users/{id}/reset-mfa', () => {
  let t: TestApp;
  beforeEach(async () => {
    // ADMIN must use a second factor; the SUPER_ADMIN acting here has none and needs none.
    t = await createTestApp({ env: { ADMIN_MFA_ROLES: 'ADMIN', CHALLENGE_COST: '1' } });
  });
  afterEach(() => t.close());

  it("removes the user's app and recovery codes, ends their sessions and records it; the user enrols at the next sign-in", async () => {
    await createAdminUser(t.deps, { username: 'root', password: PASSWORD, role: 'SUPER_ADMIN' });
    const root = await loginToken(t, 'root', PASSWORD);
    const { user: alice, tokens } = await adminWithSecondFactor(t, 'alice');
    expect((await t.request('GET', `/api/admin/users/${alice.id}`, { token: root })).json.data.mfaEnabled).toBe(true);

    const res = await t.request('POST', `/api/admin/users/${alice.id}/reset-mfa`, {
      token: root,
      body: { confirm: true },
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true, endedSessions: 2, message: SESSION_MESSAGES.resetMfaDone });
    await expectResetDone(t, alice.id, 'alice', tokens);
    expect((await t.request('GET', '/api/admin/auth/verify', { token: root })).status).toBe(200);

    const [record] = await t.deps.db
      .select()
      .from(adminActivity)
      .where(eq(adminActivity.actionType, 'ADMIN_MFA_RESET'));
    expect(record).toMatchObject({
      adminUsername: 'root',
      resourceType: 'admin_user',
      resourceId: alice.id,
      details: { username: 'alice', endedSessions: 2, changes: { mfaEnabled: { before: true, after: false } } },
    });
    const endedRows = await t.deps.db
      .select()
      .from(adminActivity)
      .where(eq(adminActivity.actionType, 'ADMIN_SESSION_ENDED'));
    expect(endedRows.map((row) => row.details)).toEqual([
      { username: 'alice', reason: 'mfa_reset' },
      { username: 'alice', reason: 'mfa_reset' },
    ]);
    const reasons = await t.deps.db
      .select({ reason: adminSessions.revokedReason })
      .from(adminSessions)
      .where(eq(adminSessions.adminUserId, alice.id));
    expect(reasons.filter((row) => row.reason === 'mfa_reset')).toHaveLength(2);
  });

  it('needs the confirmation, refuses my own account (409) and unknown ids (404), and is for SUPER_ADMINs only', async () => {
    const rootUser = await createAdminUser(t.deps, { username: 'root', password: PASSWORD, role: 'SUPER_ADMIN' });
    const root = await loginToken(t, 'root', PASSWORD);
    const { user: alice, tokens } = await adminWithSecondFactor(t, 'alice');
    const path = `/api/admin/users/${alice.id}/reset-mfa`;

    for (const body of [undefined, {}, { confirm: false }, { confirm: 'yes' }]) {
      const res = await t.request('POST', path, { token: root, body });
      expect(res.status).toBe(400);
    }
    const missing = await t.request('POST', path, { token: root, body: {} });
    expect(missing.json.errors).toEqual({ confirm: SESSION_MESSAGES.resetMfaConfirmRequired });

    const self = await t.request('POST', `/api/admin/users/${rootUser.id}/reset-mfa`, {
      token: root,
      body: { confirm: true },
    });
    expect(self.status).toBe(409);
    expect(self.json.message).toBe(SESSION_MESSAGES.resetMfaSelf);
    expect(
      (
        await t.request('POST', '/api/admin/users/00000000-0000-4000-8000-000000000000/reset-mfa', {
          token: root,
          body: { confirm: true },
        })
      ).status,
    ).toBe(404);
    expect(
      (await t.request('POST', '/api/admin/users/nope/reset-mfa', { token: root, body: { confirm: true } })).status,
    ).toBe(404);
    expect((await t.request('POST', path, { token: tokens[0], body: { confirm: true } })).status).toBe(403);

    // Nothing changed.
    expect(await t.deps.db.select().from(adminTotp).where(eq(adminTotp.adminUserId, alice.id))).toHaveLength(1);
    expect(await t.deps.db.select().from(adminActivity).where(eq(adminActivity.actionType, 'ADMIN_MFA_RESET'))).toEqual(
      [],
    );
  });
});
