import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { issuers } from '@ledgerwell/db/ledger-schema';
import { adminActivity, adminSessions, issuerInvitations, issuerUsers } from '@ledgerwell/db/schema';
import { ISSUER_USERS_MESSAGES as M } from '@ledgerwell/shared/issuer-users';
import { queuedEmails } from '../../test/outbox';
import { issuerUserWithApp } from '../../test/issuer-portal-app';
import { createTestApp, type TestApp } from '../../test/test-app';
import { removeIssuerUser } from './remove-user';

const PASSWORD = 'Quiet-Lantern-Orchard-42';
const META = { requestId: 'test', ip: '203.0.113.9', userAgent: 'vitest' };

describe('issuer users and colleague invitations', () => {
  let t: TestApp;
  let issuerId: string;
  let otherIssuerId: string;
  beforeAll(async () => {
    t = await createTestApp();
    const [acme, globex] = await t.deps.db
      .insert(issuers)
      .values([{ legalName: 'Acme Users Corp' }, { legalName: 'Globex Users Corp' }])
      .returning();
    issuerId = acme!.id;
    otherIssuerId = globex!.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (method: string, path: string, token: string, body?: unknown) =>
    t.request(method, path, { token, body });
  const activity = (action: string, resourceId: string) =>
    t.deps.db
      .select()
      .from(adminActivity)
      .where(and(eq(adminActivity.actionType, action), eq(adminActivity.resourceId, resourceId)));
  const email = (name: string) => `${name}-${randomUUID().slice(0, 8)}@acme-users.example`;
  const invite = (token: string, address: string, role = 'ISSUER_VIEWER') =>
    call('POST', '/api/issuer/users', token, { email: address, role });

  it('lists the issuer’s users and open invitations to any of its users, viewers included', async () => {
    const admin = await issuerUserWithApp(t, issuerId, { email: email('lister') });
    await admin.stepUp();
    const viewer = await issuerUserWithApp(t, issuerId, { email: email('reader'), role: 'ISSUER_VIEWER' });
    const invited = email('invited');
    expect((await invite(admin.token, invited)).status).toBe(201);
    const revoked = email('revoked');
    const gone = await invite(admin.token, revoked);
    expect((await call('DELETE', `/api/issuer/users/invitations/${gone.json.data.id}`, admin.token)).status).toBe(200);

    const res = await call('GET', '/api/issuer/users', viewer.token);
    expect(res.status, res.text).toBe(200);
    const { users, invitations, currentUserId, canManage } = res.json.data;
    expect(currentUserId).toBe(viewer.userId);
    expect(canManage).toBe(false);
    expect(users).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: admin.userId, role: 'ISSUER_ADMIN', hasSecondFactor: true }),
        expect.objectContaining({ id: viewer.userId, email: viewer.email, role: 'ISSUER_VIEWER' }),
      ]),
    );
    const emails = invitations.map((row: { email: string }) => row.email);
    expect(emails).toContain(invited);
    expect(emails).not.toContain(revoked);
    expect(invitations.find((row: { email: string }) => row.email === invited)).toMatchObject({
      role: 'ISSUER_VIEWER',
      sentBy: admin.email,
    });
    expect((await call('GET', '/api/issuer/users', admin.token)).json.data.canManage).toBe(true);
  });

  it('lets a viewer make no change at all (403 FORBIDDEN, even stepped up), and writes nothing', async () => {
    const admin = await issuerUserWithApp(t, issuerId, { email: email('admin') });
    await admin.stepUp();
    const open = await invite(admin.token, email('pending'));
    const viewer = await issuerUserWithApp(t, issuerId, { email: email('viewer'), role: 'ISSUER_VIEWER' });
    await viewer.stepUp();
    const before = await t.deps.db.select().from(issuerInvitations);
    for (const [method, path, body] of [
      ['POST', '/api/issuer/users', { email: email('nope'), role: 'ISSUER_ADMIN' }],
      ['DELETE', `/api/issuer/users/${admin.userId}`],
      ['DELETE', `/api/issuer/users/invitations/${open.json.data.id}`],
    ] as const) {
      const res = await call(method, path, viewer.token, body);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.json.code).toBe('FORBIDDEN');
    }
    expect(await t.deps.db.select().from(issuerInvitations)).toEqual(before);
  });

  it('asks an administrator to step up before every write, then lets it through', async () => {
    const admin = await issuerUserWithApp(t, issuerId, { email: email('admin') });
    const colleague = await issuerUserWithApp(t, issuerId, { email: email('colleague'), role: 'ISSUER_VIEWER' });
    const writes = [
      ['POST', '/api/issuer/users', { email: email('later'), role: 'ISSUER_VIEWER' }],
      ['DELETE', `/api/issuer/users/${colleague.userId}`],
      ['DELETE', `/api/issuer/users/invitations/${randomUUID()}`],
    ] as const;
    for (const [method, path, body] of writes) {
      const res = await call(method, path, admin.token, body);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.json.code).toBe('MFA_STEP_UP_REQUIRED');
    }
    // A wrong code proves nothing; a password is refused from a user who has a second factor.
    expect((await call('POST', '/api/issuer/mfa/step-up', admin.token, { code: '000000' })).status).toBe(400);
    const password = await call('POST', '/api/issuer/mfa/step-up', admin.token, { password: PASSWORD });
    expect(password.status).toBe(400);
    expect(password.json.errors.password).toEqual(expect.any(String));
    await admin.stepUp();
    const [stepUp] = await activity('MFA_STEP_UP', admin.sessionId);
    expect(stepUp).toMatchObject({ adminUserId: null, issuerUserId: admin.userId, resourceType: 'issuer_session' });
    expect((await call(writes[0][0], writes[0][1], admin.token, writes[0][2])).status).toBe(201);
    expect((await call(writes[1][0], writes[1][1], admin.token)).status).toBe(200);
    // Past the window it asks again.
    t.clock.advance(t.deps.config.ADMIN_STEP_UP_WINDOW_MS);
    const again = await invite(admin.token, email('after'));
    expect(again.json.code).toBe('MFA_STEP_UP_REQUIRED');
  });

  it('invites a colleague with a one-time link; accepting makes a user of the right role and issuer', async () => {
    const admin = await issuerUserWithApp(t, issuerId, { email: email('inviter') });
    await admin.stepUp();
    const address = email('Colleague');
    const res = await invite(admin.token, address, 'ISSUER_VIEWER');
    expect(res.status, res.text).toBe(201);
    expect(res.json.data).toMatchObject({ email: address, role: 'ISSUER_VIEWER', sentBy: admin.email });
    const [row] = await t.deps.db.select().from(issuerInvitations).where(eq(issuerInvitations.id, res.json.data.id));
    expect(row).toMatchObject({
      issuerId,
      applicationId: null,
      role: 'ISSUER_VIEWER',
      sentById: null,
      sentByIssuerUserId: admin.userId,
      sentBy: admin.email,
    });
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(72 * 60 * 60 * 1000);
    const [sent] = await activity('ISSUER_INVITATION_SENT', row!.id);
    expect(sent).toMatchObject({ adminUserId: null, issuerUserId: admin.userId });
    const mail = (await queuedEmails(t, 'ISSUER_INVITATION')).find((queued) => queued.to === address)!;
    expect(mail.body).toContain('Acme Users Corp');
    const token = /#token=([A-Za-z0-9_-]{43})\b/.exec(mail.body)![1]!;
    expect(row!.tokenHash).not.toContain(token);
    expect(JSON.stringify(await t.deps.db.select().from(adminActivity))).not.toContain(token);

    // The same address again, in any case, while the invitation is open: 409.
    const twice = await invite(admin.token, address.toUpperCase(), 'ISSUER_ADMIN');
    expect(twice.status).toBe(409);
    expect(twice.json.message).toBe(M.invitationOpen);

    const accepted = await t.request('POST', '/api/issuer/invitations/accept', { body: { token, password: PASSWORD } });
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.json.user).toMatchObject({ email: address, role: 'ISSUER_VIEWER', issuerId });
    const [user] = await t.deps.db.select().from(issuerUsers).where(eq(issuerUsers.email, address));
    expect(user).toMatchObject({ issuerId, role: 'ISSUER_VIEWER' });
    const [acceptance] = await activity('ISSUER_INVITATION_ACCEPTED', row!.id);
    expect(acceptance).toMatchObject({
      issuerUserId: user!.id,
      details: expect.objectContaining({ role: 'ISSUER_VIEWER' }),
    });
  });

  it('answers 409 for an address that has an account at any issuer, and 400 with field messages', async () => {
    const admin = await issuerUserWithApp(t, issuerId, { email: email('admin') });
    await admin.stepUp();
    const elsewhere = await issuerUserWithApp(t, otherIssuerId, { email: email('elsewhere') });
    const taken = await invite(admin.token, elsewhere.email.toUpperCase());
    expect(taken.status).toBe(409);
    expect(taken.json.message).toBe(M.accountExists);
    const bad = await call('POST', '/api/issuer/users', admin.token, { email: 'not an address', role: 'OWNER' });
    expect(bad.status).toBe(400);
    expect(bad.json.errors).toMatchObject({ email: M.emailInvalid, role: M.roleRequired });
  });

  it('revokes an open invitation (the link then is gone), 404 afterwards; a new POST sends a new one', async () => {
    const admin = await issuerUserWithApp(t, issuerId, { email: email('admin') });
    await admin.stepUp();
    const address = email('revokee');
    const first = await invite(admin.token, address);
    const path = `/api/issuer/users/invitations/${first.json.data.id}`;
    expect((await call('DELETE', path, admin.token)).status).toBe(200);
    expect(await activity('ISSUER_INVITATION_REVOKED', first.json.data.id)).toHaveLength(1);
    expect((await call('DELETE', path, admin.token)).status).toBe(404);
    expect((await call('DELETE', '/api/issuer/users/invitations/nope', admin.token)).status).toBe(404);
    const mail = (await queuedEmails(t, 'ISSUER_INVITATION')).find((queued) => queued.to === address)!;
    const token = /#token=([A-Za-z0-9_-]{43})\b/.exec(mail.body)![1]!;
    const dead = await t.request('POST', '/api/issuer/invitations/accept', { body: { token, password: PASSWORD } });
    expect(dead.status).toBe(410);
    expect((await invite(admin.token, address)).status).toBe(201);
  });

  it('removes a colleague: disabled, every session of theirs refused at once, and recorded', async () => {
    const admin = await issuerUserWithApp(t, issuerId, { email: email('remover') });
    await admin.stepUp();
    const colleague = await issuerUserWithApp(t, issuerId, { email: email('leaver'), role: 'ISSUER_VIEWER' });
    expect((await call('GET', '/api/issuer/me', colleague.token)).status).toBe(200);
    const res = await call('DELETE', `/api/issuer/users/${colleague.userId}`, admin.token);
    expect(res.status, res.text).toBe(200);
    const [row] = await t.deps.db.select().from(issuerUsers).where(eq(issuerUsers.id, colleague.userId));
    expect(row!.disabledAt).not.toBeNull();
    expect((await call('GET', '/api/issuer/me', colleague.token)).status).toBe(401);
    const live = await t.deps.db.select().from(adminSessions).where(eq(adminSessions.issuerUserId, colleague.userId));
    expect(live.every((session) => session.revokedReason === 'deactivated')).toBe(true);
    const [removed] = await activity('ISSUER_USER_REMOVED', colleague.userId);
    expect(removed).toMatchObject({ adminUserId: null, issuerUserId: admin.userId, resourceType: 'issuer_user' });
    const list = await call('GET', '/api/issuer/users', admin.token);
    expect(list.json.data.users.map((user: { id: string }) => user.id)).not.toContain(colleague.userId);
    // Gone is gone: a second removal is a 404, as for an unknown id.
    expect((await call('DELETE', `/api/issuer/users/${colleague.userId}`, admin.token)).status).toBe(404);
    expect((await call('DELETE', '/api/issuer/users/nope', admin.token)).status).toBe(404);
  });

  it('refuses removing oneself, and the last administrator when two remove each other at once', async () => {
    const [solo] = await t.deps.db
      .insert(issuers)
      .values({ legalName: `Solo ${randomUUID()}` })
      .returning();
    const first = await issuerUserWithApp(t, solo!.id, { email: email('first') });
    await first.stepUp();
    const self = await call('DELETE', `/api/issuer/users/${first.userId}`, first.token);
    expect(self.status).toBe(409);
    expect(self.json.message).toBe(M.cannotRemoveSelf);

    // The second administrator removed the first a moment ago; the first's own removal of the second, already past
    // the sign-in check, must not leave the issuer without an administrator.
    const second = await issuerUserWithApp(t, solo!.id, { email: email('second') });
    await t.deps.db.update(issuerUsers).set({ disabledAt: t.clock.now() }).where(eq(issuerUsers.id, first.userId));
    const principal = { userId: first.userId, issuerId: solo!.id, role: 'ISSUER_ADMIN' as const, email: first.email };
    await expect(
      removeIssuerUser({
        deps: t.deps,
        principal: { ...principal, sessionId: first.sessionId },
        id: second.userId,
        meta: META,
      }),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: M.lastAdmin });
    const [kept] = await t.deps.db.select().from(issuerUsers).where(eq(issuerUsers.id, second.userId));
    expect(kept!.disabledAt).toBeNull();
  });
});
