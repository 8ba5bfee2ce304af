import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { emailOutbox } from '@ledgerwell/db/schema';
import { OWN_REQUEST_MESSAGES, ownRequestDetailResponseSchema } from '@ledgerwell/shared/portal-request-detail';
import { SAMPLE_DWAC_TRANSFER } from '@ledgerwell/shared/portal-requests.fixtures';
import { portalFixtures } from '../../test/portal-fixtures';
import { createAdminUser, createTestApp, loginToken, type TestApp } from '../../test/test-app';
import { fieldContext } from '../../lib/field-encryption';

/** A private sale by DEMO02: both the seller's and the buyer's tax IDs are in the body. */
const SALE = {
  transfer_type: 'sale',
  transfer_all_shares: false,
  transfer_shares_text: '2,500',
  transfer_shares_count: 2500,
  shareholder_tax_id: '987-65-4321',
  preferred_contact_type: 'PHONE',
  preferred_contact: '(555) 010-2001',
  buyerEntityType: 'entity',
  buyerEntityName: 'Harbor Point Capital LLC',
  buyerEmail: 'deals@harborpoint.example.com',
  buyerTaxId: '45-6789012',
  buyerAddressLine1: '500 Pacific Ave',
  buyerCity: 'San Francisco',
  buyerState: 'CA',
  buyerPostalCode: '94133',
  buyerCountry: 'United States',
  pricePerShare: '14.25',
};

