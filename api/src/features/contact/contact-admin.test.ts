import { parse } from 'csv-parse/sync';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminActivity, adminUsers, contactSubmissions, emailOutbox } from '@ledgerwell/db/schema';
import { ADMIN_ROLES, type AdminRole } from '@ledgerwell/shared/admin-auth';
import { CONTACT_ADMIN_MESSAGES as M } from '@ledgerwell/shared/contact-admin';
import { fieldContext } from '../../lib/field-encryption';
import { startIntercomStub } from '../../test/intercom-stub';
import { createAdminUser, createTestApp, loginToken, type TestApp } from '../../test/test-app';
import { EXPORT_PAGE_ROWS } from './export-submissions';

const PASSWORD = 'Correct-Horse-7';
const BASE = '/api/admin/contact-submissions';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

type Seed = Partial<typeof contactSubmissions.$inferInsert>;

describe('contact submissions (admin)', () => {
  let t: TestApp;
  const tokens = {} as Record<AdminRole, string>;
  const ids = {} as Record<AdminRole, string>;

  const as = (role: AdminRole | null, method: string, url: string, body?: unknown) =>
    t.request(method, url, { ...(role ? { token: tokens[role] } : {}), ...(body === undefined ? {} : { body }) });

  let seq = 0;
  /** A submission written directly, `minutesAgo` before the test clock (a second apart by default). */
  async function seed(fields: Seed = {}, minutesAgo = ++seq) {
    const [row] = await t.deps.db
      .insert(contactSubmissions)
      .values({
        name: 'Dana Whitfield',
        email: 'dana@example.com',
        message: 'Please walk us through DWAC transfers.',
        createdAt: new Date(t.clock.now().getTime() - minutesAgo * 60_000),
        ...fields,
      })
      .returning();
    return row!;
  }
  const activity = (action: string) =>
    t.deps.db.select().from(adminActivity).where(eq(adminActivity.actionType, action)).orderBy(asc(adminActivity.id));

  beforeEach(async () => {
    t = await createTestApp();
    for (const role of ADMIN_ROLES) {
      const username = role.toLowerCase().replace('_', '');
      ids[role] = (await createAdminUser(t.deps, { username, password: PASSWORD, role })).id;
      tokens[role] = await loginToken(t, username, PASSWORD);
    }
  });
  afterEach(() => t.close());

  it('lets every role read, REVIEWER and up change, ADMIN and up export, and nobody in without a session', async () => {
    const row = await seed();
    const reads: [string, string, unknown?][] = [
      ['GET', BASE],
      ['GET', `${BASE}/stats`],
      ['GET', `${BASE}/assignees`],
      ['GET', `${BASE}/${row.id}`],
    ];
    const changes: [string, string, unknown?][] = [
      ['PUT', `${BASE}/${row.id}/status`, { status: 'IN_PROGRESS' }],
      ['PUT', `${BASE}/${row.id}/notes`, { adminNotes: 'Called back' }],
      ['PUT', `${BASE}/${row.id}/assign`, { assignedTo: null }],
      // Nothing is configured to forward to: an allowed caller gets 409, a refused one 403 first.
      ['POST', `${BASE}/${row.id}/retry-forward`],
    ];
    const exports: [string, string, unknown?][] = [['GET', `${BASE}/export/csv`]];
    const expected = (route: unknown[], role: AdminRole | null) => {
      if (!role) return 401;
      if (exports.includes(route as never)) return role === 'ADMIN' || role === 'SUPER_ADMIN' ? 200 : 403;
      if (changes.includes(route as never)) {
        if (role === 'READ_ONLY') return 403;
        return (route[1] as string).endsWith('retry-forward') ? 409 : 200;
      }
      return 200;
    };
    for (const route of [...reads, ...changes, ...exports]) {
      for (const role of [...ADMIN_ROLES, null]) {
        const res = await as(role, route[0] as string, route[1] as string, route[2]);
        expect({ route: `${route[0]} ${route[1]}`, role, status: res.status }).toEqual({
          route: `${route[0]} ${route[1]}`,
          role,
          status: expected(route, role),
        });
      }
    }
  });

  it('lists newest first, 20 a page, with the pagination the screen reads, and refuses a page beyond the paging depth', async () => {
    for (let i = 0; i < 45; i++) await seed({ name: `Person ${String(i).padStart(2, '0')}` }, i + 1);
    const first = await as('READ_ONLY', 'GET', BASE);
    expect(first.status).toBe(200);
    expect(first.json.data.pagination).toEqual({ page: 1, limit: 20, totalPages: 3, totalCount: 45 });
    expect(first.json.data.submissions).toHaveLength(20);
    expect(first.json.data.submissions[0]).toMatchObject({
      name: 'Person 00',
      status: 'UNREAD',
      inquiryType: 'GENERAL',
      sentToIntercom: false,
      assignedTo: null,
    });
    const third = await as('READ_ONLY', 'GET', `${BASE}?page=3`);
    expect(third.json.data.submissions.map((s: { name: string }) => s.name)).toEqual([
      'Person 40',
      'Person 41',
      'Person 42',
      'Person 43',
      'Person 44',
    ]);
    const beyond = await as('READ_ONLY', 'GET', `${BASE}?page=9`);
    expect(beyond.json.data).toMatchObject({ submissions: [], pagination: { page: 9, totalCount: 45, totalPages: 3 } });
    expect((await as('READ_ONLY', 'GET', `${BASE}?limit=5&page=2`)).json.data.pagination).toEqual({
      page: 2,
      limit: 5,
      totalPages: 9,
      totalCount: 45,
    });
    expect((await as('READ_ONLY', 'GET', `${BASE}?limit=101`)).status).toBe(400);
    expect((await as('READ_ONLY', 'GET', `${BASE}?page=10000&limit=20`)).status).toBe(400);
    expect((await as('READ_ONLY', 'GET', `${BASE}?status=NOPE`)).json.errors).toEqual({ status: M.statusInvalid });
  });

  it('filters by status and inquiry type (in any case, blank meaning all) and searches the beginnings of words of name, e-mail and company', async () => {
    await seed({
      name: 'Dana Whitfield',
      email: 'dana@whitfield.example',
      company: 'Acme Holdings',
      inquiryType: 'SALES',
    });
    await seed({
      name: 'Marcus Bell',
      email: 'mbell@bellfamily.org',
      company: null,
      status: 'RESPONDED',
      inquiryType: 'SUPPORT',
    });
    await seed({
      name: 'Zoë Ångström',
      email: 'zoe+ir@nordic-capital.se',
      company: 'Nordic Capital AB',
      status: 'SPAM',
    });
    const names = async (query: string) =>
      ((await as('REVIEWER', 'GET', `${BASE}?${query}`)).json.data.submissions as { name: string }[])
        .map((s) => s.name)
        .sort();

    expect(await names('status=RESPONDED')).toEqual(['Marcus Bell']);
    expect(await names('status=spam')).toEqual(['Zoë Ångström']);
    expect(await names('inquiryType=SALES')).toEqual(['Dana Whitfield']);
    expect(await names('status=&inquiryType=')).toHaveLength(3);
    expect(await names('status=UNREAD&inquiryType=SALES')).toEqual(['Dana Whitfield']);
    expect(await names('status=UNREAD&inquiryType=SUPPORT')).toEqual([]);

    expect(await names('search=whit')).toEqual(['Dana Whitfield']);
    expect(await names('search=dana%20whit')).toEqual(['Dana Whitfield']);
    expect(await names('search=ACME')).toEqual(['Dana Whitfield']);
    expect(await names('search=bellfamily.org')).toEqual(['Marcus Bell']);
    expect(await names('search=mbell%40bellfamily.org')).toEqual(['Marcus Bell']);
    expect(await names('search=nordic')).toEqual(['Zoë Ångström']);
    expect(await names('search=zo%C3%AB')).toEqual(['Zoë Ångström']);
    expect(await names('search=capital%20ab')).toEqual(['Zoë Ångström']);
    expect(await names('search=nobody')).toEqual([]);
    expect(await names('search=%40%40%40')).toEqual([]);
    expect(await names('search=bell&status=SPAM')).toEqual([]);
    expect((await as('REVIEWER', 'GET', `${BASE}?search=${'x'.repeat(101)}`)).json.errors).toEqual({
      search: M.searchTooLong,
    });
  });

  it('counts totals, the last 7 days, forwarded ones, by status and by type', async () => {
    await seed({ sentToIntercom: true, intercomId: 'conv_1', forwardStatus: 'SENT', inquiryType: 'SALES' });
    await seed({ status: 'READ' });
    await seed({ status: 'READ', inquiryType: 'PARTNERSHIP' }, 8 * 24 * 60);
    const res = await as('READ_ONLY', 'GET', `${BASE}/stats`);
    expect(res.json.data).toEqual({
      total: 3,
      recentCount: 2,
      intercomIntegrated: 1,
      byStatus: { UNREAD: 1, READ: 2, IN_PROGRESS: 0, RESPONDED: 0, ARCHIVED: 0, SPAM: 0 },
      byInquiryType: { GENERAL: 1, SALES: 1, SUPPORT: 0, PARTNERSHIP: 1 },
    });
  });

  it('marks an UNREAD submission READ when it is opened, and records every opening', async () => {
    const row = await seed({ phone: '+1 555 010 2000', company: 'Acme' });
    const opened = await as('READ_ONLY', 'GET', `${BASE}/${row.id}`);
    expect(opened.status).toBe(200);
    expect(opened.json.data).toMatchObject({
      id: row.id,
      status: 'READ',
      phone: '+1 555 010 2000',
      company: 'Acme',
      message: row.message,
    });
    const [stored] = await t.deps.db.select().from(contactSubmissions).where(eq(contactSubmissions.id, row.id));
    expect(stored!.status).toBe('READ');
    expect((await as('REVIEWER', 'GET', `${BASE}/${row.id}`)).json.data.status).toBe('READ');
    const views = await activity('CONTACT_VIEWED');
    expect(views).toHaveLength(2);
    expect(views[0]).toMatchObject({
      adminUsername: 'readonly',
      resourceType: 'contact_submission',
      resourceId: row.id,
    });
    expect(views[0]!.details).toMatchObject({ changes: { status: { before: 'UNREAD', after: 'READ' } } });
    expect(views[1]!.details).not.toHaveProperty('changes');

    const archived = await seed({ status: 'ARCHIVED' });
    expect((await as('READ_ONLY', 'GET', `${BASE}/${archived.id}`)).json.data.status).toBe('ARCHIVED');
    expect((await as('READ_ONLY', 'GET', `${BASE}/${UNKNOWN_ID}`)).json).toMatchObject({
      code: 'NOT_FOUND',
      message: M.notFound,
    });
    expect((await as('READ_ONLY', 'GET', `${BASE}/not-a-uuid`)).status).toBe(404);
  });

  it('sets any status, stamps respondedAt when it becomes RESPONDED, and records before and after', async () => {
    const row = await seed();
    const progress = await as('REVIEWER', 'PUT', `${BASE}/${row.id}/status`, { status: 'in_progress' });
    expect(progress.status).toBe(200);
    expect(progress.json).toMatchObject({
      message: M.statusUpdated,
      data: { status: 'IN_PROGRESS', respondedAt: null },
    });

    const responded = await as('REVIEWER', 'PUT', `${BASE}/${row.id}/status`, { status: 'RESPONDED' });
    expect(responded.json.data.respondedAt).toBe(t.clock.now().toISOString());
    t.clock.advance(60_000);
    // The same status again changes nothing and records nothing; respondedAt keeps the first answer.
    expect(
      (await as('REVIEWER', 'PUT', `${BASE}/${row.id}/status`, { status: 'RESPONDED' })).json.data.respondedAt,
    ).toBe(responded.json.data.respondedAt);
    // Any status from any other (spec 4), back to UNREAD too.
    expect((await as('ADMIN', 'PUT', `${BASE}/${row.id}/status`, { status: 'UNREAD' })).json.data).toMatchObject({
      status: 'UNREAD',
      respondedAt: responded.json.data.respondedAt,
    });

    const rows = await activity('CONTACT_STATUS_CHANGED');
    expect(rows.map((r) => r.details)).toEqual([
      expect.objectContaining({ changes: { status: { before: 'UNREAD', after: 'IN_PROGRESS' } } }),
      expect.objectContaining({
        changes: {
          status: { before: 'IN_PROGRESS', after: 'RESPONDED' },
          respondedAt: { before: null, after: responded.json.data.respondedAt },
        },
      }),
      expect.objectContaining({ changes: { status: { before: 'RESPONDED', after: 'UNREAD' } } }),
    ]);
    expect(rows[0]).toMatchObject({ adminUsername: 'reviewer', resourceId: row.id });

    expect((await as('REVIEWER', 'PUT', `${BASE}/${row.id}/status`, { status: 'DONE' })).json.errors).toEqual({
      status: M.statusInvalid,
    });
    expect((await as('REVIEWER', 'PUT', `${BASE}/${UNKNOWN_ID}/status`, { status: 'READ' })).status).toBe(404);
  });

  it('saves and clears notes, with before and after in the activity log', async () => {
    const row = await seed();
    expect(
      (await as('REVIEWER', 'PUT', `${BASE}/${row.id}/notes`, { adminNotes: 'Called, left a voicemail' })).json,
    ).toMatchObject({
      message: M.notesUpdated,
      data: { adminNotes: 'Called, left a voicemail' },
    });
    expect(
      (await as('REVIEWER', 'PUT', `${BASE}/${row.id}/notes`, { adminNotes: '  ' })).json.data.adminNotes,
    ).toBeNull();
    expect(
      (await as('REVIEWER', 'PUT', `${BASE}/${row.id}/notes`, { adminNotes: 'x'.repeat(5001) })).json.errors,
    ).toEqual({ adminNotes: M.notesTooLong });
    expect((await activity('CONTACT_NOTES_UPDATED')).map((r) => (r.details as { changes: unknown }).changes)).toEqual([
      { adminNotes: { before: null, after: 'Called, left a voicemail' } },
      { adminNotes: { before: 'Called, left a voicemail', after: null } },
    ]);
  });

  it('assigns an active admin or nobody, refuses anyone else on the field, and lists who can be assigned', async () => {
    const row = await seed();
    const assigned = await as('REVIEWER', 'PUT', `${BASE}/${row.id}/assign`, { assignedTo: ids.ADMIN });
    expect(assigned.status).toBe(200);
    expect(assigned.json.data).toMatchObject({ assignedTo: ids.ADMIN, assignedToName: 'Test admin' });
    expect((await as('READ_ONLY', 'GET', BASE)).json.data.submissions[0]).toMatchObject({
      assignedTo: ids.ADMIN,
      assignedToName: 'Test admin',
    });

    const inactive = await createAdminUser(t.deps, {
      username: 'gone',
      password: PASSWORD,
      role: 'REVIEWER',
      isActive: false,
    });
    for (const assignedTo of [inactive.id, UNKNOWN_ID, 'someone']) {
      const refused = await as('REVIEWER', 'PUT', `${BASE}/${row.id}/assign`, { assignedTo });
      expect(refused.status).toBe(400);
      expect(refused.json.errors).toEqual({ assignedTo: M.assigneeUnknown });
    }
    expect(
      (await as('REVIEWER', 'PUT', `${BASE}/${row.id}/assign`, { assignedTo: null })).json.data.assignedTo,
    ).toBeNull();

    const records = await activity('CONTACT_ASSIGNED');
    expect(records.map((r) => r.details)).toEqual([
      expect.objectContaining({
        changes: { assignedTo: { before: null, after: ids.ADMIN } },
        assignee: { before: null, after: 'admin' },
      }),
      expect.objectContaining({
        changes: { assignedTo: { before: ids.ADMIN, after: null } },
        assignee: { before: 'admin', after: null },
      }),
    ]);

    const assignees = await as('READ_ONLY', 'GET', `${BASE}/assignees`);
    expect(assignees.json.data.map((a: { id: string }) => a.id).sort()).toEqual(Object.values(ids).sort());
    expect(assignees.json.data).toContainEqual({ id: ids.REVIEWER, name: 'Test reviewer (reviewer)' });
  });

  describe('CSV export', () => {
    const exportCsv = (query = '') =>
      t.app.request(`${BASE}/export/csv${query}`, { headers: { Authorization: `Bearer ${tokens.ADMIN}` } });
    const records = (text: string) => parse(text, { bom: true, columns: true }) as Record<string, string>[];

    it('is RFC 4180 in UTF-8 with a BOM, named by the date, and keeps quotes, commas, line breaks and accents through a parser', async () => {
      await seed({
        name: 'Zoë "Zo" Ångström',
        email: 'zoe@example.se',
        company: 'Nordic, Capital & Co',
        message: 'Line one\nLine two, with "quotes"\r\nand a café',
        adminNotes: 'Straße',
        sentToIntercom: true,
        intercomId: 'conv_42',
      });
      const res = await exportCsv();
      expect(res.status).toBe(200);
      expect(res.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
      expect(res.headers.get('Content-Disposition')).toBe(
        `attachment; filename="contact-submissions-${t.clock.now().toISOString().slice(0, 10)}.csv"`,
      );
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
      expect(text.slice(1).split('\r\n')[0]).toBe(
        'ID,Date,Name,Email,Company,Phone,Inquiry Type,Status,Message,Admin Notes,Assigned To,Sent to Messaging Service,External ID,Responded At',
      );
      const [row] = records(text);
      expect(row).toMatchObject({
        Name: 'Zoë "Zo" Ångström',
        Company: 'Nordic, Capital & Co',
        Message: 'Line one\nLine two, with "quotes"\r\nand a café',
        'Admin Notes': 'Straße',
        'Sent to Messaging Service': 'Yes',
        'External ID': 'conv_42',
        Phone: '',
        Status: 'UNREAD',
      });
    });

    it('puts an apostrophe before a cell that a spreadsheet would run as a formula', async () => {
      const dangerous = ['=HYPERLINK("http://evil.example","x")', '+1+1', '-2+3', '@SUM(A1)', '\tindent', '\rreturn'];
      for (const [i, message] of dangerous.entries())
        await seed({ name: `Row ${i}`, message: `${message} padding text`, company: message }, i + 1);
      const rows = records(await (await exportCsv()).text());
      expect(rows.map((r) => r.Message)).toEqual(dangerous.map((m) => `'${m} padding text`));
      expect(rows.map((r) => r.Company)).toEqual(dangerous.map((m) => `'${m}`));
      expect(rows.map((r) => r.Name)).toEqual(dangerous.map((_, i) => `Row ${i}`));
    });

    it('holds exactly the rows the filters match, and records the export with its filters and row count', async () => {
      await seed({ name: 'Sales Unread', inquiryType: 'SALES' });
      await seed({ name: 'Sales Responded', inquiryType: 'SALES', status: 'RESPONDED' });
      await seed({ name: 'Support Responded Acme', inquiryType: 'SUPPORT', status: 'RESPONDED', company: 'Acme' });
      const names = async (query: string) => records(await (await exportCsv(query)).text()).map((r) => r.Name);
      expect(await names('?status=RESPONDED')).toEqual(['Sales Responded', 'Support Responded Acme']);
      expect(await names('?inquiryType=sales&page=2&limit=1')).toEqual(['Sales Unread', 'Sales Responded']);
      expect(await names('?search=acme')).toEqual(['Support Responded Acme']);
      expect(await names('?status=SPAM')).toEqual([]);
      // No match: the header alone.
      const headerOnly = new TextDecoder('utf-8', { ignoreBOM: true }).decode(
        await (await exportCsv('?status=ARCHIVED')).arrayBuffer(),
      );
      expect(headerOnly).toMatch(/^\uFEFFID,Date,Name,[^\r\n]*Responded At\r\n$/);
      expect(await names('')).toHaveLength(3);
      expect((await exportCsv('?status=NOPE')).status).toBe(400);

      const exports = await activity('CONTACT_EXPORTED');
      expect(exports.map((r) => r.details)).toEqual([
        expect.objectContaining({ filters: { status: 'RESPONDED' }, rowCount: 2 }),
        expect.objectContaining({ filters: { inquiryType: 'SALES' }, rowCount: 2 }),
        expect.objectContaining({ filters: { search: 'acme' }, rowCount: 1 }),
        expect.objectContaining({ filters: { status: 'SPAM' }, rowCount: 0 }),
        expect.objectContaining({ filters: { status: 'ARCHIVED' }, rowCount: 0 }),
        expect.objectContaining({ filters: {}, rowCount: 3 }),
      ]);
      expect(exports[0]).toMatchObject({ adminUsername: 'admin', resourceType: 'contact_submission' });
    });

    it('walks keyset pages past ties in the date without losing or repeating a row', async () => {
      const total = EXPORT_PAGE_ROWS * 2 + 7;
      // Many rows share one instant (to the microsecond), others differ by microseconds only.
      await t.deps.db.execute(sql`
        insert into contact_submissions (name, email, message, created_at)
        select 'Bulk ' || g, 'bulk' || g || '@example.com', 'A message long enough',
               ${t.clock.now().toISOString()}::timestamptz - interval '1 hour' - (g % 3) * interval '1 microsecond'
        from generate_series(1, ${total}) as g`);
      const rows = records(await (await exportCsv()).text());
      expect(rows).toHaveLength(total);
      expect(new Set(rows.map((r) => r.ID)).size).toBe(total);
      const [count] = await t.deps.db
        .select({ n: sql<number>`count(*)::int` })
        .from(contactSubmissions)
        .where(and(eq(contactSubmissions.status, 'UNREAD')));
      expect(count!.n).toBe(total);
    });
  });

  it('queues a staff e-mail in the same transaction as each new submission when CONTACT_NOTIFY_TO is set (no message body)', async () => {
    const post = (target: TestApp) =>
      target.request('POST', '/api/contact', {
        body: {
          name: 'Dana Whitfield',
          email: 'dana@example.com',
          company: 'Acme Corp',
          message: 'Secret details about my holdings.',
          inquiryType: 'SALES',
        },
      });
    expect((await post(t)).status).toBe(201);
    expect(await t.deps.db.select().from(emailOutbox)).toHaveLength(0);

    const notified = await createTestApp({
      env: { CONTACT_NOTIFY_TO: 'ir-desk@ledgerwell.example', PUBLIC_URL: 'https://portal.ledgerwell.example' },
    });
    try {
      const res = await post(notified);
      expect(res.status).toBe(201);
      const mails = await notified.deps.db.select().from(emailOutbox);
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({
        toAddress: 'ir-desk@ledgerwell.example',
        kind: 'CONTACT_SUBMITTED',
        relatedId: res.json.id,
        subject: 'New contact submission from Dana Whitfield',
      });
      const body = notified.deps.cipher.decrypt(mails[0]!.bodyEncrypted, fieldContext.emailBody(mails[0]!.id));
      expect(body).toContain('Name: Dana Whitfield');
      expect(body).toContain('Company: Acme Corp');
      expect(body).toContain('Inquiry type: SALES');
      expect(body).toContain('https://portal.ledgerwell.example/admin/contact-submissions');
      expect(body).not.toContain('Secret details');
    } finally {
      await notified.close();
    }
  });

  it('refuses a bad CONTACT_NOTIFY_TO at start', async () => {
    const { loadConfig } = await import('../../config/env');
    expect(() => loadConfig({ CONTACT_NOTIFY_TO: 'not an address' })).toThrow(/CONTACT_NOTIFY_TO/);
  });
});

describe('retry forwarding (admin)', () => {
  let stub: Awaited<ReturnType<typeof startIntercomStub>>;
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    stub = await startIntercomStub();
  });
  afterAll(() => stub.close());
  beforeEach(async () => {
    stub.setMode('ok');
    t = await createTestApp({ env: { INTERCOM_ACCESS_TOKEN: 'test-intercom-token', INTERCOM_API_URL: stub.url } });
    await createAdminUser(t.deps, { username: 'reviewer', password: PASSWORD, role: 'REVIEWER' });
    token = await loginToken(t, 'reviewer', PASSWORD);
  });
  afterEach(() => t.close());

  const failed = async () => {
    const [row] = await t.deps.db
      .insert(contactSubmissions)
      .values({
        name: 'Dana',
        email: 'dana@example.com',
        message: 'Hello there, a long message',
        forwardStatus: 'FAILED',
        forwardAttempts: 8,
        lastForwardError: 'HTTP 500',
      })
      .returning();
    return row!;
  };

  it('forwards a failed submission at once and records it; a second failure leaves it to the sweep', async () => {
    const row = await failed();
    const res = await t.request('POST', `${BASE}/${row.id}/retry-forward`, { token });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ message: M.retrySent, data: { sentToIntercom: true, forwardStatus: 'SENT' } });
    expect(res.json.data.intercomId).toMatch(/^conv_/);
    const [retried] = await t.deps.db
      .select()
      .from(adminActivity)
      .where(eq(adminActivity.actionType, 'CONTACT_FORWARD_RETRIED'));
    expect(retried!.details).toMatchObject({
      changes: {
        forwardStatus: { before: 'FAILED', after: 'PENDING_RETRY' },
        forwardAttempts: { before: 8, after: 0 },
      },
      lastForwardError: 'HTTP 500',
    });

    // Already sent: nothing to retry.
    expect((await t.request('POST', `${BASE}/${row.id}/retry-forward`, { token })).json).toMatchObject({
      code: 'CONFLICT',
      message: M.retryNotFailed,
    });

    stub.setMode('error');
    const again = await failed();
    const queued = await t.request('POST', `${BASE}/${again.id}/retry-forward`, { token });
    expect(queued.json).toMatchObject({
      message: M.retryQueued,
      data: { forwardStatus: 'PENDING_RETRY', sentToIntercom: false },
    });
    const [stored] = await t.deps.db.select().from(contactSubmissions).where(eq(contactSubmissions.id, again.id));
    expect(stored).toMatchObject({ forwardAttempts: 1 });
    expect(stored!.nextForwardAt!.getTime()).toBeGreaterThan(t.clock.now().getTime());
  });

  it('answers 404 for an unknown submission', async () => {
    expect((await t.request('POST', `${BASE}/${UNKNOWN_ID}/retry-forward`, { token })).status).toBe(404);
    expect(await t.deps.db.select().from(adminUsers).where(eq(adminUsers.username, 'reviewer'))).toHaveLength(1);
  });
});
