import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  emailOutbox,
  rateLimitHits,
  issuerApplicationReviews,
  issuerApplicationSignatures,
  issuerApplications,
  issuerOnboardingSessions,
} from '@ledgerwell/db/schema';
import {
  ONBOARDING_MESSAGES as M,
  ONBOARDING_TIMELINE,
  type OnboardingForm,
} from '@ledgerwell/shared/issuer-onboarding';
import { sampleSubmitBody } from '@ledgerwell/shared/issuer-onboarding.fixtures';
import { CONFIRMATIONS_PER_RECIPIENT_PER_DAY } from './emails';
import { fieldContext } from '../../lib/field-encryption';
import { bombPng, photoJpeg, photoPng } from '../../test/images';
import { createTestApp, type TestApp } from '../../test/test-app';
import { SUBMIT_MAX_PER_IP } from './submit-application';
import { START_MAX_PER_IP } from './start-session';

const dataUrl = (bytes: Buffer) => `data:image/png;base64,${bytes.toString('base64')}`;

let ipCounter = 0;
/** Each test speaks from its own address, so the per-address throttle only shows where a test wants it. */
const freshIp = () => `198.51.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;
let idCounter = 0;
let applicantCounter = 0;
const freshId = () => `issuer_1767607200000_test${String(++idCounter).padStart(6, '0')}`;

describe('POST /api/issuer-onboarding/submit', () => {
  let t: TestApp;
  let signature: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '1' } });
    signature = dataUrl(await photoPng(600, 200));
  });
  afterAll(() => t.close());

  const body = (
    options: {
      onboardingId?: string;
      form?: Partial<OnboardingForm> & Record<string, unknown>;
      signatureDataUrl?: string;
    } = {},
  ) =>
    sampleSubmitBody({
      onboardingId: options.onboardingId ?? freshId(),
      signatureDataUrl: options.signatureDataUrl ?? signature,
      // An address of its own per application: one address gets at most 3 confirmations a day.
      form: { contact_email: `applicant-${++applicantCounter}@acme.example`, ...options.form },
    });
  const post = (value: unknown, ip = freshIp()) =>
    t.request('POST', '/api/issuer-onboarding/submit', {
      body: value,
      headers: { 'X-Forwarded-For': ip, 'User-Agent': 'OnboardingTest/1.0' },
    });
  const applicationsWith = (onboardingId: string) =>
    t.deps.db.select().from(issuerApplications).where(eq(issuerApplications.onboardingId, onboardingId));
  const mailsFor = async (applicationId: string) => {
    const rows = await t.deps.db.select().from(emailOutbox).where(eq(emailOutbox.relatedId, applicationId));
    return rows.map((row) => ({
      ...row,
      body: t.deps.cipher.decrypt(row.bodyEncrypted, fieldContext.emailBody(row.id)),
    }));
  };

  /** Answers 400 with exactly these field errors and stores nothing under the body's id. */
  async function expectRefused(value: ReturnType<typeof body>, errors: Record<string, string>) {
    const res = await post(value);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect(res.json.errors).toEqual(errors);
    expect(await applicationsWith(value.final_application_data.onboardingId as string)).toHaveLength(0);
  }

  it.each([
    ['company_name', M.companyNameRequired],
    ['entity_type', M.entityTypeRequired],
    ['contact_name', M.contactNameRequired],
    ['contact_email', M.contactEmailRequired],
    ['contact_phone', M.contactPhoneRequired],
    ['legal_name', M.legalNameRequired],
    ['incorporation_state', M.incorporationStateRequired],
    ['incorporation_date', M.incorporationDateRequired],
    ['ein', M.einRequired],
    ['address_line1', M.addressRequired],
    ['city', M.cityRequired],
    ['state', M.stateRequired],
    ['postal_code', M.zipRequired],
    ['signature_name', M.signatureNameRequired],
    ['signature_title', M.signatureTitleRequired],
  ])('refuses a missing %s with "%s"', async (field, message) => {
    const missing = body();
    delete missing.final_application_data[field];
    await expectRefused(missing, { [field]: message });
    // Blank counts as missing: values are trimmed first.
    await expectRefused(body({ form: { [field]: '   ' } }), { [field]: message });
  });

  it.each([
    ['documents_reviewed', false, M.documentsReviewRequired],
    ['agreements_accepted', false, M.agreementsRequired],
    ['agreement_accepted', false, M.agreementRequired],
    ['signatureData', null, M.signatureRequired],
  ] as const)('refuses %s = %s', async (field, value, message) => {
    await expectRefused(body({ form: { [field]: value } }), {
      [field === 'signatureData' ? 'signature' : field]: message,
    });
  });

  it('refuses a body whose own agreement is not true, and a missing signature', async () => {
    const value = body();
    await expectRefused({ ...value, agreement_accepted: false as never }, { agreement_accepted: M.agreementRequired });
    await expectRefused({ ...value, signature_data: '' }, { signature_data: M.signatureRequired });
  });

  it.each([
    ['ein', '12-345678', M.einInvalid],
    ['ein', '12345678X', M.einInvalid],
    ['ein', '1'.repeat(5000), M.einInvalid],
    ['postal_code', '1234', M.zipInvalid],
    ['postal_code', '12345-67', M.zipInvalid],
    ['state', 'ZZ', M.stateInvalid],
    ['incorporation_state', 'Delaware', M.stateInvalid],
    ['entity_type', 'SOLE_PROPRIETOR', M.entityTypeInvalid],
    ['contact_email', 'ada@acme', M.emailInvalid],
    ['contact_phone', '555-0102', M.phoneInvalid],
  ])('refuses %s = %s', async (field, value, message) => {
    await expectRefused(body({ form: { [field]: value } }), { [field]: message });
  });

  it('refuses a body that is not JSON or not an object', async () => {
    const res = await t.request('POST', '/api/issuer-onboarding/submit', {
      body: '{not json',
      headers: { 'X-Forwarded-For': freshIp() },
    });
    expect(res.status).toBe(400);
    expect((await post('"hello"')).status).toBe(400);
  });

  describe('the signature image', () => {
    it('refuses a data URL over 512,000 characters', async () => {
      const big = `data:image/png;base64,${'A'.repeat(520_000)}`;
      // The form's own copy of the drawing is held to the same rule.
      await expectRefused(body({ signatureDataUrl: big }), {
        signature_data: M.signatureInvalid,
        signature: M.signatureInvalid,
      });
    });

    it('answers 413 for a body over the route limit', async () => {
      const res = await post({ ...body(), padding: 'x'.repeat(1_200_000) });
      expect(res.status).toBe(413);
    });

    it('refuses a JPEG sent under a PNG data URL (magic bytes)', async () => {
      await expectRefused(body({ signatureDataUrl: dataUrl(await photoJpeg(600, 200)) }), {
        signature_data: M.signatureInvalid,
      });
    });

    it('refuses data that is not an image at all', async () => {
      await expectRefused(body({ signatureDataUrl: dataUrl(Buffer.from('just some text, not a picture')) }), {
        signature_data: M.signatureInvalid,
      });
    });

    it('refuses a PNG that cannot be decoded', async () => {
      const png = await photoPng(600, 200);
      const garbage = Buffer.concat([png.subarray(0, 8), Buffer.from('garbage after the PNG signature')]);
      await expectRefused(body({ signatureDataUrl: dataUrl(garbage) }), { signature_data: M.signatureUnreadable });
      // A real header with its pixel data cut short: readable size, undecodable content.
      const truncated = png.subarray(0, Math.floor(png.length * 0.6));
      await expectRefused(body({ signatureDataUrl: dataUrl(truncated) }), { signature_data: M.signatureUnreadable });
    });

    it('refuses absurd sizes without decoding them', async () => {
      await expectRefused(body({ signatureDataUrl: dataUrl(bombPng()) }), { signature_data: M.signatureSize });
      await expectRefused(body({ signatureDataUrl: dataUrl(await photoPng(20, 20)) }), {
        signature_data: M.signatureSize,
      });
      await expectRefused(body({ signatureDataUrl: dataUrl(await photoPng(5000, 100)) }), {
        signature_data: M.signatureSize,
      });
    });
  });

  it('stores the application, its signature, its first review and the confirmation in one go', async () => {
    const onboardingId = freshId();
    const value = body({
      onboardingId,
      form: { company_name: '  Acme Robotics, Inc.  ', address_line2: 'Suite 400', comments: 'From the form' },
    });
    const ip = freshIp();
    const res = await post(value, ip);
    expect(res.status).toBe(201);
    const [row] = await applicationsWith(onboardingId);
    expect(row).toBeDefined();
    expect(res.json).toEqual({
      success: true,
      message: M.submitted,
      applicationId: onboardingId,
      id: row!.id,
      status: 'SUBMITTED',
    });
    expect(row).toMatchObject({
      status: 'SUBMITTED',
      companyName: 'Acme Robotics, Inc.',
      entityType: 'CORPORATION',
      contactEmail: value.final_application_data.contact_email,
      incorporationDate: '2019-03-14',
      einLast4: '6789',
      addressLine2: 'Suite 400',
      country: 'USA',
      shareholderCount: '51-100',
      submissionNotes: 'Please call before noon.',
      sessionToken: value.session_token,
      ipAddress: ip,
      userAgent: 'OnboardingTest/1.0',
      adminNotes: null,
    });

    // The EIN is ciphertext bound to the row; neither it nor the signature image is in application_data.
    expect(row!.einEncrypted).not.toContain('3456789');
    expect(t.deps.cipher.decrypt(row!.einEncrypted, fieldContext.issuerEin(row!.id))).toBe('12-3456789');
    expect(() => t.deps.cipher.decrypt(row!.einEncrypted, fieldContext.issuerEin('another-row'))).toThrow();
    const data = JSON.stringify(row!.applicationData);
    expect(data).not.toContain('3456789');
    expect(data).not.toContain('base64');
    expect(row!.applicationData).toMatchObject({
      onboardingId,
      ein: '**-***6789',
      company_name: 'Acme Robotics, Inc.',
      signatureData: { method: 'drawn' },
    });

    const [signatureRow] = await t.deps.db
      .select()
      .from(issuerApplicationSignatures)
      .where(eq(issuerApplicationSignatures.applicationId, row!.id));
    expect(signatureRow).toMatchObject({ signatureName: 'Ada Lovelace', signatureTitle: 'CEO' });
    expect(signatureRow!.signaturePng.subarray(0, 4).toString('hex')).toBe('89504e47');
    const reviews = await t.deps.db
      .select()
      .from(issuerApplicationReviews)
      .where(eq(issuerApplicationReviews.applicationId, row!.id));
    expect(reviews).toEqual([
      expect.objectContaining({ status: 'SUBMITTED', reviewedBy: 'Applicant', reviewedById: null, notes: null }),
    ]);

    const mails = await mailsFor(row!.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      toAddress: row!.contactEmail,
      kind: 'ISSUER_APPLICATION_RECEIVED',
      subject: 'We received your issuer application',
    });
    expect(mails[0]!.body).toContain(onboardingId);
    // Nobody proved the address: nothing the applicant typed goes into the e-mail.
    expect(mails[0]!.body).not.toContain('Acme Robotics');
    expect(mails[0]!.body).not.toContain('Ada Lovelace');
    for (const stage of ONBOARDING_TIMELINE) expect(mails[0]!.body).toContain(stage.title);
    expect(mails[0]!.body).not.toContain('3456789');
  });

  it('answers a resend of the same application exactly as the first time and stores nothing more', async () => {
    const value = body();
    const first = await post(value);
    expect(first.status).toBe(201);
    // From another address too: the browser's queue may send it from the next network.
    const again = await post(value);
    expect(again.status).toBe(201);
    expect(again.json).toEqual(first.json);
    // Whitespace the parse trims away is the same application.
    const spaced = { ...value, final_application_data: { ...value.final_application_data, city: ' Wilmington ' } };
    expect((await post(spaced)).json).toEqual(first.json);
    expect(await applicationsWith(value.final_application_data.onboardingId as string)).toHaveLength(1);
    expect(await mailsFor(first.json.id)).toHaveLength(1);
    expect(
      await t.deps.db
        .select()
        .from(issuerApplicationReviews)
        .where(eq(issuerApplicationReviews.applicationId, first.json.id)),
    ).toHaveLength(1);
  });

  it('refuses the same onboardingId with different content (409)', async () => {
    const value = body();
    expect((await post(value)).status).toBe(201);
    const changed = { ...value, final_application_data: { ...value.final_application_data, ein: '98-7654321' } };
    const res = await post(changed);
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({ success: false, code: 'CONFLICT', message: M.conflict });
    const [row] = await applicationsWith(value.final_application_data.onboardingId as string);
    expect(row!.einLast4).toBe('6789');
  });

  it('stores one application when the same one is sent several times at once', async () => {
    const value = body();
    const ip = freshIp();
    const answers = await Promise.all([post(value, ip), post(value, ip), post(value, freshIp())]);
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    expect(answers[1]!.json).toEqual(answers[0]!.json);
    expect(answers[2]!.json).toEqual(answers[0]!.json);
    const rows = await applicationsWith(value.final_application_data.onboardingId as string);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toBe(answers[0]!.json.id);
    expect(
      await t.deps.db
        .select()
        .from(issuerApplicationSignatures)
        .where(eq(issuerApplicationSignatures.applicationId, rows[0]!.id)),
    ).toHaveLength(1);
    expect(await mailsFor(rows[0]!.id)).toHaveLength(1);
  });

  it('refuses the loser of two different applications sent at once under one id', async () => {
    const value = body();
    const other = { ...value, final_application_data: { ...value.final_application_data, company_name: 'Other Co' } };
    const answers = await Promise.all([post(value), post(other)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(await applicationsWith(value.final_application_data.onboardingId as string)).toHaveLength(1);
  });

  it(`answers the ${SUBMIT_MAX_PER_IP + 1}th new application from one address within the hour with 429, never a resend`, async () => {
    const ip = '203.0.113.90';
    const first = body();
    expect((await post(first, ip)).status).toBe(201);
    for (let i = 1; i < SUBMIT_MAX_PER_IP; i++) expect((await post(body(), ip)).status).toBe(201);
    const blocked = await post(body(), ip);
    expect(blocked.status).toBe(429);
    expect(blocked.json).toMatchObject({ code: 'RATE_LIMITED', message: M.tooMany });
    expect(Number(blocked.headers.get('Retry-After'))).toBeGreaterThan(0);
    // A resend of what was stored is still answered; another address is not affected.
    expect((await post(first, ip)).status).toBe(201);
    expect((await post(body(), '203.0.113.91')).status).toBe(201);
    t.clock.advance(60 * 60 * 1000 + 1000);
    expect((await post(body(), ip)).status).toBe(201);
  });

  it("is no phishing relay: a stranger's address gets at most 3 confirmations a day whatever the source, none with the submitter's words", async () => {
    const lure = 'URGENT: your Ledgerwell account is locked - verify at http://evil.example/login';
    const stranger = 'Victim@Example.org';
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      // Each from a fresh address, the recipient's case varied: all count as one recipient.
      const value = body({
        form: {
          company_name: lure,
          contact_name: 'Click http://evil.example now',
          contact_email: i % 2 ? stranger : stranger.toLowerCase(),
        },
      });
      const res = await post(value, freshIp());
      // Every application is stored and answered as usual: only the e-mail is held back.
      expect(res.status).toBe(201);
      ids.push(res.json.id as string);
    }
    const mails = (await Promise.all(ids.map(mailsFor))).flat();
    expect(mails).toHaveLength(CONFIRMATIONS_PER_RECIPIENT_PER_DAY);
    // The limit's counter keeps a digest of the address, not the address.
    const keys = (await t.deps.db.select({ key: rateLimitHits.key }).from(rateLimitHits)).map((row) => row.key);
    expect(keys.filter((key) => key.startsWith('email-to:'))).not.toHaveLength(0);
    expect(keys.filter((key) => key.toLowerCase().includes('example.org'))).toEqual([]);
    for (const mail of mails) {
      expect(mail.subject).toBe('We received your issuer application');
      expect(mail.body).not.toMatch(/evil|URGENT|locked|Click/);
    }
    // A day later the address may be confirmed again.
    t.clock.advance(24 * 60 * 60 * 1000 + 1000);
    const later = await post(body({ form: { contact_email: stranger } }), freshIp());
    expect(await mailsFor(later.json.id as string)).toHaveLength(1);
  });
});

describe('the staff notice', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { ONBOARDING_NOTIFY_TO: 'onboarding-desk@ledgerwell.example', PUBLIC_URL: 'https://portal.example.com' },
    });
  });
  afterAll(() => t.close());

  it('goes to ONBOARDING_NOTIFY_TO with the company, the contact and the admin link, never the EIN', async () => {
    const value = sampleSubmitBody({ signatureDataUrl: dataUrl(await photoPng(600, 200)) });
    const res = await t.request('POST', '/api/issuer-onboarding/submit', { body: value });
    expect(res.status).toBe(201);
    const mails = (await t.deps.db.select().from(emailOutbox).where(eq(emailOutbox.relatedId, res.json.id))).map(
      (row) => ({
        ...row,
        body: t.deps.cipher.decrypt(row.bodyEncrypted, fieldContext.emailBody(row.id)),
      }),
    );
    expect(mails.map((m) => m.kind).sort()).toEqual(['ISSUER_APPLICATION_RECEIVED', 'ISSUER_APPLICATION_STAFF_NOTICE']);
    const notice = mails.find((m) => m.kind === 'ISSUER_APPLICATION_STAFF_NOTICE')!;
    expect(notice).toMatchObject({
      toAddress: 'onboarding-desk@ledgerwell.example',
      subject: 'New issuer application from Acme Robotics, Inc.',
    });
    expect(notice.body).toContain('Ada Lovelace');
    expect(notice.body).toContain('ada@acme.example');
    expect(notice.body).toContain('https://portal.example.com/admin/issuer-applications');
    expect(notice.body).not.toContain('3456789');
  });

  it('refuses a malformed ONBOARDING_NOTIFY_TO at start', async () => {
    await expect(createTestApp({ env: { ONBOARDING_NOTIFY_TO: 'not-an-address' } })).rejects.toThrow(
      /ONBOARDING_NOTIFY_TO/,
    );
  });
});

describe('POST /api/issuer-onboarding/start', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '1' } });
  });
  afterAll(() => t.close());

  const start = (sessionToken: unknown, ip = freshIp()) =>
    t.request('POST', '/api/issuer-onboarding/start', {
      body: { sessionToken },
      headers: { 'X-Forwarded-For': ip, 'User-Agent': 'StartTest/2.0' },
    });

  it('records the session once and its last visit after', async () => {
    const token = 'start_abcdefghijklmnopqrstuvwxyz';
    const ip = freshIp();
    const res = await start(token, ip);
    expect(res.status).toBe(201);
    expect(res.json).toEqual({ success: true });
    const [first] = await t.deps.db
      .select()
      .from(issuerOnboardingSessions)
      .where(eq(issuerOnboardingSessions.sessionToken, token));
    expect(first).toMatchObject({ ipAddress: ip, userAgent: 'StartTest/2.0' });
    t.clock.advance(5 * 60 * 1000);
    expect((await start(token)).status).toBe(201);
    const rows = await t.deps.db
      .select()
      .from(issuerOnboardingSessions)
      .where(eq(issuerOnboardingSessions.sessionToken, token));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.ipAddress).toBe(ip);
    expect(rows[0]!.lastSeenAt.getTime() - first!.lastSeenAt.getTime()).toBe(5 * 60 * 1000);
  });

  it.each([['short'], ['has spaces and is long enough'], ['x'.repeat(129)], [42]])(
    'refuses the token %#',
    async (token) => {
      const res = await start(token);
      expect(res.status).toBe(400);
      expect(res.json.errors).toEqual({ sessionToken: M.sessionInvalid });
    },
  );

  it(`answers the ${START_MAX_PER_IP + 1}th start from one address within the hour with 429`, async () => {
    const ip = '203.0.113.60';
    for (let i = 0; i < START_MAX_PER_IP; i++)
      expect((await start(`flood_${String(i).padStart(20, '0')}`, ip)).status).toBe(201);
    const blocked = await start('flood_after_the_limit_000', ip);
    expect(blocked.status).toBe(429);
    expect(blocked.json.message).toBe(M.tooManyStarts);
  });
});