describe('GET /api/shareholder-portal/requests/{id}', () => {
  let t: TestApp;
  let portal: ReturnType<typeof portalFixtures>;
  /** DEMO01 (account 100200300) and DEMO02 (account 200300400): two holders. */
  let dana: string;
  let marcus: string;
  let reviewer: string;

  beforeEach(async () => {
    t = await createTestApp();
    portal = portalFixtures(t);
    await portal.seed();
    await createAdminUser(t.deps, { username: 'rita', password: 'Correct-Horse-7', role: 'REVIEWER' });
    reviewer = await loginToken(t, 'rita', 'Correct-Horse-7');
    dana = await portal.signIn('DEMO01', '100200300');
    marcus = await portal.signIn('DEMO02', '200300400');
  });
  afterEach(() => t.close());

  const detail = (id: string, token: string | undefined) =>
    t.request('GET', `/api/shareholder-portal/requests/${id}`, token === undefined ? {} : { token });
  async function ownDetail(id: string, token: string) {
    const res = await detail(id, token);
    expect(res.status, res.text).toBe(200);
    return ownRequestDetailResponseSchema.parse(res.json).request;
  }
  const staff = (method: string, path: string, body?: unknown) =>
    t.request(method, `/api/admin/requests/${path}`, { token: reviewer, ...(body === undefined ? {} : { body }) });
  const documentOf = async (id: string, type: string) =>
    ((await staff('GET', id)).json.data.verificationDocuments as { id: string; type: string }[]).find(
      (document) => document.type === type,
    )!;

  it("shows the holder's own inquiry: its status, history and message, and nothing needed", async () => {
    const inquiry = await portal.inquiry(dana, 'When is the next dividend paid?');
    const request = await ownDetail(inquiry.id, dana);
    expect(request).toMatchObject({
      id: inquiry.id,
      referenceNumber: inquiry.referenceNumber,
      requestType: 'INQUIRY',
      status: 'PENDING',
      history: [{ status: 'PENDING', at: t.clock.now().toISOString(), reason: null }],
      submitted: [{ field: 'inquiry_message', label: 'Your message', value: 'When is the next dividend paid?' }],
      needed: [],
    });
  });

  it('shows a transfer in the words of its form, tax IDs only as their last four digits', async () => {
    const sale = await portal.submit(marcus, 'TRANSFER', SALE);
    const res = await detail(sale.id, marcus);
    expect(res.status).toBe(200);
    const shown = Object.fromEntries(
      ownRequestDetailResponseSchema.parse(res.json).request.submitted.map((line) => [line.label, line.value]),
    );
    expect(shown).toMatchObject({
      'Transfer type': 'Private sale',
      'Number of shares': '2,500',
      'The buyer is': 'Entity (company, trust or fund)',
      'Entity name': 'Harbor Point Capital LLC',
      'Buyer tax ID': '•••• 9012',
      'Price per share (USD)': '$14.25',
      Total: '$35,625.00',
      "Seller's tax ID (yours)": '•••• 4321',
      'Preferred contact (email or phone)': '(555) 010-2001',
    });
    expect(shown).not.toHaveProperty('Receiving firm name');
    // Neither tax ID, in any spelling, nor the verification code, anywhere in the answer.
    for (const secret of ['987-65-4321', '987654321', '65-4321', '45-6789012', '456789012', sale.code!]) {
      expect(res.text).not.toContain(secret);
    }

    const dwac = await portal.transfer(dana, 10);
    const lines = (await ownDetail(dwac.id, dana)).submitted;
    expect(lines.map((line) => line.label)).toEqual([
      'Transfer type',
      'Number of shares',
      'Receiving firm name',
      'DTC number',
      'Receiving account number',
      'Account registration name',
      'Your tax ID',
      'Preferred contact (email or phone)',
    ]);
    expect(lines.find((line) => line.field === 'shareholder_tax_id')?.value).toBe('•••• 6789');
    expect(lines.find((line) => line.field === 'transfer_type')?.value).toBe('DWAC (Deposit/Withdrawal at Custodian)');
    expect(JSON.stringify(lines)).not.toContain(SAMPLE_DWAC_TRANSFER.shareholder_tax_id);
  });

  it('lists the identity photos a transfer still needs until all three are in', async () => {
    const transfer = await portal.transfer(marcus);
    const photosNeeded = async () => (await ownDetail(transfer.id, marcus)).needed;
    expect(await photosNeeded()).toEqual([
      {
        kind: 'IDENTITY_PHOTOS',
        photos: [
          { documentType: 'selfie', state: 'MISSING', rejectionReason: null },
          { documentType: 'id_front', state: 'MISSING', rejectionReason: null },
          { documentType: 'id_back', state: 'MISSING', rejectionReason: null },
        ],
      },
    ]);
    await portal.uploadPhoto(transfer.code!, 'selfie');
    expect(await photosNeeded()).toEqual([
      {
        kind: 'IDENTITY_PHOTOS',
        photos: [
          { documentType: 'id_front', state: 'MISSING', rejectionReason: null },
          { documentType: 'id_back', state: 'MISSING', rejectionReason: null },
        ],
      },
    ]);
    await portal.uploadPhoto(transfer.code!, 'id_front');
    await portal.uploadPhoto(transfer.code!, 'id_back');
    const request = await ownDetail(transfer.id, marcus);
    expect(request.needed).toEqual([]);
    expect(request.status).toBe('VERIFICATION_SUBMITTED');
    expect(request.history.map((change) => change.status)).toEqual(['AWAITING_VERIFICATION', 'VERIFICATION_SUBMITTED']);
  });

  it("after staff reject a photo, asks for the set again with staff's reason on the rejected one, and shows nothing internal", async () => {
    const transfer = await portal.transfer(marcus);
    await portal.uploadAll(transfer.code!);
    expect((await staff('POST', `${transfer.id}/notes`, { notes: 'Internal: call the broker first' })).status).toBe(
      200,
    );
    expect((await staff('POST', `${transfer.id}/flag`, { reason: 'Internal: large holder' })).status).toBe(200);
    const front = await documentOf(transfer.id, 'id_front');
    const rejected = await staff('PUT', `${transfer.id}/documents/${front.id}/status`, {
      status: 'REJECTED',
      rejectionReason: 'Glare hides the date of birth',
    });
    expect(rejected.status, rejected.text).toBe(200);

    const res = await detail(transfer.id, marcus);
    const request = ownRequestDetailResponseSchema.parse(res.json).request;
    expect(request.status).toBe('AWAITING_VERIFICATION');
    expect(request.history.map((change) => change.status)).toEqual([
      'AWAITING_VERIFICATION',
      'VERIFICATION_SUBMITTED',
      'AWAITING_VERIFICATION',
    ]);
    expect(request.needed).toEqual([
      {
        kind: 'IDENTITY_PHOTOS',
        photos: [
          { documentType: 'selfie', state: 'MISSING', rejectionReason: null },
          { documentType: 'id_front', state: 'REJECTED', rejectionReason: 'Glare hides the date of birth' },
          { documentType: 'id_back', state: 'MISSING', rejectionReason: null },
        ],
      },
    ]);
    for (const internal of ['Internal: call the broker first', 'Internal: large holder', 'rita']) {
      expect(res.text).not.toContain(internal);
    }

    // The new photo of the rejected kind answers the rejection: only the two others are still asked for.
    const [mail] = await t.deps.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'DOCUMENT_REJECTED'));
    const newCode = /\/verify\/([A-Z0-9]+)/.exec(
      t.deps.cipher.decrypt(mail!.bodyEncrypted, fieldContext.emailBody(mail!.id)),
    )![1]!;
    await portal.uploadPhoto(newCode, 'id_front');
    expect((await ownDetail(transfer.id, marcus)).needed).toEqual([
      {
        kind: 'IDENTITY_PHOTOS',
        photos: [
          { documentType: 'selfie', state: 'MISSING', rejectionReason: null },
          { documentType: 'id_back', state: 'MISSING', rejectionReason: null },
        ],
      },
    ]);
  });

  it("shows staff decisions as status changes, a rejection's reason but no other decision note", async () => {
    const inquiry = await portal.inquiry(dana);
    expect((await staff('PUT', `${inquiry.id}/status`, { status: 'PROCESSING', notes: 'Ask the issuer' })).status).toBe(
      200,
    );
    t.clock.advance(60 * 1000);
    await staff('PUT', `${inquiry.id}/status`, { status: 'REJECTED', notes: 'We need the account number' });
    const res = await detail(inquiry.id, dana);
    const request = ownRequestDetailResponseSchema.parse(res.json).request;
    expect(request.status).toBe('REJECTED');
    expect(request.history).toEqual([
      { status: 'PENDING', at: expect.any(String), reason: null },
      { status: 'PROCESSING', at: expect.any(String), reason: null },
      { status: 'REJECTED', at: t.clock.now().toISOString(), reason: 'We need the account number' },
    ]);
    expect(res.text).not.toContain('Ask the issuer');
    expect(res.text).not.toContain('rita');
  });

  it("answers another holder's request, an unknown id and a malformed id with the same 404", async () => {
    const theirs = await portal.transfer(marcus);
    expect((await detail(theirs.id, marcus)).status).toBe(200);
    const answers = await Promise.all(
      [theirs.id, '00000000-0000-4000-8000-000000000000', 'not-a-request-id', `${theirs.id}x`].map((id) =>
        detail(id, dana),
      ),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(answer.json).toMatchObject({ success: false, message: OWN_REQUEST_MESSAGES.notFound });
    }
    // Nothing of the other holder's request leaks through the error either.
    expect(answers[0]!.text).not.toContain(theirs.referenceNumber);
  });

  it('needs a signed-in portal token', async () => {
    const inquiry = await portal.inquiry(dana);
    expect((await detail(inquiry.id, undefined)).status).toBe(401);
    const step1 = await t.request('POST', '/api/shareholder-portal/validate-code', { body: { code: 'DEMO01' } });
    expect((await detail(inquiry.id, step1.json.token as string)).status).toBe(401);
    await t.request('POST', '/api/shareholder-portal/logout', { token: dana, body: {} });
    expect((await detail(inquiry.id, dana)).status).toBe(401);
  });
});
