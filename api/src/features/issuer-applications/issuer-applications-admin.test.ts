import { parse } from 'csv-parse/sync';
import { asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminActivity, emailOutbox, issuerApplications } from '@ledgerwell/db/schema';
import { ADMIN_ROLES, type AdminRole } from '@ledgerwell/shared/admin-auth';
import {
  ISSUER_APPLICATION_MESSAGES as M,
  issuerApplicationChangeResponseSchema,
  issuerApplicationDetailResponseSchema,
  issuerApplicationListResponseSchema,
  issuerApplicationStatsResponseSchema,
} from '@ledgerwell/shared/issuer-applications';
import { DOCUMENT_IDS, makeOnboardingId, type OnboardingForm } from '@ledgerwell/shared/issuer-onboarding';
import { fieldContext } from '../../lib/field-encryption';
import { createAdminUser, createTestApp, loginToken, type TestApp } from '../../test/test-app';

const PASSWORD = 'Correct-Horse-7';
const ONBOARDING = '/api/admin/issuer-onboarding';
const APPLICATIONS = '/api/admin/issuer-applications';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const EIN = '12-3456789';

let signatureDataUrl: string;
beforeAll(async () => {
  // A drawn-looking signature: a transparent canvas with a black stroke.
  const stroke = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="150"><path d="M20 100 C 120 10, 220 140, 320 60 S 520 120, 580 40" stroke="black" stroke-width="2" fill="none"/></svg>',
  );
  const png = await sharp(stroke).png().toBuffer();
  signatureDataUrl = `data:image/png;base64,${png.toString('base64')}`;
});

type FormFields = Partial<Omit<OnboardingForm, 'signatureData'>>;

