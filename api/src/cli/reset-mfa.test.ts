import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { adminActivity } from '@ledgerwell/db/schema';
import { createTestApp, type TestApp } from '../test/test-app';
import { adminWithSecondFactor, expectResetDone } from '../features/admin-users/reset-mfa.fixtures';
import { parseResetMfaArgs, resetMfaFromShell } from './reset-mfa';

describe('pnpm admin:reset-mfa', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({ env: { ADMIN_MFA_ROLES: 'SUPER_ADMIN', CHALLENGE_COST: '1' } });
  });
  afterEach(() => t.close());

  it('lets the locked-out last SUPER_ADMIN back in: factors removed, sessions ended, recorded with the system as the actor', async () => {
    const { user: root, tokens } = await adminWithSecondFactor(t, 'root', 'SUPER_ADMIN');

    // Usernames match without regard to case, as at sign-in.
    const result = await resetMfaFromShell(t.deps.db, t.clock, 'ROOT');
    expect(result).toEqual({
      ok: true,
      message: expect.stringContaining('Removed every second factor of root and ended 2 sessions.'),
    });
    await expectResetDone(t, root.id, 'root', tokens);
    const [record] = await t.deps.db
      .select()
      .from(adminActivity)
      .where(eq(adminActivity.actionType, 'ADMIN_MFA_RESET'));
    expect(record).toMatchObject({
      adminUserId: null,
      adminUsername: 'system',
      resourceId: root.id,
      details: { username: 'root', endedSessions: 2 },
    });
  });

  it('fails for an unknown username and changes nothing', async () => {
    const result = await resetMfaFromShell(t.deps.db, t.clock, 'nobody');
    expect(result).toEqual({ ok: false, message: 'No admin user is named "nobody".' });
    expect((await resetMfaFromShell(t.deps.db, t.clock, 'x'.repeat(5000))).ok).toBe(false);
    expect(await t.deps.db.select().from(adminActivity)).toEqual([]);
  });

  it('reads one username and --force from the command line', () => {
    expect(parseResetMfaArgs(['alice'])).toEqual({ username: 'alice', force: false });
    expect(parseResetMfaArgs(['--', 'alice', '--force'])).toEqual({ username: 'alice', force: true });
    expect(parseResetMfaArgs([])).toMatchObject({ error: expect.stringContaining('A username is required') });
    expect(parseResetMfaArgs(['a', 'b'])).toMatchObject({ error: expect.stringContaining('One username at a time') });
    expect(parseResetMfaArgs(['--yes', 'a'])).toMatchObject({ error: expect.stringContaining('Unknown option --yes') });
  });
});
