import { QUESTIONS_LINE } from '@ledgerwell/shared/contact-facts';
import { REQUEST_CURSOR_MESSAGES } from '@ledgerwell/shared/request-cursor';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import { usFederalHolidays } from '@ledgerwell/db/us-federal-holidays';
import { BUSINESS_TIMEZONE, businessDaysBetween } from './business-time';
import {
  adminActivity,
  adminUsers,
  emailOutbox,
  requestHistory,
  shareholderAccounts,
  shareholderRequests,
} from '@ledgerwell/db/schema';
import {
  REVIEW_MESSAGES as M,
  STATUS_ACTIONS,
  activityEntrySchema,
  requestDetailResponseSchema,
  requestListResponseSchema,
  type StatusAction,
} from '@ledgerwell/shared/request-review';
import { REQUEST_STATUSES, REQUEST_TYPES, type RequestStatus } from '@ledgerwell/shared/portal-requests';
import { portalFixtures } from '../../test/portal-fixtures';
import { createAdminUser, createTestApp, loginToken, type TestApp } from '../../test/test-app';
import { fieldContext } from '../../lib/field-encryption';

describe('admin request review API', () => {
  let t: TestApp;
  let admin: string;
  let reviewer: string;
  let readOnly: string;
  let portal: ReturnType<typeof portalFixtures>;
  let holder: string;

  async function signInStaff() {
    admin = await loginToken(t, 'alice', 'Correct-Horse-7');
    reviewer = await loginToken(t, 'rita', 'Correct-Horse-7');
    readOnly = await loginToken(t, 'olga', 'Correct-Horse-7');
  }

  beforeEach(async () => {
    t = await createTestApp();
    await createAdminUser(t.deps, { username: 'alice', password: 'Correct-Horse-7', role: 'ADMIN' });
    await createAdminUser(t.deps, { username: 'rita', password: 'Correct-Horse-7', role: 'REVIEWER' });
    await createAdminUser(t.deps, { username: 'olga', password: 'Correct-Horse-7', role: 'READ_ONLY' });
    await signInStaff();
    portal = portalFixtures(t);
    await portal.seed();
    holder = await portal.signIn();
  });
  afterEach(() => t.close());

  /** Moves time on by whole hours; admin sessions end after 30 idle minutes, so the staff sign in again. */
  const passHours = async (n: number) => {
    t.clock.advance(n * 60 * 60 * 1000);
    await signInStaff();
  };

  const get = (path: string, token = admin) => t.request('GET', `/api/admin${path}`, { token });
  const send = (method: string, path: string, body?: unknown, token = reviewer) =>
    t.request(method, `/api/admin${path}`, { token, ...(body === undefined ? {} : { body }) });
  const status = (id: string, value: string, notes?: string, token = reviewer) =>
    send('PUT', `/requests/${id}/status`, { status: value, ...(notes ? { notes } : {}) }, token);
  const statusOf = async (id: string) =>
    (await t.deps.db.select().from(shareholderRequests).where(eq(shareholderRequests.id, id)))[0]!.status;
  const detailOf = async (id: string) => (await get(`/requests/${id}`)).json.data;
  const documentsOf = async (id: string) =>
    (await detailOf(id)).verificationDocuments as { id: string; type: string; status: string }[];
  const reviewDocument = (
    id: string,
    documentId: string,
    decision: { status: string; rejectionReason?: string },
    token = reviewer,
  ) => send('PUT', `/requests/${id}/documents/${documentId}/status`, decision, token);
  const approveAllDocuments = async (id: string, token = reviewer) => {
    for (const document of await documentsOf(id)) await reviewDocument(id, document.id, { status: 'APPROVED' }, token);
  };
  const viewImage = async (id: string, imageType: string, token = admin) =>
    t.app.request(`/api/admin/requests/${id}/verification/${imageType}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
  const submittedTransfer = async () => {
    const transfer = await portal.transfer(holder);
    await portal.uploadAll(transfer.code!);
    return transfer;
  };
  /** A request put straight into `status` in the database, as a support script would. */
  const requestAt = async (type: 'INQUIRY' | 'TRANSFER', at: RequestStatus) => {
    const request = type === 'TRANSFER' ? await portal.transfer(holder) : await portal.inquiry(holder);
    await t.deps.db.update(shareholderRequests).set({ status: at }).where(eq(shareholderRequests.id, request.id));
    return request;
  };
  /** The e-mails of one kind queued about a request, decrypted. */
  const mailsOf = async (id: string, kind: string) =>
    (
      await t.deps.db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.relatedId, id), eq(emailOutbox.kind, kind)))
    ).map((mail) => ({ ...mail, body: t.deps.cipher.decrypt(mail.bodyEncrypted, fieldContext.emailBody(mail.id)) }));
  /** How many records writes have left on a request: activity rows, history lines and e-mails. */
  const recordsOf = async (id: string) => ({
    activity: (
      await t.deps.db.select({ id: adminActivity.id }).from(adminActivity).where(eq(adminActivity.resourceId, id))
    ).length,
    history: (
      await t.deps.db.select({ id: requestHistory.id }).from(requestHistory).where(eq(requestHistory.requestId, id))
    ).length,
    emails: (await t.deps.db.select({ id: emailOutbox.id }).from(emailOutbox).where(eq(emailOutbox.relatedId, id)))
      .length,
  });

  describe('list', () => {
    it('filters by status and type in any case, searches code, name and reference, sorts and pages', async () => {
      const first = await portal.inquiry(holder);
      t.clock.advance(1000);
      const transfer = await portal.transfer(holder);
      t.clock.advance(1000);
      const other = await portal.signIn('DEMO01', '100200300');
      const dana = await portal.inquiry(other, 'Where is my certificate?');

      const all = await get('/requests');
      expect(requestListResponseSchema.parse(all.json)).toMatchObject({ total: 3, page: 1, totalPages: 1 });
      expect(all.json.requests.map((r: { id: string }) => r.id)).toEqual([dana.id, transfer.id, first.id]);

      // "Pending" means waiting for staff: PENDING, and transfers whose documents are in.
      expect((await get('/requests?status=pending')).json.total).toBe(2);
      expect((await get('/requests?status=awaiting_verification')).json.requests[0].id).toBe(transfer.id);
      await portal.uploadAll(transfer.code!);
      expect((await get('/requests?status=pending')).json.total).toBe(3);
      expect((await get('/requests?status=pending&search=demo02')).json.total).toBe(2);
      expect((await get('/requests?requestType=transfer')).json.total).toBe(1);
      expect((await get('/requests?search=demo01')).json.requests.map((r: { id: string }) => r.id)).toEqual([dana.id]);
      expect((await get('/requests?search=whitfield')).json.total).toBe(1);
      expect((await get('/requests?search=Dana%20whit')).json.total).toBe(1);
      expect((await get('/requests?search=hitfield')).json.total).toBe(0);
      expect(
        (await get(`/requests?search=${transfer.referenceNumber.toLowerCase()}`)).json.requests.map(
          (r: { id: string }) => r.id,
        ),
      ).toEqual([transfer.id]);
      expect((await get('/requests?search=50%25_')).json.total).toBe(0);
      // A code by its beginning only: DEMO0 holds DEMO01 and DEMO02, DEMO03 is no one's, EMO is inside.
      expect((await get('/requests?search=demo0')).json.total).toBe(3);
      expect((await get('/requests?search=demo03')).json.total).toBe(0);
      expect((await get('/requests?search=EMO02')).json.total).toBe(0);
      expect(
        (await get(`/requests?search=${transfer.referenceNumber.slice(0, -1)}`)).json.requests.map(
          (r: { id: string }) => r.id,
        ),
      ).toContain(transfer.id);
      // A reference by its type letters (TR, TR-2026), or by its own number with or without the zeros.
      const year = transfer.referenceNumber.split('-')[1];
      expect((await get('/requests?search=tr')).json.requests.map((r: { id: string }) => r.id)).toEqual([transfer.id]);
      expect((await get(`/requests?search=TR-${year}`)).json.requests.map((r: { id: string }) => r.id)).toEqual([
        transfer.id,
      ]);
      expect((await get('/requests?search=IQ-')).json.total).toBe(2);
      const number = transfer.referenceNumber.split('-')[2]!;
      expect((await get(`/requests?search=${Number(number)}`)).json.requests.map((r: { id: string }) => r.id)).toEqual([
        transfer.id,
      ]);
      expect((await get(`/requests?search=${number}`)).json.requests.map((r: { id: string }) => r.id)).toEqual([
        transfer.id,
      ]);
      expect((await get('/requests?search=999999')).json.total).toBe(0);
      expect((await get('/requests?sortBy=createdAt&sortOrder=ASC')).json.requests[0].id).toBe(first.id);
      expect((await get('/requests?sortBy=type&sortOrder=asc')).json.requests.at(-1).requestType).toBe('INQUIRY');

      const paged = await get('/requests?limit=2&page=2');
      expect(paged.json).toMatchObject({ total: 3, totalPages: 2, page: 2 });
      expect(paged.json.requests).toHaveLength(1);
      // Past the last page, of a broad and of a selective filter: no rows, the total still right.
      expect((await get('/requests?limit=2&page=3')).json).toMatchObject({
        requests: [],
        total: 3,
        totalPages: 2,
        page: 3,
      });
      expect((await get('/requests?search=demo02&page=2')).json).toMatchObject({
        requests: [],
        total: 2,
        totalPages: 1,
      });
      expect(
        (await get('/requests?search=demo02&sortBy=status&sortOrder=asc&limit=1&page=2')).json.requests,
      ).toHaveLength(1);
      expect((await get('/requests?limit=101')).status).toBe(400);
      expect((await get('/requests?status=lost')).status).toBe(400);
      expect((await get('/requests?date=today')).json.total).toBe(3);
      await t.deps.db
        .update(shareholderRequests)
        .set({ createdAt: new Date(t.clock.now().getTime() - 8 * 24 * 60 * 60 * 1000) })
        .where(eq(shareholderRequests.id, first.id));
      expect((await get('/requests?date=week')).json.total).toBe(2);
      expect((await get('/requests?date=today')).json.total).toBe(2);
    });

    it("answers the first page at the screens' page size exactly as pages of any other size read", async () => {
      // The first page at the default size is its own statement (LIMIT written in, no OFFSET).
      const first = await portal.inquiry(holder);
      t.clock.advance(1000);
      const transfer = await portal.transfer(holder);
      await portal.uploadAll(transfer.code!);
      t.clock.advance(1000);
      const other = await portal.signIn('DEMO01', '100200300');
      await portal.inquiry(other, 'Where is my certificate?');
      t.clock.advance(1000);
      // Ties in status and in type, broken by the date.
      await portal.inquiry(holder, 'And my dividend?');
      await status(first.id, 'PROCESSING');
      const ids = (json: { requests: { id: string }[] }) => json.requests.map((r) => r.id);
      type Row = { id: string; status: string; requestType: string; createdAt: string };
      // The sort column (statuses and types in their declared order, as PostgreSQL sorts enums), then
      // the date, then the id, all in the asked direction.
      const sortKey = (filters: string, row: Row) => {
        const sortBy = new URLSearchParams(filters).get('sortBy');
        const rank =
          sortBy === 'status'
            ? REQUEST_STATUSES.indexOf(row.status as never)
            : sortBy === 'type'
              ? REQUEST_TYPES.indexOf(row.requestType as never)
              : 0;
        return [String(rank).padStart(2, '0'), row.createdAt, row.id].join('|');
      };
      const filterSets = [
        '',
        'status=pending',
        'status=pending&sortOrder=asc',
        'sortBy=status&sortOrder=asc',
        'sortBy=status',
        'sortBy=type',
      ];
      filterSets.push(
        'requestType=inquiry&sortOrder=asc',
        'search=demo0',
        'search=demo0&sortBy=status',
        'date=today&sortBy=type&sortOrder=asc',
      );
      for (const filters of filterSets) {
        const page = (await get(`/requests?${filters}`)).json;
        expect(page.requests.length).toBeGreaterThan(0);
        const keys = page.requests.map((row: Row) => sortKey(filters, row));
        const ascending = [...keys].sort();
        expect(keys, filters).toEqual(filters.includes('sortOrder=asc') ? ascending : ascending.reverse());
        const oneByOne: string[] = [];
        for (let n = 1; n <= page.total; n++)
          oneByOne.push(...ids((await get(`/requests?${filters}&limit=1&page=${n}`)).json));
        expect(ids(page), filters).toEqual(oneByOne);
        expect(ids((await get(`/requests?${filters}&limit=2`)).json), filters).toEqual(oneByOne.slice(0, 2));
        expect((await get(`/requests?${filters}&limit=1`)).json.total, filters).toBe(page.total);
      }
    });

    it("answers later pages at the screens' page size as one long page reads them", async () => {
      // Pages at the default size have the LIMIT written in and bind only the offset.
      const other = await portal.signIn('DEMO01', '100200300');
      for (let n = 0; n < 23; n++) {
        await portal.inquiry(n % 2 ? holder : other, `Question ${n}`);
        t.clock.advance(1000);
      }
      const ids = (json: { requests: { id: string }[] }) => json.requests.map((r) => r.id);
      for (const filters of [
        '',
        'status=pending&sortOrder=asc',
        'sortBy=type',
        'search=demo0',
        'search=demo02&sortBy=status&sortOrder=asc',
      ]) {
        const all = ids((await get(`/requests?${filters}&limit=100`)).json);
        const second = (await get(`/requests?${filters}&page=2`)).json;
        expect(second.page, filters).toBe(2);
        expect(ids(second), filters).toEqual(all.slice(20, 40));
        expect(second.total, filters).toBe(all.length);
      }
    });

    it('pages by `after` (keyset) as one long page reads them, in every order and search (issue 29, item 17)', async () => {
      const other = await portal.signIn('DEMO01', '100200300');
      // DEMO01 files 2 of 13 requests: searched alone, its page is merged per holder; DEMO0 (both) is scanned.
      for (let n = 0; n < 12; n++) {
        await portal.inquiry(n % 6 ? holder : other, `Question ${n}`);
        // Two requests in the same microsecond: the id breaks the tie, and no row is skipped or repeated.
        if (n % 4) t.clock.advance(1000);
      }
      await status((await portal.inquiry(holder)).id, 'PROCESSING');
      const ids = (json: { requests: { id: string }[] }) => json.requests.map((r) => r.id);
      for (const filters of [
        '',
        'sortOrder=asc',
        'status=pending',
        'sortBy=status',
        'sortBy=type&sortOrder=asc',
        'requestType=inquiry',
        // A search by code and by name: many holders (the scan) and one holder (the per-holder merge).
        'search=demo0',
        'search=demo01',
        'search=demo0&sortOrder=asc',
        'search=whitfield',
      ]) {
        const all = ids((await get(`/requests?${filters}&limit=100`)).json);
        expect(all.length, filters).toBeGreaterThan(0);
        const walked: string[] = [];
        let after: string | null = null;
        for (let pages = 0; pages <= all.length; pages++) {
          const page: { json: { requests: { id: string }[]; nextCursor: string | null; total: number } } = await get(
            `/requests?${filters}&limit=2${after ? `&after=${encodeURIComponent(after)}` : ''}`,
          );
          expect(page.json.total, filters).toBe(all.length);
          walked.push(...ids(page.json));
          after = page.json.nextCursor;
          if (!after) break;
        }
        expect(walked, filters).toEqual(all);
      }
      // Page numbers give the cursor of their last row: the page after it by cursor is the next by number.
      const second = (await get('/requests?limit=3&page=2')).json;
      const third = (await get(`/requests?limit=3&after=${second.nextCursor}`)).json;
      expect(ids(third)).toEqual(ids((await get('/requests?limit=3&page=3')).json));
      expect((await get('/requests?limit=100')).json.nextCursor).toBeNull();
    });

    it('refuses a cursor it did not write, one from another order, and a cursor with a page number', async () => {
      const first = (await get('/requests?limit=1')).json;
      await portal.inquiry(holder);
      await portal.inquiry(holder);
      const cursor = (await get('/requests?limit=1')).json.nextCursor as string;
      expect(cursor).toMatch(/^\d+\.[0-9a-f-]{36}$/);
      const statusCursor = (await get('/requests?limit=1&sortBy=status')).json.nextCursor as string;
      expect(statusCursor).toMatch(/^PENDING\.\d+\.[0-9a-f-]{36}$/);
      for (const [query, message] of [
        ['after=1.2', REQUEST_CURSOR_MESSAGES.invalid],
        ["after=x'%3B--", REQUEST_CURSOR_MESSAGES.invalid],
        [`after=${'9'.repeat(200)}`, REQUEST_CURSOR_MESSAGES.invalid],
        [`after=${statusCursor}`, REQUEST_CURSOR_MESSAGES.invalid],
        [`after=${cursor}&sortBy=type`, REQUEST_CURSOR_MESSAGES.invalid],
        [`after=${cursor}&page=2`, REQUEST_CURSOR_MESSAGES.withPage],
      ]) {
        const refused = await get(`/requests?${query}`);
        expect(refused.status, query).toBe(400);
        expect(JSON.stringify(refused.json), query).toContain(message);
      }
      expect(first.nextCursor).toBeNull();
    });

    it('shows the verification column: Pending, then Submitted, then Verified', async () => {
      const transfer = await portal.transfer(holder);
      const row = async () => (await get('/requests?requestType=TRANSFER')).json.requests[0];
      expect((await row()).verification).toBe('PENDING');
      await portal.uploadAll(transfer.code!);
      expect(await row()).toMatchObject({ verification: 'SUBMITTED', verificationComplete: true });
      await approveAllDocuments(transfer.id);
      expect((await row()).verification).toBe('VERIFIED');
      expect(
        (await get('/requests?requestType=INQUIRY')).json.requests.every(
          (r: { verification: unknown }) => r.verification === null,
        ),
      ).toBe(true);
    });

    it('lists with flagged=false only the requests without a flag', async () => {
      const plain = await portal.inquiry(holder);
      const flagged = await portal.inquiry(holder);
      await send('POST', `/requests/${flagged.id}/flag`, { reason: 'Signature mismatch', priority: 'LOW' });
      const ids = async (query: string) =>
        (await get(`/requests?${query}`)).json.requests.map((r: { id: string }) => r.id);
      expect(await ids('flagged=false')).toEqual([plain.id]);
      expect(await ids('flagged=0&requestType=inquiry')).toEqual([plain.id]);
      expect(await ids('flagged=true')).toEqual([flagged.id]);
      expect((await get('/requests?flagged=false')).json.total).toBe(1);
    });
  });

  describe('status changes', () => {
    it('moves other types PENDING → PROCESSING → APPROVED, recording who, when, history, activity and an e-mail', async () => {
      const request = await portal.inquiry(holder);
      const processing = await status(request.id, 'PROCESSING');
      expect(processing.status).toBe(200);
      expect(processing.json.message).toBe('Request processing successfully');
      expect((await status(request.id, 'approved', 'All good')).json.message).toBe('Request approved successfully');

      // The answer has exactly the shape the details page parses (no defaults on the client).
      const answer = (await get(`/requests/${request.id}`)).json;
      requestDetailResponseSchema.parse(answer);
      const detail = answer.data;
      expect(detail).toMatchObject({ status: 'APPROVED', processedBy: 'rita', allowedStatusChanges: [] });
      expect(detail.processedAt).toBe(t.clock.now().toISOString());
      expect(detail.history.map((h: { action: string }) => h.action)).toEqual([
        'SUBMITTED',
        'STATUS_CHANGED',
        'STATUS_CHANGED',
      ]);
      expect(detail.history.at(-1)).toMatchObject({ user: 'rita', fromStatus: 'PROCESSING', toStatus: 'APPROVED' });
      const activity = await t.deps.db
        .select()
        .from(adminActivity)
        .where(eq(adminActivity.actionType, 'REQUEST_STATUS_CHANGED'));
      expect(activity.map((a) => a.details.to)).toEqual(['PROCESSING', 'APPROVED']);
      const mails = await t.deps.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'STATUS_CHANGED'));
      expect(mails).toHaveLength(2);
      expect(t.deps.cipher.decrypt(mails[1]!.bodyEncrypted, fieldContext.emailBody(mails[1]!.id))).toContain(
        `${request.referenceNumber} has been approved`,
      );
    });

    it('answers 409 naming what is allowed, and never reopens a final status', async () => {
      const request = await portal.inquiry(holder);
      await status(request.id, 'REJECTED', 'Duplicate of an earlier inquiry');
      const reopen = await status(request.id, 'APPROVED');
      expect(reopen.status).toBe(409);
      expect(reopen.json.message).toBe('This request cannot change from REJECTED to APPROVED: REJECTED is final.');
      expect((await status(request.id, 'cancelled')).json.errors).toEqual({ status: M.statusInvalid });
      expect(await statusOf(request.id)).toBe('REJECTED');
    });

    it('refuses every change the rules forbid with a 409 saying why, changing and recording nothing', async () => {
      const everything = [...STATUS_ACTIONS];
      const refusals: { type: 'INQUIRY' | 'TRANSFER'; from: RequestStatus; to: StatusAction[]; reason: string }[] = [
        ...(['APPROVED', 'REJECTED', 'COMPLETED', 'CANCELLED'] as const).map((from) => ({
          type: 'INQUIRY' as const,
          from,
          to: everything,
          reason: `${from} is final`,
        })),
        { type: 'TRANSFER', from: 'APPROVED', to: everything, reason: 'APPROVED is final' },
        { type: 'TRANSFER', from: 'CANCELLED', to: everything, reason: 'CANCELLED is final' },
        // A transfer before its documents (PENDING only by a support script): nothing to approve yet; waiting for
        // photos, it may only be turned down (issue 29).
        {
          type: 'TRANSFER',
          from: 'AWAITING_VERIFICATION',
          to: everything.filter((target) => target !== 'REJECTED'),
          reason: 'the identity documents are not in yet, so it can only be rejected',
        },
        { type: 'TRANSFER', from: 'PENDING', to: everything, reason: 'the identity documents are not in yet' },
        { type: 'INQUIRY', from: 'PROCESSING', to: ['PROCESSING'], reason: 'allowed: APPROVED, REJECTED' },
        { type: 'TRANSFER', from: 'PROCESSING', to: ['PROCESSING'], reason: 'allowed: APPROVED, REJECTED' },
      ];
      for (const { type, from, to, reason } of refusals) {
        const request = await requestAt(type, from);
        const before = await recordsOf(request.id);
        for (const target of to) {
          const label = `${type} ${from} → ${target}`;
          const refused = await status(request.id, target.toLowerCase(), 'Trying anyway');
          expect([refused.status, refused.json.message], label).toEqual([
            409,
            `This request cannot change from ${from} to ${target}: ${reason}.`,
          ]);
          expect(await statusOf(request.id), label).toBe(from);
          expect(await recordsOf(request.id), label).toEqual(before);
        }
      }
    });

    it('e-mails the notes of a rejection as its reason, and keeps the notes of other decisions internal', async () => {
      const rejected = await portal.inquiry(holder);
      await status(rejected.id, 'rejected', 'The signature does not match our records');
      const [rejection] = await mailsOf(rejected.id, 'STATUS_CHANGED');
      expect(rejection!.body).toContain(`Your request ${rejected.referenceNumber} has been rejected.`);
      expect(rejection!.body.split('\n')).toContain('Reason: The signature does not match our records');
      // Sent from a no-reply address: the e-mail says where an answer goes, with the one set of hours (issue 29).
      expect(rejection!.body).toContain(QUESTIONS_LINE);
      expect(rejection!.body).toContain('support@ledgerwell.com');
      expect(rejection!.body).not.toMatch(/reply to (this e-mail|it)/i);

      const approved = await portal.inquiry(holder);
      await status(approved.id, 'approved', 'Checked against the ledger');
      const [approval] = await mailsOf(approved.id, 'STATUS_CHANGED');
      expect(approval!.body).toContain('has been approved');
      expect(approval!.body).not.toContain('Checked against the ledger');
    });

    it('keeps a transfer closed until its documents are in', async () => {
      const transfer = await portal.transfer(holder);
      const early = await status(transfer.id, 'APPROVED');
      expect(early.status).toBe(409);
      expect(early.json.message).toContain('the identity documents are not in yet, so it can only be rejected');
      expect((await status(transfer.id, 'PROCESSING')).status).toBe(409);
      // Turning it down needs no photos (issue 29, item 14).
      expect((await get(`/requests/${transfer.id}`)).json.data.allowedStatusChanges).toEqual(['REJECTED']);

      await portal.uploadAll(transfer.code!);
      expect((await get(`/requests/${transfer.id}`)).json.data.allowedStatusChanges).toEqual([
        'PROCESSING',
        'APPROVED',
        'REJECTED',
      ]);
      expect((await status(transfer.id, 'PROCESSING')).status).toBe(200);
      expect((await status(transfer.id, 'PROCESSING')).status).toBe(409);
      expect((await status(transfer.id, 'APPROVED')).status).toBe(200);
    });
  });

  it('lets READ_ONLY read everything and change nothing, leaving no record of the refused writes', async () => {
    const transfer = await submittedTransfer();
    const docId = (await documentsOf(transfer.id))[0]!.id;
    for (const path of ['/requests', `/requests/${transfer.id}`, '/dashboard/stats', '/activity'])
      expect((await get(path, readOnly)).status).toBe(200);
    expect((await viewImage(transfer.id, 'selfie', readOnly)).status).toBe(200);
    const before = await recordsOf(transfer.id);
    const writes: [string, string, unknown][] = [
      ['PUT', `/requests/${transfer.id}/status`, { status: 'APPROVED' }],
      ['POST', `/requests/${transfer.id}/notes`, { notes: 'hello' }],
      ['POST', `/requests/${transfer.id}/flag`, { reason: 'x', priority: 'HIGH' }],
      ['DELETE', `/requests/${transfer.id}/flag`, undefined],
      [
        'PUT',
        `/requests/${transfer.id}/image-state`,
        { imageType: 'selfie', rotation: 90, zoomState: { zoom: 1, x: 0, y: 0 } },
      ],
      ['PUT', `/requests/${transfer.id}/documents/${docId}/status`, { status: 'APPROVED' }],
    ];
    for (const [method, path, body] of writes)
      expect((await send(method, path, body, readOnly)).status, `${method} ${path}`).toBe(403);
    expect(await statusOf(transfer.id)).toBe('VERIFICATION_SUBMITTED');
    expect(await recordsOf(transfer.id)).toEqual(before);
  });

  it('appends notes as [timestamp] author: text, and refuses a blank one', async () => {
    const request = await portal.inquiry(holder);
    expect((await send('POST', `/requests/${request.id}/notes`, { notes: '   ' })).json.errors).toEqual({
      notes: M.noteRequired,
    });
    await send('POST', `/requests/${request.id}/notes`, { notes: 'Called the holder' });
    t.clock.advance(60_000);
    await send('POST', `/requests/${request.id}/notes`, { notes: 'Sent\nthe form' }, admin);
    const notes = (await get(`/requests/${request.id}`)).json.data.adminNotes as string;
    const lines = notes.split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^\[\d{4}-\d{2}-\d{2}T[\d:.]+Z\] rita: Called the holder$/);
    expect(lines[1]).toMatch(/\] alice: Sent the form$/);
    expect((await get('/requests')).json.requests[0].adminNotes).toBe(notes);
  });

  it('flags with a priority and an active assignee, lists flagged and assigned=me, and unflags', async () => {
    const request = await portal.inquiry(holder);
    const id = request.id;
    expect((await send('POST', `/requests/${id}/flag`, { reason: '' })).json.errors).toEqual({
      reason: M.flagReasonRequired,
    });
    expect((await send('POST', `/requests/${id}/flag`, { reason: 'Odd', assignTo: 'nobody' })).json.errors).toEqual({
      assignTo: M.assigneeUnknown,
    });
    const flagged = await send('POST', `/requests/${id}/flag`, { reason: 'Signature mismatch', assignTo: 'Alice' });
    expect(flagged.json.data).toEqual({ priority: 'MEDIUM', reason: 'Signature mismatch', assignedTo: 'alice' });

    expect((await get('/requests?flagged=true')).json.requests.map((r: { id: string }) => r.id)).toEqual([id]);
    expect((await get('/requests?assigned=me')).json.requests[0]).toMatchObject({
      id,
      assignedToMe: true,
      flagPriority: 'MEDIUM',
    });
    expect((await get('/requests?assigned=me', reviewer)).json.total).toBe(0);
    expect((await get('/dashboard/stats')).json.data).toMatchObject({ flagged: 1, needsMyAttention: 1 });

    expect((await send('DELETE', `/requests/${id}/flag`)).status).toBe(200);
    expect((await send('DELETE', `/requests/${id}/flag`)).status).toBe(409);
    expect((await get(`/requests/${id}`)).json.data).toMatchObject({
      isFlagged: false,
      flagPriority: null,
      assignedTo: null,
    });
  });

  it("answers 400 with the spec's message for a rejection or a flag without a reason and for a blank note, recording nothing", async () => {
    const transfer = await submittedTransfer();
    const [document] = await documentsOf(transfer.id);
    const inquiry = await portal.inquiry(holder);
    const invalid: [string, string, unknown, Record<string, string>][] = [
      [
        'PUT',
        `/requests/${transfer.id}/documents/${document!.id}/status`,
        { status: 'REJECTED' },
        { rejectionReason: 'Please provide a reason for rejection' },
      ],
      [
        'PUT',
        `/requests/${transfer.id}/documents/${document!.id}/status`,
        { status: 'REJECTED', rejectionReason: '  ' },
        { rejectionReason: 'Please provide a reason for rejection' },
      ],
      [
        'POST',
        `/requests/${inquiry.id}/flag`,
        { priority: 'HIGH' },
        { reason: 'Please provide a reason for flagging this request' },
      ],
      [
        'POST',
        `/requests/${inquiry.id}/flag`,
        { reason: ' \n ', priority: 'HIGH' },
        { reason: 'Please provide a reason for flagging this request' },
      ],
      ['POST', `/requests/${inquiry.id}/notes`, { notes: '   ' }, { notes: M.noteRequired }],
      ['POST', `/requests/${inquiry.id}/notes`, {}, { notes: M.noteRequired }],
    ];
    const before = [await recordsOf(transfer.id), await recordsOf(inquiry.id)];
    for (const [method, path, body, errors] of invalid) {
      const answer = await send(method, path, body);
      expect([answer.status, answer.json.errors], `${method} ${path} ${JSON.stringify(body)}`).toEqual([400, errors]);
    }
    expect([await recordsOf(transfer.id), await recordsOf(inquiry.id)]).toEqual(before);
    expect(await detailOf(inquiry.id)).toMatchObject({ isFlagged: false, adminNotes: '' });
    expect((await documentsOf(transfer.id)).map((d) => d.status)).toEqual(['PENDING', 'PENDING', 'PENDING']);
  });

  it('records every write in the activity log, once, with the acting admin and the request', async () => {
    const transfer = await submittedTransfer();
    const [first, second] = await documentsOf(transfer.id);
    const inquiry = await portal.inquiry(holder);
    const writes: [string, typeof inquiry, string, () => Promise<{ status: number }>][] = [
      ['DOCUMENT_VIEWED', transfer, 'alice', () => viewImage(transfer.id, 'id_front', admin)],
      [
        'IMAGE_STATE_SAVED',
        transfer,
        'rita',
        () =>
          send('PUT', `/requests/${transfer.id}/image-state`, {
            imageType: 'id_front',
            rotation: 90,
            zoomState: { zoom: 2, x: 0, y: 0 },
          }),
      ],
      [
        'DOCUMENT_APPROVED',
        transfer,
        'alice',
        () => reviewDocument(transfer.id, first!.id, { status: 'APPROVED' }, admin),
      ],
      [
        'DOCUMENT_REJECTED',
        transfer,
        'rita',
        () => reviewDocument(transfer.id, second!.id, { status: 'REJECTED', rejectionReason: 'Glare on the card' }),
      ],
      [
        'REQUEST_FLAGGED',
        inquiry,
        'rita',
        () => send('POST', `/requests/${inquiry.id}/flag`, { reason: 'Check the address', priority: 'HIGH' }),
      ],
      ['REQUEST_UNFLAGGED', inquiry, 'alice', () => send('DELETE', `/requests/${inquiry.id}/flag`, undefined, admin)],
      [
        'REQUEST_NOTE_ADDED',
        inquiry,
        'rita',
        () => send('POST', `/requests/${inquiry.id}/notes`, { notes: 'Called the holder' }),
      ],
      ['REQUEST_STATUS_CHANGED', inquiry, 'alice', () => status(inquiry.id, 'APPROVED', undefined, admin)],
    ];
    for (const [action, request, username, write] of writes) {
      const before = (await recordsOf(request.id)).activity;
      expect((await write()).status, action).toBe(200);
      expect((await recordsOf(request.id)).activity, action).toBe(before + 1);
      const [newest] = await t.deps.db.select().from(adminActivity).orderBy(desc(adminActivity.id)).limit(1);
      expect(newest, action).toMatchObject({
        actionType: action,
        adminUsername: username,
        resourceType: 'REQUEST',
        resourceId: request.id,
        details: { referenceNumber: request.referenceNumber },
      });
    }
  });

  it('refuses to assign a flag to an admin who has been deactivated', async () => {
    await createAdminUser(t.deps, { username: 'dora', password: 'Correct-Horse-7', role: 'REVIEWER' });
    const setActive = (isActive: boolean) =>
      t.deps.db.update(adminUsers).set({ isActive }).where(eq(adminUsers.username, 'dora'));
    await setActive(false);
    const request = await portal.inquiry(holder);
    const flag = () => send('POST', `/requests/${request.id}/flag`, { reason: 'Second opinion', assignTo: 'dora' });
    const refused = await flag();
    expect([refused.status, refused.json.errors]).toEqual([
      400,
      { assignTo: 'The assignee must be an active admin user' },
    ]);
    expect(await detailOf(request.id)).toMatchObject({ isFlagged: false, assignedTo: null });
    // The same name is accepted once she is active again: the refusal was about her deactivation.
    await setActive(true);
    expect((await flag()).json.data.assignedTo).toBe('dora');
  });

  describe('documents', () => {
    it('makes the request VERIFIED when the last of the three is approved, recording who and when, and e-mails the shareholder', async () => {
      const transfer = await submittedTransfer();
      const documents = await documentsOf(transfer.id);
      expect(documents.map((d) => d.type).sort()).toEqual(['id_back', 'id_front', 'selfie']);
      const answers = [];
      for (const document of documents.slice(0, 2))
        answers.push((await reviewDocument(transfer.id, document.id, { status: 'APPROVED' })).json);
      // Approving a document alone moves no status: nothing is processed yet, nothing is sent.
      expect(await detailOf(transfer.id)).toMatchObject({
        status: 'VERIFICATION_SUBMITTED',
        processedAt: null,
        processedBy: null,
      });
      expect(await mailsOf(transfer.id, 'IDENTITY_VERIFIED')).toEqual([]);

      await passHours(2);
      answers.push((await reviewDocument(transfer.id, documents[2]!.id, { status: 'APPROVED' }, admin)).json);
      expect(answers.map((a) => a.requestStatus.allDocumentsVerified)).toEqual([false, false, true]);
      const detail = await detailOf(transfer.id);
      expect(detail).toMatchObject({
        status: 'VERIFIED',
        processedBy: 'alice',
        processedAt: t.clock.now().toISOString(),
      });
      const reviewers = Object.fromEntries(
        detail.verificationDocuments.map((d: { id: string; status: string; verifiedBy: string }) => [
          d.id,
          `${d.status} by ${d.verifiedBy}`,
        ]),
      );
      expect(reviewers).toEqual({
        [documents[0]!.id]: 'APPROVED by rita',
        [documents[1]!.id]: 'APPROVED by rita',
        [documents[2]!.id]: 'APPROVED by alice',
      });

      const [confirmation] = await mailsOf(transfer.id, 'REQUEST_CONFIRMATION');
      const verified = await mailsOf(transfer.id, 'IDENTITY_VERIFIED');
      expect(verified).toHaveLength(1);
      expect(verified[0]).toMatchObject({
        toAddress: confirmation!.toAddress,
        subject: `Identity verified for your request ${transfer.referenceNumber}`,
      });
      expect(verified[0]!.body).toContain(
        `We have verified the identity documents sent for your request ${transfer.referenceNumber}.`,
      );
      expect(verified[0]!.body).toContain('Your transfer will now be processed');
    });

    it('lets staff turn down a transfer that waits for new photos after a rejected one (issue 29, item 14)', async () => {
      const transfer = await submittedTransfer();
      const [document] = await documentsOf(transfer.id);
      await reviewDocument(transfer.id, document!.id, { status: 'REJECTED', rejectionReason: 'The photo is blurred' });
      expect((await get(`/requests/${transfer.id}`)).json.data.allowedStatusChanges).toEqual(['REJECTED']);
      expect((await status(transfer.id, 'APPROVED')).status).toBe(409);
      expect((await status(transfer.id, 'REJECTED', 'The holder withdrew the transfer')).status).toBe(200);
      expect((await get(`/requests/${transfer.id}`)).json.data).toMatchObject({
        status: 'REJECTED',
        allowedStatusChanges: [],
      });
    });

    it('on a rejection asks for all three again with a fresh code, e-mailed with the reason', async () => {
      const transfer = await submittedTransfer();
      const [document] = await documentsOf(transfer.id);
      await passHours(1);
      const rejected = await reviewDocument(transfer.id, document!.id, {
        status: 'REJECTED',
        rejectionReason: 'The photo is blurred',
      });
      expect(rejected.json.requestStatus).toEqual({ status: 'AWAITING_VERIFICATION', allDocumentsVerified: false });

      const answer = (await get(`/requests/${transfer.id}`)).json;
      requestDetailResponseSchema.parse(answer);
      const detail = answer.data;
      expect(detail).toMatchObject({
        status: 'AWAITING_VERIFICATION',
        verificationDocuments: [],
        verificationCompleted: false,
      });
      expect(detail).toMatchObject({ processedBy: 'rita', processedAt: t.clock.now().toISOString() });
      expect(detail.previousDocuments).toHaveLength(3);
      expect(detail.previousDocuments.find((d: { id: string }) => d.id === document!.id)).toMatchObject({
        status: 'REJECTED',
        rejectionReason: 'The photo is blurred',
      });

      expect(
        (
          await t.request('POST', '/api/shareholder-portal/validate-verification-code', {
            body: { code: transfer.code },
          })
        ).status,
      ).toBe(404);
      const [mail] = await t.deps.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'DOCUMENT_REJECTED'));
      const body = t.deps.cipher.decrypt(mail!.bodyEncrypted, fieldContext.emailBody(mail!.id));
      expect(body).toContain('Reason: The photo is blurred');
      const newCode = /\/verify\/([A-Z0-9]+)/.exec(body)![1]!;
      const fresh = await t.request('POST', '/api/shareholder-portal/validate-verification-code', {
        body: { code: newCode },
      });
      expect(fresh.json.data.documents).toEqual({ selfie: false, id_front: false, id_back: false });
      await portal.uploadAll(newCode);
      expect(await statusOf(transfer.id)).toBe('VERIFICATION_SUBMITTED');
      const history = await t.deps.db.select().from(requestHistory).where(eq(requestHistory.requestId, transfer.id));
      expect(history.some((h) => h.action === 'DOCUMENT_REJECTED')).toBe(true);
    });

    it("sends a VERIFIED transfer back on a rejected document, recorded as the rejecting admin's change", async () => {
      const transfer = await submittedTransfer();
      await approveAllDocuments(transfer.id, admin);
      expect(await detailOf(transfer.id)).toMatchObject({ status: 'VERIFIED', processedBy: 'alice' });
      await passHours(1);
      const [document] = await documentsOf(transfer.id);
      expect(
        (await reviewDocument(transfer.id, document!.id, { status: 'REJECTED', rejectionReason: 'The ID has expired' }))
          .status,
      ).toBe(200);
      const detail = await detailOf(transfer.id);
      expect(detail).toMatchObject({
        status: 'AWAITING_VERIFICATION',
        processedBy: 'rita',
        processedAt: t.clock.now().toISOString(),
      });
      expect(detail.history).toContainEqual(
        expect.objectContaining({
          action: 'STATUS_CHANGED',
          fromStatus: 'VERIFIED',
          toStatus: 'AWAITING_VERIFICATION',
        }),
      );
      expect(await mailsOf(transfer.id, 'DOCUMENT_REJECTED')).toHaveLength(1);
    });

    it('reviews documents only while the rules allow: 409 before all three are in, once processing and after a decision', async () => {
      const expectRefused = async (
        id: string,
        decision: { status: string; rejectionReason?: string },
        message: string,
      ) => {
        const documents = await documentsOf(id);
        const [statusBefore, recordsBefore] = [await statusOf(id), await recordsOf(id)];
        const refused = await reviewDocument(id, documents[0]!.id, decision);
        expect([refused.status, refused.json.message]).toEqual([409, message]);
        expect([await statusOf(id), await recordsOf(id)]).toEqual([statusBefore, recordsBefore]);
        expect((await documentsOf(id)).map((d) => d.status)).toEqual(documents.map(() => 'PENDING'));
      };
      const partial = await portal.transfer(holder);
      await portal.uploadPhoto(partial.code!, 'selfie');
      await expectRefused(
        partial.id,
        { status: 'APPROVED' },
        'Documents cannot be approved while the request is AWAITING_VERIFICATION.',
      );

      const processing = await submittedTransfer();
      await status(processing.id, 'PROCESSING');
      await expectRefused(
        processing.id,
        { status: 'APPROVED' },
        'Documents cannot be approved while the request is PROCESSING.',
      );

      const approved = await submittedTransfer();
      await status(approved.id, 'APPROVED');
      await expectRefused(
        approved.id,
        { status: 'REJECTED', rejectionReason: 'Too late' },
        'Documents cannot be rejected while the request is APPROVED.',
      );
    });

    it('streams the image with fixed headers, records the viewing, and saves the viewer state per image', async () => {
      const transfer = await submittedTransfer();
      const response = await viewImage(transfer.id, 'SELFIE');
      expect(response.status).toBe(200);
      expect(response.headers.get('Content-Type')).toBe('image/jpeg');
      expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
      expect(response.headers.get('Cache-Control')).toBe('no-store');
      const image = Buffer.from(await response.arrayBuffer());
      expect(image.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
      expect(response.headers.get('Content-Length')).toBe(String(image.length));
      expect((await viewImage(transfer.id, 'passport')).status).toBe(404);
      expect((await t.app.request(`/api/admin/requests/${transfer.id}/verification/selfie`)).status).toBe(401);
      expect(
        (await t.deps.db.select().from(adminActivity).where(eq(adminActivity.actionType, 'DOCUMENT_VIEWED'))).length,
      ).toBe(1);

      const save = (body: unknown) => send('PUT', `/requests/${transfer.id}/image-state`, body);
      expect(
        (await save({ imageType: 'id_front', rotation: -90, zoomState: { zoom: 2.5, x: 10, y: -4 } })).status,
      ).toBe(200);
      expect((await save({ imageType: 'selfie', rotation: 45, zoomState: { zoom: 1, x: 0, y: 0 } })).status).toBe(400);
      expect((await save({ imageType: 'selfie', rotation: 0, zoomState: { zoom: 9, x: 0, y: 0 } })).status).toBe(400);
      const detail = (await get(`/requests/${transfer.id}`)).json.data;
      expect(detail.image_rotations).toEqual({ id_front: 270 });
      expect(detail.image_zoom_states).toEqual({ id_front: { zoom: 2.5, x: 10, y: -4 } });
    });
  });

  it('computes the dashboard in SQL: counts, rates, sale dollar figures, recent items and the 17Ad-2 compliance panel', async () => {
    const empty = (await get('/dashboard/stats')).json.data;
    expect(empty).toMatchObject({ total: 0, conversionRate: 0, totalAmount: 0, recentActivity: [] });

    const approved = await portal.inquiry(holder);
    const rejected = await portal.inquiry(holder);
    await status(approved.id, 'APPROVED');
    await status(rejected.id, 'REJECTED');
    const sale = await portal.submit(holder, 'TRANSFER', {
      transfer_type: 'sale',
      transfer_all_shares: false,
      transfer_shares_text: '2,000',
      transfer_shares_count: 2000,
      shareholder_tax_id: '987-65-4321',
      preferred_contact_type: 'EMAIL',
      preferred_contact: 'marcus.bell@example.com',
      buyerEntityType: 'individual',
      buyerFirstName: 'Ann',
      buyerLastName: 'Lee',
      buyerEmail: 'ann@example.com',
      buyerTaxId: '111-22-3333',
      buyerAddressLine1: '1 Elm St',
      buyerCity: 'Reno',
      buyerState: 'NV',
      buyerPostalCode: '89501',
      buyerCountry: 'United States',
      pricePerShare: '12.50',
    });
    await portal.uploadAll(sale.code!);
    await status(sale.id, 'APPROVED');
    const late = await portal.transfer(holder);
    await portal.uploadAll(late.code!);
    // Documents in good order twelve days ago, still open: at least six business days whatever today is (twelve
    // days hold at least eight weekdays, and at most two federal holidays). Eight days held only four across
    // Thanksgiving, and the test failed on the Saturday after it.
    await t.deps.db
      .update(shareholderRequests)
      .set({ verificationSubmittedAt: new Date(t.clock.now().getTime() - 12 * 24 * 60 * 60 * 1000) })
      .where(eq(shareholderRequests.id, late.id));

    const stats = (await get('/dashboard/stats')).json.data;
    expect(stats).toMatchObject({
      total: 4,
      approved: 2,
      rejected: 1,
      pending: 1,
      processing: 0,
      pendingVerification: 0,
      byType: { TRANSFER: 2, INQUIRY: 2, ADDRESS_CHANGE: 0, CERTIFICATE: 0 },
      todayCount: 4,
      yesterdayCount: 0,
      todayVsYesterday: 100,
      weekCount: 4,
      totalAmount: 25000,
      todayAmount: 25000,
      averageAmount: 25000,
      conversionRate: 66.7,
      rejectionRate: 33.3,
      processedToday: 3,
      processedThisWeek: 3,
      compliance: {
        transfersDecidedThisMonth: 1,
        turnaroundWithin3DaysRate: 100,
        openOver3BusinessDays: 1,
        openOver4BusinessDays: 1,
      },
    });
    expect(stats.avgResponseTime).toBe(0);
    expect(stats.recentActivity).toHaveLength(4);
    expect(stats.recentActivity.map((item: { requestType: string }) => item.requestType)).toContain('INQUIRY');
  });

  it('averages processing, verification and first-response times, and counts processing and awaiting-verification requests', async () => {
    const decided = await portal.inquiry(holder);
    const processing = await portal.inquiry(holder);
    const verified = await portal.transfer(holder);
    await portal.transfer(holder);
    await passHours(2);
    await portal.uploadAll(verified.code!);
    await passHours(1);
    await status(decided.id, 'APPROVED');
    await status(processing.id, 'PROCESSING');
    await passHours(2);
    // VERIFIED is recorded as processed but decides nothing: it must not count in the processing time.
    await approveAllDocuments(verified.id);
    expect((await get('/dashboard/stats')).json.data).toMatchObject({
      avgProcessingTime: 3,
      avgVerificationTime: 2,
      avgResponseTime: (180 + 180 + 300) / 3,
      processing: 1,
      pendingVerification: 1,
      pending: 1,
      approved: 1,
    });
  });

  it('counts the windowed figures by business day in Los Angeles, from the day counters', async () => {
    // Wednesday 18 November 2026, 10:00 in Los Angeles (UTC-8).
    t.clock.advance(Date.parse('2026-11-18T18:00:00Z') - t.clock.now().getTime());
    const [account] = await t.deps.db.select().from(shareholderAccounts).limit(1);
    const at = (iso: string) => new Date(iso);
    let n = 0;
    const insert = (
      values: Partial<typeof shareholderRequests.$inferInsert> &
        Pick<typeof shareholderRequests.$inferInsert, 'requestType' | 'status' | 'createdAt'>,
    ) =>
      t.deps.db
        .insert(shareholderRequests)
        .values({
          referenceNumber: `WIN-${++n}`,
          shareholderId: account!.shareholderId,
          accountId: account!.id,
          formData: {},
          shareholderName: 'Dana Whitfield',
          shareholderCode: 'DEMO01',
          ...values,
        })
        .returning({ id: shareholderRequests.id });
    const sale = { transferType: 'sale', sharesCount: 100, pricePerShare: '12.50', totalAmount: '1250.00' };
    // Today just after midnight; yesterday just before it (already Wednesday in UTC), decided this morning.
    await insert({ requestType: 'INQUIRY', status: 'PENDING', createdAt: at('2026-11-18T08:30:00Z') });
    await insert({
      requestType: 'INQUIRY',
      status: 'APPROVED',
      createdAt: at('2026-11-18T07:30:00Z'),
      processedAt: at('2026-11-18T17:00:00Z'),
    });
    // Monday: a private sale, in good order the same day, approved today (2 business days).
    await insert({
      requestType: 'TRANSFER',
      status: 'APPROVED',
      createdAt: at('2026-11-16T20:00:00Z'),
      verificationSubmittedAt: at('2026-11-16T21:00:00Z'),
      processedAt: at('2026-11-18T17:00:00Z'),
      ...sale,
    });
    // Last Sunday (last week, this month), rejected on Monday.
    await insert({
      requestType: 'INQUIRY',
      status: 'REJECTED',
      createdAt: at('2026-11-15T20:00:00Z'),
      processedAt: at('2026-11-16T18:00:00Z'),
    });
    // 1 November just after midnight (PDT): a rejected sale (no dollars), decided after 6 business days.
    await insert({
      requestType: 'TRANSFER',
      status: 'REJECTED',
      createdAt: at('2026-11-01T07:30:00Z'),
      verificationSubmittedAt: at('2026-11-02T18:00:00Z'),
      processedAt: at('2026-11-10T18:00:00Z'),
      ...sale,
    });
    // 31 October just before midnight (PDT), already 1 November in UTC: last month.
    await insert({ requestType: 'INQUIRY', status: 'PENDING', createdAt: at('2026-11-01T06:30:00Z') });
    // In good order last Thursday, still open: 4 business days (Friday, Monday, Tuesday, Wednesday).
    await insert({
      requestType: 'TRANSFER',
      status: 'VERIFICATION_SUBMITTED',
      createdAt: at('2026-11-12T17:00:00Z'),
      verificationSubmittedAt: at('2026-11-12T18:00:00Z'),
    });

    const stats = (await get('/dashboard/stats')).json.data;
    expect(stats).toMatchObject({
      total: 7,
      todayCount: 1,
      yesterdayCount: 1,
      todayVsYesterday: 0,
      weekCount: 3,
      monthCount: 6,
      todayAmount: 0,
      weekAmount: 1250,
      totalAmount: 1250,
      processedToday: 2,
      processedThisWeek: 3,
      compliance: {
        transfersDecidedThisMonth: 2,
        turnaroundWithin3DaysRate: 50,
        openOver3BusinessDays: 1,
        openOver4BusinessDays: 0,
      },
    });

    // A decision undone by a support script moves the day counters with it.
    await t.deps.db
      .update(shareholderRequests)
      .set({ status: 'PROCESSING', processedAt: null })
      .where(eq(shareholderRequests.referenceNumber, 'WIN-3'));
    expect((await get('/dashboard/stats')).json.data).toMatchObject({
      processedToday: 1,
      weekAmount: 1250,
      compliance: { transfersDecidedThisMonth: 1, turnaroundWithin3DaysRate: 0 },
    });
  });

  it('keeps the business day of the day counters in the business time zone', async () => {
    const result =
      await t.deps.db.execute(sql`select business_date(timestamptz '2026-03-08 09:59:00+00')::text as before_change,
      business_date(timestamptz '2026-11-01 06:59:00+00')::text as last_pdt_evening, (now() at time zone ${BUSINESS_TIMEZONE})::date = business_date(now()) as same_zone`);
    expect((result as unknown as { rows: Record<string, unknown>[] }).rows[0]).toEqual({
      before_change: '2026-03-08',
      last_pdt_evening: '2026-10-31',
      same_zone: true,
    });
  });

  it('keeps the trigger counters equal to a full count through inserts, updates and deletes', async () => {
    const requests = [await portal.inquiry(holder), await portal.inquiry(holder), await portal.transfer(holder)];
    await status(requests[0]!.id, 'APPROVED');
    await send('POST', `/requests/${requests[1]!.id}/flag`, { reason: 'Check', priority: 'LOW' });
    await portal.uploadAll(requests[2]!.code!);
    const counted = async () => {
      const result = await t.deps.db.execute(sql`
        select (select coalesce(sum(count), 0)::int from request_counts) as kept,
               (select count(*)::int from shareholder_requests) as actual,
               (select coalesce(sum(count), 0)::int from request_counts where status = 'APPROVED') as kept_approved,
               (select count(*)::int from shareholder_requests where status = 'APPROVED') as actual_approved,
               (select coalesce(sum(count), 0)::int from request_counts where is_flagged) as kept_flagged,
               (select coalesce(sum(processed_count), 0)::int from request_counts) as kept_processed,
               (select count(*)::int from (
                  select (created_at at time zone 'America/Los_Angeles')::date as day, count(*) as n from shareholder_requests group by 1
                  except select day, sum(created_count) from request_day_counts group by day having sum(created_count) <> 0) d) as created_days_wrong,
               (select count(*)::int from (
                  select (processed_at at time zone 'America/Los_Angeles')::date as day, count(*) as n from shareholder_requests
                  where processed_at is not null and status in ('APPROVED', 'REJECTED') group by 1
                  except select day, sum(decided_count) from request_day_counts group by day having sum(decided_count) <> 0) d) as decided_days_wrong,
               (select count(*)::int from (
                  (select shareholder_code, shareholder_name, count(*) from shareholder_requests group by 1, 2
                   except select shareholder_code, shareholder_name, count from request_holder_snapshots where count <> 0)
                  union all
                  (select shareholder_code, shareholder_name, count from request_holder_snapshots where count <> 0
                   except select shareholder_code, shareholder_name, count(*) from shareholder_requests group by 1, 2)) d) as holders_wrong`);
      return (result as unknown as { rows: Record<string, number>[] }).rows[0]!;
    };
    expect(await counted()).toEqual({
      kept: 3,
      actual: 3,
      kept_approved: 1,
      actual_approved: 1,
      kept_flagged: 1,
      kept_processed: 1,
      created_days_wrong: 0,
      decided_days_wrong: 0,
      holders_wrong: 0,
    });
    expect((await get('/requests?status=approved')).json.total).toBe(1);
    expect((await get('/requests?flagged=true&requestType=inquiry')).json.total).toBe(1);
    // A change outside the API (a support script) is tracked too.
    await t.deps.db
      .update(shareholderRequests)
      .set({ status: 'CANCELLED' })
      .where(eq(shareholderRequests.id, requests[0]!.id));
    expect(await counted()).toEqual({
      kept: 3,
      actual: 3,
      kept_approved: 0,
      actual_approved: 0,
      kept_flagged: 1,
      kept_processed: 1,
      created_days_wrong: 0,
      decided_days_wrong: 0,
      holders_wrong: 0,
    });
    // Moved to another day; a row loaded and removed by a script: the day counters follow.
    await t.deps.db
      .update(shareholderRequests)
      .set({ createdAt: new Date('2026-01-05T12:00:00Z') })
      .where(eq(shareholderRequests.id, requests[1]!.id));
    const [source] = await t.deps.db
      .select()
      .from(shareholderRequests)
      .where(eq(shareholderRequests.id, requests[0]!.id));
    const copyable = ({ id: _id, shareholderNameWords: _words, ...row }: typeof shareholderRequests.$inferSelect) =>
      row;
    const [loaded] = await t.deps.db
      .insert(shareholderRequests)
      .values({ ...copyable(source!), referenceNumber: 'LOADED-1', processedAt: new Date('2026-02-02T12:00:00Z') })
      .returning({ id: shareholderRequests.id });
    expect(await counted()).toMatchObject({
      kept: 4,
      actual: 4,
      created_days_wrong: 0,
      decided_days_wrong: 0,
      holders_wrong: 0,
    });
    await t.deps.db.delete(shareholderRequests).where(eq(shareholderRequests.id, loaded!.id));
    expect(await counted()).toMatchObject({
      kept: 3,
      actual: 3,
      created_days_wrong: 0,
      decided_days_wrong: 0,
      holders_wrong: 0,
    });
    // A request's name and code corrected by a script: the search's snapshot counts (and so its total) follow.
    await t.deps.db
      .update(shareholderRequests)
      .set({ shareholderName: 'Zelda Quimby', shareholderCode: 'ZQ0001' })
      .where(eq(shareholderRequests.id, requests[2]!.id));
    expect(await counted()).toMatchObject({ kept: 3, actual: 3, holders_wrong: 0 });
    expect((await get('/requests?search=quimby')).json).toMatchObject({
      total: 1,
      requests: [{ id: requests[2]!.id }],
    });
    expect((await get('/requests?search=ZQ00')).json).toMatchObject({ total: 1, requests: [{ id: requests[2]!.id }] });
  });

  it('counts business days by arithmetic exactly as a day-by-day count without weekends and federal holidays would', async () => {
    // A year and a half from 1 November 2026: Veterans Day, Thanksgiving, Christmas, the Friday before a
    // Saturday Independence Day (2026) and the Monday after a Sunday Independence Day (2027).
    const holidays = usFederalHolidays(2026, 2028);
    const result = await t.deps.db.execute(sql`
      select count(*)::int as mismatches from (
        select d1, d2 from (select timestamptz '2026-11-01 12:00:00-08' + a * interval '1 day' as d1,
                                   timestamptz '2026-11-01 12:00:00-08' + (a + b) * interval '1 day' as d2
                            from generate_series(0, 540) a, generate_series(0, 20) b) pairs
        where ${businessDaysBetween(sql`d1`, sql`d2`)} <>
              (select count(*) from generate_series((d1 at time zone 'America/Los_Angeles')::date + 1, (d2 at time zone 'America/Los_Angeles')::date, interval '1 day') as d
               where extract(isodow from d) < 6 and d::date <> all(${`{${holidays.join(',')}}`}::date[]))) wrong`);
    expect((result as unknown as { rows: { mismatches: number }[] }).rows[0]!.mismatches).toBe(0);
    // Received the day before Thanksgiving, decided the Monday after: Friday and Monday.
    const thanksgiving = await t.deps.db.execute(
      sql`select ${businessDaysBetween(sql`timestamptz '2026-11-25 10:00:00-08'`, sql`timestamptz '2026-11-30 10:00:00-08'`)} as days`,
    );
    expect((thanksgiving as unknown as { rows: { days: number }[] }).rows[0]!.days).toBe(2);
  });

  it("keeps the holidays the database counts out equal to the holiday library's", async () => {
    const result = await t.deps.db.execute(sql`select array_to_string(us_federal_holidays(), ',') as dates`);
    const dates = (result as unknown as { rows: { dates: string }[] }).rows[0]!.dates.split(',');
    const expected = usFederalHolidays();
    expect(dates).toEqual(expected);
    expect(dates).toContain('2028-11-10');
    expect(dates).not.toContain('2026-11-27');
  });

  it('answers 404 with the spec message for an unknown request', async () => {
    const res = await get('/requests/00000000-0000-4000-8000-000000000000');
    expect([res.status, res.json.message]).toEqual([404, 'Request not found']);
    expect((await get('/requests/not-a-uuid')).status).toBe(404);
  });

  it('lists admin activity filtered by admin, resource and action', async () => {
    const request = await portal.inquiry(holder);
    await send('POST', `/requests/${request.id}/notes`, { notes: 'one' });
    await send('POST', `/requests/${request.id}/notes`, { notes: 'two' }, admin);
    const byRita = await get('/activity?admin_username=RITA&resource_type=request');
    expect(byRita.json.data.activities.map((a: { actionType: string }) => a.actionType)).toEqual([
      'REQUEST_NOTE_ADDED',
    ]);
    const notes = await get('/activity?action_type=request_note_added&limit=1');
    expect(notes.json.data).toMatchObject({ total: 2, limit: 1, offset: 0 });
    expect(notes.json.data.activities[0].adminUsername).toBe('alice');
    expect((await get('/activity?limit=500')).status).toBe(400);
    expect(
      (await get('/activity?resource_type=admin_session&action_type=login')).json.data.total,
    ).toBeGreaterThanOrEqual(3);

    // Shareholders' sign-in attempts, refused and accepted, under their own resource type.
    await t.request('POST', '/api/shareholder-portal/validate-code', { body: { code: 'NOPE99' } });
    const signIns = await get('/activity?resource_type=portal_sign_in');
    for (const entry of [...signIns.json.data.activities, ...byRita.json.data.activities])
      activityEntrySchema.parse(entry);
    expect(signIns.json.data.activities[0]).toMatchObject({
      actionType: 'CODE_REFUSED',
      resourceType: 'PORTAL_SIGN_IN',
      details: { codeAttempted: 'NOPE99' },
    });
    expect(signIns.json.data.activities.map((a: { actionType: string }) => a.actionType)).toContain('ACCOUNT_ACCEPTED');
    expect((await get('/activity?resource_type=PORTAL_SIGN_IN&action_type=code_refused')).json.data.total).toBe(1);
  });

  it('pages admin activity newest first by offset and limit', async () => {
    const request = await portal.inquiry(holder);
    await send('POST', `/requests/${request.id}/notes`, { notes: 'one' });
    await send('POST', `/requests/${request.id}/flag`, { reason: 'two' }, admin);
    await send('DELETE', `/requests/${request.id}/flag`);
    const all = (await get('/activity?limit=200')).json.data;
    expect(
      all.activities
        .slice(0, 3)
        .map((a: { actionType: string; adminUsername: string }) => `${a.actionType} by ${a.adminUsername}`),
    ).toEqual(['REQUEST_UNFLAGGED by rita', 'REQUEST_FLAGGED by alice', 'REQUEST_NOTE_ADDED by rita']);
    const second = (await get('/activity?offset=1&limit=1')).json.data;
    expect(second).toMatchObject({ total: all.total, limit: 1, offset: 1, activities: [all.activities[1]] });
    expect((await get('/activity?resource_type=request&offset=2&limit=5')).json.data.activities).toEqual([
      all.activities[2],
    ]);
    expect((await get(`/activity?offset=${all.total}`)).json.data).toMatchObject({ total: all.total, activities: [] });
  });

  it('shows on the details page the actions taken on that request, newest first', async () => {
    const request = await portal.inquiry(holder);
    const other = await portal.inquiry(holder);
    await send('POST', `/requests/${request.id}/notes`, { notes: 'Called the holder' });
    await send('POST', `/requests/${other.id}/notes`, { notes: 'Another request' });
    await send('POST', `/requests/${request.id}/flag`, { reason: 'Check the address' }, admin);
    await status(request.id, 'PROCESSING');
    const answer = (await get(`/requests/${request.id}`)).json;
    const { adminActivities } = requestDetailResponseSchema.parse(answer).data;
    expect(adminActivities.map((a) => `${a.actionType} by ${a.adminUsername}`)).toEqual([
      'REQUEST_STATUS_CHANGED by rita',
      'REQUEST_FLAGGED by alice',
      'REQUEST_NOTE_ADDED by rita',
    ]);
    expect(adminActivities[0]!.details).toMatchObject({ from: 'PENDING', to: 'PROCESSING' });
  });
});
