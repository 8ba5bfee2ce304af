import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { adminActivity, emailOutbox } from '@ledgerwell/db/schema';
import { ADMIN_ROLES, type AdminRole } from '@ledgerwell/shared/admin-auth';
import { OUTBOX_MESSAGES as M, outboxEmailSchema, outboxListResponseSchema } from '@ledgerwell/shared/email-outbox';
import { createAdminUser, createTestApp, loginToken, type TestApp } from '../../test/test-app';
import { deliverDueEmails, EMAIL_MAX_ATTEMPTS, type MailTransport } from './outbox-sender';
import { queueEmail } from './queue-email';

const PASSWORD = 'Correct-Horse-7';
const BASE = '/api/admin/outbox';
const LINK = 'https://ledgerwell.example/verify/ABCD-1234';

describe('the mail log (/api/admin/outbox)', () => {
  let t: TestApp;
  const tokens = {} as Record<AdminRole, string>;
  const as = (role: AdminRole, method: string, url: string) => t.request(method, url, { token: tokens[role] });
  const activity = (action: string) =>
    t.deps.db.select().from(adminActivity).where(eq(adminActivity.actionType, action)).orderBy(asc(adminActivity.id));
  const idOf = async (to: string) =>
    (await t.deps.db.select({ id: emailOutbox.id }).from(emailOutbox).where(eq(emailOutbox.toAddress, to)))[0]!.id;

  /** Queues one e-mail, due on the test clock; `minutesAgo` orders the list (newest first). */
  async function queue(to: string, subject: string, lines: string[], minutesAgo: number) {
    await queueEmail(t.deps, t.deps.db, { to, subject, lines, kind: 'REQUEST_CONFIRMATION' });
    const id = await idOf(to);
    const now = t.clock.now();
    await t.deps.db
      .update(emailOutbox)
      .set({ createdAt: new Date(now.getTime() - minutesAgo * 60_000), nextAttemptAt: now })
      .where(eq(emailOutbox.id, id));
    return id;
  }

  let logged: string;
  let failed: string;
  let sent: string;

  beforeEach(async () => {
    t = await createTestApp();
    // One delivered by SMTP, one that failed for good (its error quotes the address), one kept in the log.
    sent = await queue('sam.sent@example.com', 'We received your request IQ-2026-000001', ['Dear Sam,'], 3);
    await deliverDueEmails(t.deps, { sendMail: async () => undefined });
    failed = await queue('fran.failed@example.org', 'Update on your request IQ-2026-000002', ['Dear Fran,'], 2);
    const failing: MailTransport = {
      sendMail: async () => {
        throw new Error('550 5.1.1 <Fran.Failed@example.org>: Recipient address rejected');
      },
    };
    for (let i = 0; i < EMAIL_MAX_ATTEMPTS; i++) {
      await deliverDueEmails(t.deps, failing);
      t.clock.advance(7 * 60 * 60 * 1000);
    }
    logged = await queue(
      'lee.logged@example.net',
      'We received your request IQ-2026-000003',
      ['Dear Lee,', 'Open this link:', LINK],
      1,
    );
    await deliverDueEmails(t.deps, null);
    // Signed in after the clock has moved on, so the sessions are fresh.
    for (const role of ADMIN_ROLES) {
      const username = role.toLowerCase().replace('_', '');
      await createAdminUser(t.deps, { username, password: PASSWORD, role });
      tokens[role] = await loginToken(t, username, PASSWORD);
    }
  });
  afterEach(() => t.close());

  it('lists every e-mail newest first with full addresses for a SUPER_ADMIN', async () => {
    const res = await as('SUPER_ADMIN', 'GET', BASE);
    expect(res.status).toBe(200);
    const { emails, pagination } = outboxListResponseSchema.parse(res.json).data;
    expect(pagination).toEqual({ page: 1, limit: 25, totalPages: 1, totalCount: 3 });
    expect(emails.map((e) => [e.recipient, e.status, e.attempts, e.textAvailable])).toEqual([
      ['lee.logged@example.net', 'LOGGED', 1, true],
      ['fran.failed@example.org', 'FAILED', EMAIL_MAX_ATTEMPTS, false],
      ['sam.sent@example.com', 'SENT', 1, false],
    ]);
    expect(emails[1]!.lastError).toContain('Fran.Failed@example.org');
    // The list never carries a body.
    expect(res.text).not.toContain(LINK);
  });

  it('masks recipients (and the addresses in errors) for an ADMIN, who may not read texts', async () => {
    const res = await as('ADMIN', 'GET', BASE);
    expect(res.status).toBe(200);
    const { emails } = outboxListResponseSchema.parse(res.json).data;
    expect(emails.map((e) => e.recipient)).toEqual(['l…@example.net', 'f…@example.org', 's…@example.com']);
    expect(emails.every((e) => !e.textAvailable)).toBe(true);
    expect(emails[1]!.lastError).toBe('550 5.1.1 <f…@example.org>: Recipient address rejected');
    for (const address of ['lee.logged', 'fran.failed', 'sam.sent'])
      expect(res.text.toLowerCase()).not.toContain(address);
  });

  it('refuses READ_ONLY and REVIEWER (403) and anonymous callers (401)', async () => {
    expect((await t.request('GET', BASE)).status).toBe(401);
    for (const role of ['READ_ONLY', 'REVIEWER'] as const) {
      expect((await as(role, 'GET', BASE)).status, role).toBe(403);
      expect((await as(role, 'GET', `${BASE}/${logged}`)).status, role).toBe(403);
      expect((await as(role, 'POST', `${BASE}/${failed}/retry`)).status, role).toBe(403);
    }
  });

  it('filters by status and kind, searches subjects for everyone and addresses only for a SUPER_ADMIN, and validates the query', async () => {
    const list = async (role: AdminRole, query: string) =>
      outboxListResponseSchema.parse((await as(role, 'GET', `${BASE}?${query}`)).json).data.emails;
    expect((await list('ADMIN', 'status=failed')).map((e) => e.id)).toEqual([failed]);
    expect(await list('ADMIN', 'kind=STATUS_CHANGED')).toEqual([]);
    expect((await list('ADMIN', 'search=000003')).map((e) => e.id)).toEqual([logged]);
    expect((await list('SUPER_ADMIN', 'search=LEE.')).map((e) => e.id)).toEqual([logged]);
    // The address is what the mask hides: an ADMIN's search never matches it.
    expect(await list('ADMIN', 'search=lee.')).toEqual([]);
    // LIKE's wildcards are taken literally.
    expect(await list('SUPER_ADMIN', 'search=%25')).toEqual([]);
    expect((await list('SUPER_ADMIN', 'limit=1&page=2')).map((e) => e.id)).toEqual([failed]);

    const bad = await as('ADMIN', 'GET', `${BASE}?status=LOST&limit=500`);
    expect(bad.status).toBe(400);
    expect(bad.json.errors).toMatchObject({ status: M.statusInvalid, limit: 'Limit must be at most 100' });
  });

  it('shows a SUPER_ADMIN the full text of an e-mail kept in the log, recording each view without the text', async () => {
    for (let view = 1; view <= 2; view++) {
      const res = await as('SUPER_ADMIN', 'GET', `${BASE}/${logged}`);
      expect(res.status).toBe(200);
      expect(res.json.data.text).toBe(
        ['Dear Lee,', 'Open this link:', LINK, '', 'Ledgerwell Shareholder Services'].join('\n'),
      );
      expect(res.json.data.recipient).toBe('lee.logged@example.net');
      const rows = await activity('EMAIL_VIEWED');
      expect(rows).toHaveLength(view);
      expect(rows.at(-1)).toMatchObject({ adminUsername: 'superadmin', resourceType: 'email', resourceId: logged });
      expect(JSON.stringify(rows.at(-1)!.details)).not.toContain('verify');
    }
  });

  it('answers 403 for an ADMIN and for texts that were delivered or never sent, 404 for unknown ids', async () => {
    expect((await as('ADMIN', 'GET', `${BASE}/${logged}`)).status).toBe(403);
    for (const id of [sent, failed]) {
      const res = await as('SUPER_ADMIN', 'GET', `${BASE}/${id}`);
      expect(res.status).toBe(403);
      expect(res.json.message).toBe(M.textUnavailable);
    }
    expect((await as('SUPER_ADMIN', 'GET', `${BASE}/8d1c6e9e-0000-4000-8000-000000000000`)).status).toBe(404);
    expect((await as('SUPER_ADMIN', 'GET', `${BASE}/not-a-uuid`)).status).toBe(404);
    expect(await activity('EMAIL_VIEWED')).toHaveLength(0);
  });

  it('queues a failed e-mail again for one more attempt, recorded; other statuses 409', async () => {
    expect((await as('ADMIN', 'POST', `${BASE}/${failed}/retry`)).status).toBe(403);
    for (const id of [sent, logged]) {
      const res = await as('SUPER_ADMIN', 'POST', `${BASE}/${id}/retry`);
      expect(res.status).toBe(409);
      expect(res.json.message).toBe(M.retryNotFailed);
    }
    expect((await as('SUPER_ADMIN', 'POST', `${BASE}/8d1c6e9e-0000-4000-8000-000000000000/retry`)).status).toBe(404);

    const res = await as('SUPER_ADMIN', 'POST', `${BASE}/${failed}/retry`);
    expect(res.status).toBe(200);
    expect(res.json.message).toBe(M.retried);
    expect(outboxEmailSchema.parse(res.json.data)).toMatchObject({
      status: 'PENDING',
      attempts: EMAIL_MAX_ATTEMPTS,
      nextAttemptAt: t.clock.now().toISOString(),
    });
    expect(await activity('EMAIL_RETRIED')).toEqual([
      expect.objectContaining({ adminUsername: 'superadmin', resourceId: failed }),
    ]);
    // Retried twice in a row: the second finds it queued.
    expect((await as('SUPER_ADMIN', 'POST', `${BASE}/${failed}/retry`)).status).toBe(409);

    // Due at once: the next sweep sends it.
    const delivered: string[] = [];
    await deliverDueEmails(t.deps, { sendMail: async (mail) => delivered.push(mail.to) });
    expect(delivered).toEqual(['fran.failed@example.org']);
    const [row] = await t.deps.db.select().from(emailOutbox).where(eq(emailOutbox.id, failed));
    expect(row).toMatchObject({ status: 'SENT', attempts: EMAIL_MAX_ATTEMPTS + 1 });
  });

  it('fails a retried e-mail again after its one extra attempt', async () => {
    await as('SUPER_ADMIN', 'POST', `${BASE}/${failed}/retry`);
    await deliverDueEmails(t.deps, {
      sendMail: async () => {
        throw new Error('still down');
      },
    });
    const [row] = await t.deps.db.select().from(emailOutbox).where(eq(emailOutbox.id, failed));
    expect(row).toMatchObject({ status: 'FAILED', attempts: EMAIL_MAX_ATTEMPTS + 1, lastError: 'still down' });
  });

  it('queues an unconfirmed e-mail again only when the operator asks, clearing its hand-over', async () => {
    await t.deps.db
      .update(emailOutbox)
      .set({ status: 'UNCONFIRMED', handedOverAt: t.clock.now() })
      .where(eq(emailOutbox.id, failed));
    const listed = await as('SUPER_ADMIN', 'GET', `${BASE}?status=unconfirmed`);
    expect(listed.json.data.emails.map((e: { id: string }) => e.id)).toEqual([failed]);
    const res = await as('SUPER_ADMIN', 'POST', `${BASE}/${failed}/retry`);
    expect(res.status).toBe(200);
    const [row] = await t.deps.db.select().from(emailOutbox).where(eq(emailOutbox.id, failed));
    expect(row).toMatchObject({ status: 'PENDING', handedOverAt: null });
    const [entry] = await activity('EMAIL_RETRIED');
    expect(entry?.details).toMatchObject({ changes: { status: { before: 'UNCONFIRMED', after: 'PENDING' } } });
  });
});