describe('issuer applications (admin)', () => {
  let t: TestApp;
  const tokens = {} as Record<AdminRole, string>;
  const ids = {} as Record<AdminRole, string>;

  const as = (role: AdminRole | null, method: string, url: string, body?: unknown) =>
    t.request(method, url, { ...(role ? { token: tokens[role] } : {}), ...(body === undefined ? {} : { body }) });

  let seq = 0;
  /**
   * An application sent through the public wizard's call, from its own address (the submit call is
   * throttled per address); the clock then moves a minute on, so later ones are newer.
   */
  async function submit(fields: FormFields = {}, comments = 'Please call after 3pm Eastern.') {
    seq += 1;
    const now = t.clock.now();
    const onboardingId = makeOnboardingId(
      now,
      new Uint8Array(12).map((_, i) => (seq * 7 + i * 13) % 256),
    );
    const form = {
      company_name: 'Acme Holdings',
      entity_type: 'CORPORATION',
      contact_name: 'Dana Whitfield',
      contact_email: 'dana@acme.example',
      contact_phone: '(415) 555-0100',
      reviewed_documents: [...DOCUMENT_IDS],
      documents_reviewed: true,
      agreements_accepted: true,
      legal_name: 'Acme Holdings, Inc.',
      incorporation_state: 'DE',
      incorporation_date: '2015-03-01',
      ein: EIN,
      address_line1: '100 Market Street',
      address_line2: 'Suite 400',
      city: 'San Francisco',
      state: 'CA',
      postal_code: '94105',
      country: 'USA',
      description: 'Series B software company with employee stock options.',
      shareholder_count: '51-100',
      signature_name: 'Dana Whitfield',
      signature_title: 'Chief Executive Officer',
      signature_date: now.toISOString().slice(0, 10),
      agreement_accepted: true,
      signatureData: { dataUrl: signatureDataUrl, timestamp: now.toISOString(), method: 'drawn' as const },
      comments,
      ...fields,
      onboardingId,
      submittedAt: now.toISOString(),
      signatureDate: now.toISOString(),
    };
    const res = await t.request('POST', '/api/issuer-onboarding/submit', {
      body: {
        session_token: `session-token-${String(seq).padStart(12, '0')}`,
        signature_data: signatureDataUrl,
        agreement_accepted: true,
        final_application_data: form,
        submission_notes: comments,
      },
      headers: { 'X-Forwarded-For': `10.0.${seq % 250}.${1 + Math.floor(seq / 250)}` },
    });
    if (res.status !== 201) throw new Error(`submit failed: ${res.status} ${res.text}`);
    t.clock.advance(60_000);
    return { id: res.json.id as string, onboardingId };
  }

  const activity = (action: string) =>
    t.deps.db.select().from(adminActivity).where(eq(adminActivity.actionType, action)).orderBy(asc(adminActivity.id));
  const decisionMails = () =>
    t.deps.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, 'ISSUER_APPLICATION_DECIDED'))
      .orderBy(asc(emailOutbox.createdAt));

  beforeEach(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '1' } });
    seq = 0;
    for (const role of ADMIN_ROLES) {
      const username = role.toLowerCase().replace('_', '');
      ids[role] = (await createAdminUser(t.deps, { username, password: PASSWORD, role })).id;
      tokens[role] = await loginToken(t, username, PASSWORD);
    }
  });
  afterEach(() => t.close());

  it('lets every role read, REVIEWER and up change status and notes, ADMIN and up export, and nobody in without a session', async () => {
    const { id } = await submit();
    type Route = { method: string; url: string; body?: unknown; kind: 'read' | 'change' | 'export' };
    const routes: Route[] = [
      { method: 'GET', url: ONBOARDING, kind: 'read' },
      { method: 'GET', url: `${ONBOARDING}/stats`, kind: 'read' },
      { method: 'GET', url: `${ONBOARDING}/${id}`, kind: 'read' },
      {
        method: 'PUT',
        url: `${ONBOARDING}/${id}/status`,
        body: { status: 'UNDER_REVIEW', notes: 'Looking into it' },
        kind: 'change',
      },
      { method: 'PUT', url: `${APPLICATIONS}/${id}/notes`, body: { adminNotes: 'Called the CEO' }, kind: 'change' },
      { method: 'GET', url: `${APPLICATIONS}/export/csv`, kind: 'export' },
    ];
    const expected = (route: Route, role: AdminRole | null) => {
      if (!role) return 401;
      if (route.kind === 'export') return role === 'ADMIN' || role === 'SUPER_ADMIN' ? 200 : 403;
      if (route.kind === 'change') return role === 'READ_ONLY' ? 403 : 200;
      return 200;
    };
    for (const route of routes) {
      for (const role of [...ADMIN_ROLES, null]) {
        const res = await as(role, route.method, route.url, route.body);
        expect({ route: `${route.method} ${route.url}`, role, status: res.status }).toEqual({
          route: `${route.method} ${route.url}`,
          role,
          status: expected(route, role),
        });
      }
    }
    // The refused calls changed nothing: three REVIEWER-and-up roles set the status, each appending an entry.
    const detail = await as('READ_ONLY', 'GET', `${ONBOARDING}/${id}`);
    expect(detail.json.data.reviewHistory.map((entry: { reviewedBy: string }) => entry.reviewedBy)).toEqual([
      'Applicant',
      'superadmin',
      'admin',
      'reviewer',
    ]);
    expect(await activity('ISSUER_APPLICATIONS_EXPORTED')).toHaveLength(2);
  });

  it('lists newest first, 20 a page, with signatures and the pagination the screen reads', async () => {
    for (let i = 0; i < 23; i++) await submit({ company_name: `Company ${String(i).padStart(2, '0')}` });
    const first = await as('READ_ONLY', 'GET', ONBOARDING);
    expect(first.status).toBe(200);
    const list = issuerApplicationListResponseSchema.parse(first.json).data;
    expect(list.pagination).toEqual({ page: 1, limit: 20, totalPages: 2, totalCount: 23 });
    expect(list.applications).toHaveLength(20);
    expect(list.applications[0]).toEqual({
      id: expect.any(String),
      company_name: 'Company 22',
      contact_name: 'Dana Whitfield',
      contact_email: 'dana@acme.example',
      revenue: null,
      status: 'SUBMITTED',
      created_at: expect.any(String),
      signatures: [
        {
          created_at: expect.any(String),
          signature_name: 'Dana Whitfield',
          signature_title: 'Chief Executive Officer',
        },
      ],
    });
    const second = (await as('READ_ONLY', 'GET', `${ONBOARDING}?page=2`)).json.data;
    expect(second.applications.map((a: { company_name: string }) => a.company_name)).toEqual([
      'Company 02',
      'Company 01',
      'Company 00',
    ]);
    expect((await as('READ_ONLY', 'GET', `${ONBOARDING}?page=5`)).json.data).toMatchObject({
      applications: [],
      pagination: { page: 5, totalPages: 2, totalCount: 23 },
    });
    expect((await as('READ_ONLY', 'GET', `${ONBOARDING}?limit=5&page=2`)).json.data.pagination).toEqual({
      page: 2,
      limit: 5,
      totalPages: 5,
      totalCount: 23,
    });
    expect((await as('READ_ONLY', 'GET', `${ONBOARDING}?limit=101`)).status).toBe(400);
    expect((await as('READ_ONLY', 'GET', `${ONBOARDING}?page=0`)).status).toBe(400);
  });

  it('filters by status (any case, blank meaning all) and searches the beginnings of words of company, contact name and e-mail', async () => {
    const acme = await submit({
      company_name: 'Acme Holdings',
      contact_name: 'Dana Whitfield',
      contact_email: 'dana@acme.example',
    });
    const nordic = await submit({
      company_name: 'Nordic Capital AB',
      contact_name: 'Zoë Ångström',
      contact_email: 'zoe+ir@nordic-capital.se',
    });
    await submit({
      company_name: 'Bell Family Trust',
      entity_type: 'TRUST',
      contact_name: 'Marcus Bell',
      contact_email: 'mbell@bellfamily.org',
    });
    expect((await as('REVIEWER', 'PUT', `${ONBOARDING}/${acme.id}/status`, { status: 'APPROVED' })).status).toBe(200);
    expect((await as('REVIEWER', 'PUT', `${ONBOARDING}/${nordic.id}/status`, { status: 'UNDER_REVIEW' })).status).toBe(
      200,
    );

    const names = async (query: string) => {
      const res = await as('READ_ONLY', 'GET', `${ONBOARDING}?${query}`);
      expect(res.status).toBe(200);
      return (res.json.data.applications as { company_name: string }[]).map((a) => a.company_name).sort();
    };
    expect(await names('status=APPROVED')).toEqual(['Acme Holdings']);
    expect(await names('status=under_review')).toEqual(['Nordic Capital AB']);
    expect(await names('status=SUBMITTED')).toEqual(['Bell Family Trust']);
    expect(await names('status=REJECTED')).toEqual([]);
    expect(await names('status=')).toHaveLength(3);

    expect(await names('search=acme')).toEqual(['Acme Holdings']);
    expect(await names('search=ACME%20HOLD')).toEqual(['Acme Holdings']);
    expect(await names('search=whit')).toEqual(['Acme Holdings']);
    expect(await names('search=dana%20whitfield')).toEqual(['Acme Holdings']);
    expect(await names('search=bellfamily.org')).toEqual(['Bell Family Trust']);
    expect(await names('search=mbell%40bellfamily.org')).toEqual(['Bell Family Trust']);
    expect(await names('search=zo%C3%AB')).toEqual(['Nordic Capital AB']);
    expect(await names('search=capital%20ab')).toEqual(['Nordic Capital AB']);
    expect(await names('search=nobody')).toEqual([]);
    expect(await names('search=%40%40%40')).toEqual([]);
    expect(await names('search=bell&status=APPROVED')).toEqual([]);
    expect(await names('search=acme&status=approved')).toEqual(['Acme Holdings']);

    expect((await as('READ_ONLY', 'GET', `${ONBOARDING}?status=PENDING`)).json).toMatchObject({
      code: 'VALIDATION_ERROR',
      errors: { status: M.statusInvalid },
    });
    expect((await as('READ_ONLY', 'GET', `${ONBOARDING}?search=${'x'.repeat(101)}`)).json.errors).toEqual({
      search: M.searchTooLong,
    });
  });

  it('counts totals, the last 7 days, every status, and the approval rate among decided applications only', async () => {
    const empty = issuerApplicationStatsResponseSchema.parse(
      (await as('READ_ONLY', 'GET', `${ONBOARDING}/stats`)).json,
    ).data;
    expect(empty).toEqual({
      total: 0,
      recentCount: 0,
      conversionRate: 0,
      byStatus: { DRAFT: 0, SUBMITTED: 0, UNDER_REVIEW: 0, APPROVED: 0, REJECTED: 0 },
    });

    // Sent 8 days ago (the clock is set back for it, so the admins' sessions stay fresh).
    const eightDays = 8 * 24 * 60 * 60_000;
    t.clock.advance(-eightDays);
    const old = await submit({ company_name: 'Old Co' });
    t.clock.advance(eightDays);
    const apps = [old, await submit(), await submit(), await submit(), await submit()];
    // Undecided ones do not count toward the rate: nothing decided yet is 0, not 100 or NaN.
    await as('REVIEWER', 'PUT', `${ONBOARDING}/${apps[1]!.id}/status`, { status: 'UNDER_REVIEW' });
    expect((await as('READ_ONLY', 'GET', `${ONBOARDING}/stats`)).json.data.conversionRate).toBe(0);

    await as('REVIEWER', 'PUT', `${ONBOARDING}/${apps[0]!.id}/status`, { status: 'APPROVED' });
    await as('REVIEWER', 'PUT', `${ONBOARDING}/${apps[2]!.id}/status`, { status: 'APPROVED' });
    await as('REVIEWER', 'PUT', `${ONBOARDING}/${apps[3]!.id}/status`, { status: 'REJECTED' });
    const stats = (await as('READ_ONLY', 'GET', `${ONBOARDING}/stats`)).json.data;
    expect(stats).toEqual({
      total: 5,
      recentCount: 4,
      conversionRate: 67,
      byStatus: { DRAFT: 0, SUBMITTED: 1, UNDER_REVIEW: 1, APPROVED: 2, REJECTED: 1 },
    });
  });

  it('shows every field of an application with the EIN masked, the signature image and the review history', async () => {
    const { id, onboardingId } = await submit({ address_line2: '', description: 'A sentence about us.' });
    const res = await as('READ_ONLY', 'GET', `${ONBOARDING}/${id}`);
    expect(res.status).toBe(200);
    const detail = issuerApplicationDetailResponseSchema.parse(res.json).data;
    expect(detail).toMatchObject({
      id,
      company_name: 'Acme Holdings',
      legal_name: 'Acme Holdings, Inc.',
      entity_type: 'CORPORATION',
      incorporation_state: 'DE',
      incorporation_date: '2015-03-01',
      ein: '**-***6789',
      contact_name: 'Dana Whitfield',
      contact_email: 'dana@acme.example',
      address_line1: '100 Market Street',
      city: 'San Francisco',
      state: 'CA',
      postal_code: '94105',
      country: 'USA',
      description: 'A sentence about us.',
      shareholder_count: '51-100',
      comments: 'Please call after 3pm Eastern.',
      status: 'SUBMITTED',
      admin_notes: null,
      session_token: 'session-token-000000000001',
      ip_address: '10.0.1.1',
      // What the wizard does not collect.
      revenue: null,
      industry: null,
      contact_title: null,
      funding_stage: null,
      previous_funding: null,
      outstanding_shares: null,
      share_price: null,
      valuation: null,
      legal_counsel: null,
      previous_securities_offerings: null,
      regulatory_history: null,
      board_composition: null,
      reason: null,
      timeline: null,
    });
    expect(detail.contact_phone?.replace(/\D/g, '')).toBe('4155550100');
    expect(detail.address_line2 ?? '').toBe('');
    expect(detail.application_data.onboardingId).toBe(onboardingId);
    expect(detail.signatures).toEqual([
      {
        id: expect.any(String),
        created_at: expect.any(String),
        signature_name: 'Dana Whitfield',
        signature_title: 'Chief Executive Officer',
      },
    ]);
    expect(detail.reviewHistory).toEqual([
      { status: 'SUBMITTED', notes: null, timestamp: expect.any(String), reviewedBy: 'Applicant' },
    ]);
    expect(detail.signature_data).toMatch(/^data:image\/png;base64,/);
    const image = await sharp(
      Buffer.from(detail.signature_data!.slice('data:image/png;base64,'.length), 'base64'),
    ).metadata();
    expect(image).toMatchObject({ format: 'png', width: 600, height: 150 });
    // The EIN appears nowhere whole: not in the detail, not in the raw application data.
    expect(res.text).not.toContain('3456789');

    expect((await as('READ_ONLY', 'GET', `${ONBOARDING}/${UNKNOWN_ID}`)).json).toMatchObject({
      code: 'NOT_FOUND',
      message: M.notFound,
    });
    expect((await as('READ_ONLY', 'GET', `${ONBOARDING}/not-a-uuid`)).status).toBe(404);
  });

  it('changes the status with notes, appending who, when and why to the review history; e-mails the applicant on APPROVED and REJECTED only', async () => {
    const { id, onboardingId } = await submit({ contact_email: 'cfo@acme.example' });
    const review = await as('REVIEWER', 'PUT', `${ONBOARDING}/${id}/status`, {
      status: 'under_review',
      notes: '  Checking the articles of incorporation  ',
    });
    expect(review.status).toBe(200);
    const reviewed = issuerApplicationChangeResponseSchema.parse(review.json);
    expect(reviewed.message).toBe(M.statusUpdated);
    expect(reviewed.data.status).toBe('UNDER_REVIEW');
    expect(reviewed.data.reviewHistory.at(-1)).toEqual({
      status: 'UNDER_REVIEW',
      notes: 'Checking the articles of incorporation',
      timestamp: t.clock.now().toISOString(),
      reviewedBy: 'reviewer',
    });
    expect(await decisionMails()).toHaveLength(0);

    t.clock.advance(60_000);
    // The same status again is allowed and still recorded (a note on its own is part of the record).
    const again = await as('ADMIN', 'PUT', `${ONBOARDING}/${id}/status`, {
      status: 'UNDER_REVIEW',
      notes: 'Asked for the bylaws',
    });
    expect(again.json.data.reviewHistory).toHaveLength(3);
    expect(again.json.data.reviewHistory.at(-1)).toMatchObject({
      status: 'UNDER_REVIEW',
      notes: 'Asked for the bylaws',
      reviewedBy: 'admin',
    });

    t.clock.advance(60_000);
    const approved = await as('REVIEWER', 'PUT', `${ONBOARDING}/${id}/status`, { status: 'APPROVED' });
    expect(approved.json.data).toMatchObject({ status: 'APPROVED', updated_at: t.clock.now().toISOString() });
    expect(
      approved.json.data.reviewHistory.map((e: { status: string; notes: string | null }) => [e.status, e.notes]),
    ).toEqual([
      ['SUBMITTED', null],
      ['UNDER_REVIEW', 'Checking the articles of incorporation'],
      ['UNDER_REVIEW', 'Asked for the bylaws'],
      ['APPROVED', null],
    ]);
    const mails = await decisionMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      toAddress: 'cfo@acme.example',
      relatedId: id,
      subject: 'Your issuer application has been approved',
    });
    const body = t.deps.cipher.decrypt(mails[0]!.bodyEncrypted, fieldContext.emailBody(mails[0]!.id));
    // The contact address was never proven: the applicant's own words stay out of it.
    expect(body).not.toContain('Dana Whitfield');
    expect(body).toContain(onboardingId);
    expect(body).toContain('approved');

    // Approving again records the entry but does not e-mail the same decision twice.
    await as('REVIEWER', 'PUT', `${ONBOARDING}/${id}/status`, { status: 'APPROVED', notes: 'Countersigned' });
    expect(await decisionMails()).toHaveLength(1);

    const other = await submit({ contact_email: 'ops@nordic.example' });
    await as('REVIEWER', 'PUT', `${ONBOARDING}/${other.id}/status`, {
      status: 'REJECTED',
      notes: 'Internal: sanctions screening hit',
    });
    const rejected = (await decisionMails()).at(-1)!;
    expect(rejected).toMatchObject({
      toAddress: 'ops@nordic.example',
      relatedId: other.id,
      subject: 'An update on your issuer application',
    });
    // The reviewer's notes are for colleagues: they stay out of the applicant's e-mail.
    expect(t.deps.cipher.decrypt(rejected.bodyEncrypted, fieldContext.emailBody(rejected.id))).not.toContain(
      'sanctions',
    );

    const records = await activity('ISSUER_APPLICATION_STATUS_CHANGED');
    expect(records).toHaveLength(5);
    expect(records[0]).toMatchObject({
      adminUsername: 'reviewer',
      adminUserId: ids.REVIEWER,
      resourceType: 'issuer_application',
      resourceId: id,
    });
    expect(records[0]!.details).toMatchObject({
      changes: { status: { before: 'SUBMITTED', after: 'UNDER_REVIEW' } },
      notes: 'Checking the articles of incorporation',
      emailQueued: false,
    });
    expect(records[1]!.details).toMatchObject({ changes: {}, status: 'UNDER_REVIEW', notes: 'Asked for the bylaws' });
    expect(records[2]!.details).toMatchObject({
      changes: { status: { before: 'UNDER_REVIEW', after: 'APPROVED' } },
      emailQueued: true,
    });

    expect((await as('REVIEWER', 'PUT', `${ONBOARDING}/${id}/status`, { status: 'DONE' })).json).toMatchObject({
      code: 'VALIDATION_ERROR',
      errors: { status: M.statusInvalid },
    });
    expect((await as('REVIEWER', 'PUT', `${ONBOARDING}/${id}/status`, {})).status).toBe(400);
    expect(
      (await as('REVIEWER', 'PUT', `${ONBOARDING}/${id}/status`, { status: 'APPROVED', notes: 'x'.repeat(2001) })).json
        .errors,
    ).toEqual({ notes: M.reviewNotesTooLong });
    expect((await as('REVIEWER', 'PUT', `${ONBOARDING}/${id}/status`, 'not json')).status).toBe(400);
    expect((await as('REVIEWER', 'PUT', `${ONBOARDING}/${UNKNOWN_ID}/status`, { status: 'APPROVED' })).status).toBe(
      404,
    );
    expect((await as('REVIEWER', 'PUT', `${ONBOARDING}/nope/status`, { status: 'APPROVED' })).status).toBe(404);
    const [stored] = await t.deps.db.select().from(issuerApplications).where(eq(issuerApplications.id, id));
    expect(stored!.status).toBe('APPROVED');
  });

  it('saves and clears admin notes, with before and after in the activity log', async () => {
    const { id } = await submit();
    const saved = await as('REVIEWER', 'PUT', `${APPLICATIONS}/${id}/notes`, {
      adminNotes: 'Spoke with the CFO; documents by Friday',
    });
    expect(saved.status).toBe(200);
    expect(issuerApplicationChangeResponseSchema.parse(saved.json)).toMatchObject({
      message: M.notesUpdated,
      data: { admin_notes: 'Spoke with the CFO; documents by Friday' },
    });
    expect((await as('READ_ONLY', 'GET', `${ONBOARDING}/${id}`)).json.data.admin_notes).toBe(
      'Spoke with the CFO; documents by Friday',
    );
    // The same text again changes and records nothing.
    await as('REVIEWER', 'PUT', `${APPLICATIONS}/${id}/notes`, {
      adminNotes: 'Spoke with the CFO; documents by Friday',
    });
    expect(
      (await as('REVIEWER', 'PUT', `${APPLICATIONS}/${id}/notes`, { adminNotes: '  ' })).json.data.admin_notes,
    ).toBeNull();
    expect(
      (await as('REVIEWER', 'PUT', `${APPLICATIONS}/${id}/notes`, { adminNotes: 'x'.repeat(5001) })).json.errors,
    ).toEqual({ adminNotes: M.notesTooLong });
    expect((await as('REVIEWER', 'PUT', `${APPLICATIONS}/${id}/notes`, {})).status).toBe(400);
    expect((await as('REVIEWER', 'PUT', `${APPLICATIONS}/${UNKNOWN_ID}/notes`, { adminNotes: 'x' })).status).toBe(404);
    expect((await as('REVIEWER', 'PUT', `${APPLICATIONS}/123/notes`, { adminNotes: 'x' })).status).toBe(404);
    const records = await activity('ISSUER_APPLICATION_NOTES_UPDATED');
    expect(records.map((r) => (r.details as { changes: unknown }).changes)).toEqual([
      { adminNotes: { before: null, after: 'Spoke with the CFO; documents by Friday' } },
      { adminNotes: { before: 'Spoke with the CFO; documents by Friday', after: null } },
    ]);
    expect(records[0]).toMatchObject({ adminUsername: 'reviewer', resourceType: 'issuer_application', resourceId: id });
  });

  describe('CSV export', () => {
    const exportCsv = (query = '') =>
      t.app.request(`${APPLICATIONS}/export/csv${query}`, { headers: { Authorization: `Bearer ${tokens.ADMIN}` } });
    const records = (text: string) => parse(text, { bom: true, columns: true }) as Record<string, string>[];

    it('is UTF-8 with a BOM, named by the date, with the agreed columns, the signer, and no EIN', async () => {
      const { id, onboardingId } = await submit({
        company_name: 'Nordic, Capital & "Co"',
        contact_name: 'Zoë Ångström',
        shareholder_count: '1000+',
      });
      await as('REVIEWER', 'PUT', `${APPLICATIONS}/${id}/notes`, { adminNotes: 'Line one\nLine two' });
      const res = await exportCsv();
      expect(res.status).toBe(200);
      expect(res.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
      expect(res.headers.get('Content-Disposition')).toBe(
        `attachment; filename="issuer-applications-${t.clock.now().toISOString().slice(0, 10)}.csv"`,
      );
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
      expect(text.slice(1).split('\r\n')[0]).toBe(
        'ID,Onboarding ID,Submitted,Company,Legal Name,Entity Type,State of Incorporation,Contact Name,Email,Phone,Address,City,State,ZIP,Shareholders,Status,Signed,Signer,Admin Notes',
      );
      expect(text).not.toContain('3456789');
      const [row] = records(text);
      expect(row).toMatchObject({
        ID: id,
        'Onboarding ID': onboardingId,
        Company: 'Nordic, Capital & "Co"',
        'Legal Name': 'Acme Holdings, Inc.',
        'Entity Type': 'CORPORATION',
        'State of Incorporation': 'DE',
        'Contact Name': 'Zoë Ångström',
        Email: 'dana@acme.example',
        Address: '100 Market Street, Suite 400',
        City: 'San Francisco',
        State: 'CA',
        ZIP: '94105',
        Shareholders: '1000+',
        Status: 'SUBMITTED',
        Signed: 'Yes',
        Signer: 'Dana Whitfield, Chief Executive Officer',
        'Admin Notes': 'Line one\nLine two',
      });
      expect(Number.isNaN(Date.parse(row!.Submitted!))).toBe(false);
    });

    it('puts an apostrophe before a cell that a spreadsheet would run as a formula', async () => {
      await submit({ company_name: '=HYPERLINK("http://evil.example","x")', contact_name: '@SUM(A1)' });
      const [row] = records(await (await exportCsv()).text());
      expect(row).toMatchObject({ Company: `'=HYPERLINK("http://evil.example","x")`, 'Contact Name': `'@SUM(A1)` });
    });

    it('holds exactly the rows the filters match, and records each export with its filters and row count', async () => {
      const acme = await submit({ company_name: 'Acme Holdings' });
      await submit({ company_name: 'Bell Family Trust', entity_type: 'TRUST' });
      const nordic = await submit({ company_name: 'Nordic Capital' });
      await as('REVIEWER', 'PUT', `${ONBOARDING}/${acme.id}/status`, { status: 'APPROVED' });
      await as('REVIEWER', 'PUT', `${ONBOARDING}/${nordic.id}/status`, { status: 'APPROVED' });
      const companies = async (query: string) => records(await (await exportCsv(query)).text()).map((r) => r.Company);
      expect(await companies('?status=APPROVED')).toEqual(['Nordic Capital', 'Acme Holdings']);
      expect(await companies('?status=approved&search=holdings&page=2&limit=1')).toEqual(['Acme Holdings']);
      expect(await companies('?search=bell')).toEqual(['Bell Family Trust']);
      expect(await companies('')).toEqual(['Nordic Capital', 'Bell Family Trust', 'Acme Holdings']);
      const headerOnly = new TextDecoder('utf-8', { ignoreBOM: true }).decode(
        await (await exportCsv('?status=REJECTED')).arrayBuffer(),
      );
      expect(headerOnly).toMatch(/^\uFEFFID,Onboarding ID,[^\r\n]*Admin Notes\r\n$/);
      expect((await exportCsv('?status=NOPE')).status).toBe(400);

      const exports = await activity('ISSUER_APPLICATIONS_EXPORTED');
      expect(exports.map((r) => r.details)).toEqual([
        expect.objectContaining({ filters: { status: 'APPROVED' }, rowCount: 2 }),
        expect.objectContaining({ filters: { status: 'APPROVED', search: 'holdings' }, rowCount: 1 }),
        expect.objectContaining({ filters: { search: 'bell' }, rowCount: 1 }),
        expect.objectContaining({ filters: {}, rowCount: 3 }),
        expect.objectContaining({ filters: { status: 'REJECTED' }, rowCount: 0 }),
      ]);
      expect(exports[0]).toMatchObject({
        adminUsername: 'admin',
        resourceType: 'issuer_application',
        resourceId: null,
      });
    });
  });
});
