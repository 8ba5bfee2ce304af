import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { adminActivity } from '@ledgerwell/db/schema';
import { ACTIVITY_MESSAGES } from '@ledgerwell/shared/activity';
import type { AdminRole } from '@ledgerwell/shared/admin-auth';
import { createAdminUser, createTestApp, loginToken, type TestApp } from '../../test/test-app';
import { recordActivity } from './record-activity';

const PASSWORD = 'Correct-Horse-7';

/**
 * Issue 27, item 4: every staff role read the whole log, IP rules, user e-mails and mistyped passwords
 * included. Below ADMIN only the work on requests and the registry is visible now, and a failed sign-in
 * under a name that matches no account stores no name.
 */
describe('who reads which activity', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '1' } });
    const actor = { id: null, username: 'system' };
    for (const resourceType of ['REQUEST', 'shareholder', 'admin_user', 'ip_rule', 'admin_session', 'email']) {
      await recordActivity(t.deps.db, { actor, action: 'REQUEST_NOTE_ADDED', resourceType });
    }
  });
  afterEach(() => t.close());

  const tokenFor = async (role: AdminRole) => {
    const username = `${role.toLowerCase().replace('_', '')}user`;
    await createAdminUser(t.deps, { username, password: PASSWORD, role });
    return loginToken(t, username, PASSWORD);
  };
  const read = (token: string, query = '') => t.request('GET', `/api/admin/activity${query}`, { token });
  const typesIn = (json: { data: { activities: { resourceType: string }[] } }) =>
    [...new Set(json.data.activities.map((a) => a.resourceType))].sort();

  it.each(['READ_ONLY', 'REVIEWER'] as const)(
    '%s reads the activity of requests, documents and the registry only, and is refused the rest',
    async (role) => {
      const token = await tokenFor(role);
      const all = await read(token);
      expect(all.status).toBe(200);
      expect(typesIn(all.json)).toEqual(['REQUEST', 'shareholder']);
      expect(all.json.data.total).toBe(2);
      expect(typesIn((await read(token, '?resource_type=request')).json)).toEqual(['REQUEST']);
      for (const resourceType of ['admin_user', 'IP_RULE', 'admin_session', 'PORTAL_SIGN_IN', 'email']) {
        const refused = await read(token, `?resource_type=${resourceType}`);
        expect(refused.status, resourceType).toBe(403);
        expect(refused.json).toMatchObject({ code: 'FORBIDDEN', message: ACTIVITY_MESSAGES.resourceForbidden });
      }
      // Filtering by action cannot reach past the scope either.
      expect((await read(token, '?action_type=LOGIN')).json.data.total).toBe(0);
    },
  );

  it('ADMIN and SUPER_ADMIN read everything, the sign-in attempts included', async () => {
    for (const role of ['ADMIN', 'SUPER_ADMIN'] as const) {
      const token = await tokenFor(role);
      const all = await read(token, '?limit=100');
      expect(typesIn(all.json)).toEqual(
        ['REQUEST', 'shareholder', 'admin_user', 'ip_rule', 'admin_session', 'email'].sort(),
      );
      expect((await read(token, '?resource_type=PORTAL_SIGN_IN')).status).toBe(200);
    }
  });

  it('a failed sign-in under a name that matches no account does not store what was typed', async () => {
    const typed = 'Tr0ub4dor&3-typed-in-the-wrong-field';
    const res = await t.request('POST', '/api/admin/login', { body: { username: typed, password: 'whatever-1' } });
    expect(res.status).toBe(401);
    const [row] = await t.deps.db.select().from(adminActivity).where(eq(adminActivity.actionType, 'LOGIN_FAILED'));
    expect(row).toMatchObject({ adminUsername: null, adminUserId: null, details: { reason: 'unknown_user' } });
    expect(JSON.stringify(row)).not.toContain('Tr0ub4dor');

    // A known account's failure still names it, as the account's own record.
    await createAdminUser(t.deps, { username: 'alice', password: PASSWORD });
    await t.request('POST', '/api/admin/login', { body: { username: 'alice', password: 'wrong-password-1' } });
    const named = await t.deps.db.select().from(adminActivity).where(eq(adminActivity.adminUsername, 'alice'));
    expect(named).toEqual([
      expect.objectContaining({ actionType: 'LOGIN_FAILED', details: { reason: 'wrong_password' } }),
    ]);
  });
});
