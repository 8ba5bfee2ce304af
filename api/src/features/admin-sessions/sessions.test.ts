import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { adminActivity, adminSessions } from '@ledgerwell/db/schema';
import { ADMIN_SESSION_IDLE_MS, type AdminRole } from '@ledgerwell/shared/admin-auth';
import { SESSION_MESSAGES } from '@ledgerwell/shared/admin-sessions';
import { createAdminUser, createTestApp, type TestApp } from '../../test/test-app';

const PASSWORD = 'Correct-Horse-7';
const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.126 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:128.0) Gecko/20100101 Firefox/128.0';

describe('admin sessions: listing and ending them', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '1' } });
  });
  afterEach(() => t.close());

  const user = (username: string, role: AdminRole = 'REVIEWER') =>
    createAdminUser(t.deps, { username, password: PASSWORD, role });
  /** Signs in from a given browser and address; the session's token. */
  async function signIn(username: string, userAgent = CHROME, ip = '203.0.113.5') {
    const res = await t.request('POST', '/api/admin/login', {
      body: { username, password: PASSWORD },
      headers: { 'User-Agent': userAgent, 'X-Forwarded-For': ip },
    });
    expect(res.status).toBe(200);
    return res.json.token as string;
  }
  const list = (token: string) => t.request('GET', '/api/admin/sessions', { token });
  const verify = async (token: string) => (await t.request('GET', '/api/admin/auth/verify', { token })).status;
  const ended = (sessionId: string) =>
    t.deps.db
      .select()
      .from(adminActivity)
      .where(and(eq(adminActivity.actionType, 'ADMIN_SESSION_ENDED'), eq(adminActivity.resourceId, sessionId)));

  it("lists the caller's live sessions only, newest last-seen first, the current one flagged, with a browser label and no raw agent", async () => {
    const alice = await user('alice');
    await user('bob');
    const old = await signIn('alice', FIREFOX, '198.51.100.7');
    t.clock.advance(2 * 60_000);
    const current = await signIn('alice');
    await signIn('bob');
    // A signed-out session and an idle one are not listed.
    const gone = await signIn('alice');
    expect((await t.request('POST', '/api/admin/logout', { token: gone })).status).toBe(200);
    await t.deps.db.insert(adminSessions).values({
      adminUserId: alice.id,
      tokenHash: 'idle-session-hash',
      createdAt: t.clock.now(),
      lastSeenAt: new Date(t.clock.now().getTime() - ADMIN_SESSION_IDLE_MS - 1000),
      expiresAt: new Date(t.clock.now().getTime() + 3_600_000),
    });

    const res = await list(current);
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual([
      {
        id: expect.any(String),
        createdAt: t.clock.now().toISOString(),
        lastSeenAt: t.clock.now().toISOString(),
        ipAddress: '203.0.113.5',
        browser: 'Chrome 126 on Linux',
        current: true,
      },
      {
        id: expect.any(String),
        createdAt: expect.any(String),
        lastSeenAt: expect.any(String),
        ipAddress: '198.51.100.7',
        browser: 'Firefox 128 on macOS',
        current: false,
      },
    ]);
    expect(res.text).not.toContain('Mozilla');
    // The other session sees the same two, itself flagged.
    const seenFromOld = (await list(old)).json.data as { current: boolean; browser: string }[];
    expect(seenFromOld.map((s) => [s.browser, s.current])).toEqual([
      ['Chrome 126 on Linux', false],
      ['Firefox 128 on macOS', true],
    ]);
  });

  it('ends one of my other sessions: its token answers 401 at once, the activity log records it; an unknown or foreign id is 404', async () => {
    await user('alice');
    await user('bob');
    const current = await signIn('alice');
    const other = await signIn('alice', FIREFOX);
    const bobs = await signIn('bob');
    expect(await verify(other)).toBe(200); // cached now: the end must reach the cache
    const otherId = ((await list(current)).json.data as { id: string; current: boolean }[]).find((s) => !s.current)!.id;
    const bobId = ((await list(bobs)).json.data as { id: string }[])[0]!.id;

    expect((await t.request('DELETE', `/api/admin/sessions/${bobId}`, { token: current })).json).toMatchObject({
      code: 'NOT_FOUND',
      message: SESSION_MESSAGES.sessionNotFound,
    });
    expect((await t.request('DELETE', '/api/admin/sessions/not-a-uuid', { token: current })).status).toBe(404);
    expect(
      (await t.request('DELETE', '/api/admin/sessions/00000000-0000-4000-8000-000000000000', { token: current }))
        .status,
    ).toBe(404);
    expect(await verify(bobs)).toBe(200);

    const res = await t.request('DELETE', `/api/admin/sessions/${otherId}`, { token: current });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true, message: SESSION_MESSAGES.sessionEnded });
    expect(await verify(other)).toBe(401);
    expect(await verify(current)).toBe(200);
    const [row] = await t.deps.db.select().from(adminSessions).where(eq(adminSessions.id, otherId));
    expect(row!.revokedReason).toBe('signed_out_elsewhere');
    const [record] = await ended(otherId);
    expect(record).toMatchObject({
      adminUsername: 'alice',
      resourceType: 'admin_session',
      details: { username: 'alice', reason: 'signed_out_elsewhere' },
    });
    // Ended already: 404 the second time.
    expect((await t.request('DELETE', `/api/admin/sessions/${otherId}`, { token: current })).status).toBe(404);

    // Ending the current one is a sign-out.
    const currentId = ((await list(current)).json.data as { id: string }[])[0]!.id;
    expect((await t.request('DELETE', `/api/admin/sessions/${currentId}`, { token: current })).status).toBe(200);
    expect(await verify(current)).toBe(401);
    const [logout] = await t.deps.db
      .select()
      .from(adminActivity)
      .where(and(eq(adminActivity.actionType, 'LOGOUT'), eq(adminActivity.resourceId, currentId)));
    expect(logout).toBeDefined();
  });

  it('signs out everywhere else: the current session stays, the others answer 401, one record each', async () => {
    await user('alice');
    await user('bob');
    const current = await signIn('alice');
    const others = [await signIn('alice', FIREFOX), await signIn('alice', FIREFOX, '198.51.100.9')];
    const bobs = await signIn('bob');
    for (const token of others) expect(await verify(token)).toBe(200);

    const res = await t.request('POST', '/api/admin/sessions/sign-out-others', { token: current });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true, ended: 2, message: SESSION_MESSAGES.othersEnded(2) });
    for (const token of others) expect(await verify(token)).toBe(401);
    expect(await verify(current)).toBe(200);
    expect(await verify(bobs)).toBe(200);
    expect((await list(current)).json.data).toHaveLength(1);
    expect(
      await t.deps.db.select().from(adminActivity).where(eq(adminActivity.actionType, 'ADMIN_SESSION_ENDED')),
    ).toHaveLength(2);

    const again = await t.request('POST', '/api/admin/sessions/sign-out-others', { token: current });
    expect(again.json).toEqual({ success: true, ended: 0, message: SESSION_MESSAGES.othersEnded(0) });
  });

  it("lets a SUPER_ADMIN list and end another user's sessions; other roles get 403", async () => {
    await user('root', 'SUPER_ADMIN');
    const alice = await user('alice', 'ADMIN');
    const root = await signIn('root');
    const aliceToken = await signIn('alice', FIREFOX, '198.51.100.7');
    expect(await verify(aliceToken)).toBe(200);

    const res = await t.request('GET', `/api/admin/users/${alice.id}/sessions`, { token: root });
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual([
      expect.objectContaining({ browser: 'Firefox 128 on macOS', ipAddress: '198.51.100.7', current: false }),
    ]);
    const aliceSessionId = res.json.data[0].id as string;

    expect((await t.request('GET', `/api/admin/users/${alice.id}/sessions`, { token: aliceToken })).status).toBe(403);
    expect(
      (await t.request('DELETE', `/api/admin/users/${alice.id}/sessions/${aliceSessionId}`, { token: aliceToken }))
        .status,
    ).toBe(403);
    expect(
      (await t.request('GET', '/api/admin/users/00000000-0000-4000-8000-000000000000/sessions', { token: root }))
        .status,
    ).toBe(404);
    expect((await t.request('GET', '/api/admin/users/nope/sessions', { token: root })).status).toBe(404);
    // The SUPER_ADMIN's own session id under alice's path: not hers, 404, and root stays signed in.
    const rootSessionId = ((await list(root)).json.data as { id: string }[])[0]!.id;
    expect(
      (await t.request('DELETE', `/api/admin/users/${alice.id}/sessions/${rootSessionId}`, { token: root })).status,
    ).toBe(404);
    expect(await verify(root)).toBe(200);

    const end = await t.request('DELETE', `/api/admin/users/${alice.id}/sessions/${aliceSessionId}`, { token: root });
    expect(end.status).toBe(200);
    expect(await verify(aliceToken)).toBe(401);
    const [row] = await t.deps.db.select().from(adminSessions).where(eq(adminSessions.id, aliceSessionId));
    expect(row!.revokedReason).toBe('ended_by_admin');
    const [record] = await ended(aliceSessionId);
    expect(record).toMatchObject({ adminUsername: 'root', details: { username: 'alice', reason: 'ended_by_admin' } });
    expect((await t.request('GET', `/api/admin/users/${alice.id}/sessions`, { token: root })).json.data).toEqual([]);
  });
});
