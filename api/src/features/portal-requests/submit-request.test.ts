import { createHash, randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { idempotencyKeys, emailOutbox, shareholderRequests } from '@ledgerwell/db/schema';
import {
  REQUEST_MESSAGES as M,
  ownRequestsResponseSchema,
  submitRequestResponseSchema,
  submitRequestSchema,
} from '@ledgerwell/shared/portal-requests';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createFieldCipher, fieldContext } from '../../lib/field-encryption';
import { IDEMPOTENCY_TTL_MS, pruneIdempotencyKeys } from '../../lib/idempotency';
import { requestFingerprint } from './idempotency';
import { seedDemoRegistry } from '../registry/demo-registry';
import { hashVerificationCode, verificationCodeKey } from './verification-code';
import { SAMPLE_DWAC_TRANSFER } from '@ledgerwell/shared/portal-requests.fixtures';

const transfer = SAMPLE_DWAC_TRANSFER;
/** A private sale of 200 shares at $12.3456 to a company. */
const sale = {
  ...transfer,
  transfer_type: 'sale',
  receiving_firm_name: undefined,
  receiving_account_num: undefined,
  receiving_account_name: undefined,
  transfer_shares_text: '200',
  transfer_shares_count: 200,
  buyerEntityType: 'entity',
  buyerEntityName: 'Byron Holdings LLC',
  buyerEmail: 'deals@byron.example',
  buyerTaxId: '98-7654321',
  buyerAddressLine1: '2 Side St',
  buyerCity: 'Fresno',
  buyerState: 'CA',
  buyerPostalCode: '93721',
  buyerCountry: 'USA',
  pricePerShare: '12.3456',
};

describe('POST /api/shareholder-portal/submit-request', () => {
  let t: TestApp;
  let token: string;
  beforeEach(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://portal.example.test/' } });
    await seedDemoRegistry(t.deps);
    token = await signIn('DEMO01', '100200300');
  });
  afterEach(() => t.close());

  async function signIn(code: string, accountNumber: string) {
    const step1 = await t.request('POST', '/api/shareholder-portal/validate-code', { body: { code } });
    const step2 = await t.request('POST', '/api/shareholder-portal/validate-account', {
      token: step1.json.token,
      body: { accountNumber },
    });
    return step2.json.token as string;
  }
  const submit = (body: unknown, init: { token?: string; key?: string } = {}) =>
    t.request('POST', '/api/shareholder-portal/submit-request', {
      token: init.token ?? token,
      body,
      ...(init.key ? { headers: { 'Idempotency-Key': init.key } } : {}),
    });

  it('files a transfer awaiting verification, with a reference, a one-time code kept only as a keyed hash, and an encrypted e-mail', async () => {
    const res = await submit({ requestType: 'TRANSFER', formData: transfer });
    expect(res.status).toBe(201);
    expect(submitRequestResponseSchema.safeParse(res.json).success).toBe(true);
    expect(res.json.referenceNumber).toMatch(new RegExp(`^TR-${new Date().getUTCFullYear()}-\\d{6}$`));
    const code = res.json.data.verificationCode as string;
    expect(code).toMatch(/^[A-Z]+\d{4}[A-Z]+\d{4}$/);

    const [row] = await t.deps.db.select().from(shareholderRequests);
    expect(row).toMatchObject({
      status: 'AWAITING_VERIFICATION',
      requestType: 'TRANSFER',
      sharesCount: 1000,
      referenceNumber: res.json.referenceNumber,
    });
    expect(row!.verificationCodeHash).toBe(hashVerificationCode(verificationCodeKey(t.deps), code.toLowerCase()));
    expect(JSON.stringify(row)).not.toContain(code);
    expect(JSON.stringify(row!.formData)).not.toContain('123-45-6789');
    expect(row!.formData.shareholder_tax_id_last4).toBe('6789');
    expect(JSON.parse(t.deps.cipher.decrypt(row!.sensitiveEncrypted!, fieldContext.requestSensitive(row!.id)))).toEqual(
      { shareholder_tax_id: '123-45-6789' },
    );

    const [mail] = await t.deps.db.select().from(emailOutbox);
    expect(mail).toMatchObject({
      toAddress: 'dana.whitfield@example.com',
      kind: 'REQUEST_CONFIRMATION',
      status: 'PENDING',
    });
    expect(mail!.bodyEncrypted).not.toContain(code);
    const body = t.deps.cipher.decrypt(mail!.bodyEncrypted, fieldContext.emailBody(mail!.id));
    expect(body).toContain(res.json.referenceNumber);
    expect(body).toContain('2-3 business days');
    // An absolute link from PUBLIC_URL (trailing slash dropped), never from the request's Host.
    expect(body).toContain(`https://portal.example.test/verify/${code}`);
  });

  it('files the other three types as PENDING with their prefixes', async () => {
    const bodies = [
      {
        requestType: 'ADDRESS_CHANGE',
        formData: { new_address_line1: '9 Oak Ave', new_city: 'Fresno', new_state: 'CA', new_postal_code: '93721' },
      },
      {
        requestType: 'CERTIFICATE',
        formData: {
          certificate_reason: 'replacement',
          delivery_method: 'certified',
          preferred_contact: '(555) 010-2000',
          preferred_contact_type: 'PHONE',
          comments: 'Lost in a move',
        },
      },
      { requestType: 'INQUIRY', formData: { inquiry_message: 'When is the next dividend paid?' } },
    ];
    const references = [];
    for (const body of bodies) {
      const res = await submit(body);
      expect(res.status).toBe(201);
      expect(res.json.data.verificationCode).toBeUndefined();
      references.push(res.json.referenceNumber as string);
    }
    expect(references.map((r) => r.slice(0, 2))).toEqual(['AC', 'CR', 'IQ']);
    expect(new Set(references).size).toBe(3);
    const list = await t.request('GET', '/api/shareholder-portal/requests', { token });
    expect(ownRequestsResponseSchema.safeParse(list.json).success).toBe(true);
    expect(list.json.requests.map((r: { referenceNumber: string }) => r.referenceNumber).sort()).toEqual(
      [...references].sort(),
    );
    expect(list.json.requests.every((r: { status: string }) => r.status === 'PENDING')).toBe(true);
  });

  it('rounds a sale amount half up to the cent on the exact product: 1 share at $1.005 is $1.01', async () => {
    // In floating point 1.005 × 100 is 100.49999999999999, which rounded to $1.00.
    const res = await submit({
      requestType: 'TRANSFER',
      formData: { ...sale, transfer_shares_text: '1', transfer_shares_count: 1, pricePerShare: '1.005' },
    });
    expect(res.status, res.text).toBe(201);
    const [row] = await t.deps.db.select().from(shareholderRequests);
    expect(row).toMatchObject({ totalAmount: '1.01' });
    expect(row!.formData).toMatchObject({ totalAmount: 1.01 });
  });

  it('computes the amount of a private sale and refuses more shares than the account holds', async () => {
    const res = await submit({ requestType: 'TRANSFER', formData: sale });
    expect(res.status).toBe(201);
    const [row] = await t.deps.db.select().from(shareholderRequests);
    expect(row).toMatchObject({ transferType: 'sale', pricePerShare: '12.3456', totalAmount: '2469.12' });
    expect(row!.formData).toMatchObject({ numberOfShares: 200, totalAmount: 2469.12, buyerTaxId_last4: '4321' });

    const tooMany = await submit({
      requestType: 'TRANSFER',
      formData: { ...transfer, transfer_shares_count: 1501, transfer_shares_text: '1,501' },
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.json.errors).toEqual({ 'formData.transfer_shares_count': M.sharesAboveHoldings });
    expect(await t.deps.db.select().from(shareholderRequests)).toHaveLength(1);
  });

  it('refuses bad bodies and unknown fields with 400, storing nothing', async () => {
    const bad = await submit({ requestType: 'TRANSFER', formData: { ...transfer, receiving_firm_dtc: '12345' } });
    expect(bad.status).toBe(400);
    expect(bad.json.errors['formData.receiving_firm_dtc']).toBe(M.dtcTooLong);
    expect(
      (await submit({ requestType: 'INQUIRY', formData: { inquiry_message: 'Hello there', isAdmin: true } })).status,
    ).toBe(400);
    expect((await submit({ requestType: 'REFUND', formData: {} })).status).toBe(400);
    // One answer names every problem, the cross-field ones included.
    const empty = await submit({ requestType: 'TRANSFER', formData: {} });
    expect(empty.json.errors).toMatchObject({
      'formData.transfer_type': M.transferTypeRequired,
      'formData.shareholder_tax_id': M.taxIdRequired,
      'formData.receiving_firm_name': M.firmNameRequired,
      'formData.transfer_shares_count': M.sharesRequired,
      'formData.preferred_contact': M.contactRequired,
    });
    expect(await t.deps.db.select().from(shareholderRequests)).toHaveLength(0);
    expect(await t.deps.db.select().from(emailOutbox)).toHaveLength(0);
  });

  it('needs a signed-in portal token: none, a step-one token, a logged-out or an expired one are refused', async () => {
    const body = { requestType: 'INQUIRY', formData: { inquiry_message: 'Hello there, a question.' } };
    expect((await t.request('POST', '/api/shareholder-portal/submit-request', { body })).status).toBe(401);
    const step1 = await t.request('POST', '/api/shareholder-portal/validate-code', { body: { code: 'DEMO02' } });
    expect((await submit(body, { token: step1.json.token })).status).toBe(401);
    const other = await signIn('DEMO02', '200300400');
    await t.request('POST', '/api/shareholder-portal/logout', { token: other, body: {} });
    expect((await submit(body, { token: other })).status).toBe(401);
    t.clock.advance(16 * 60 * 1000);
    expect((await submit(body)).status).toBe(401);
    expect(await t.deps.db.select().from(shareholderRequests)).toHaveLength(0);
  });

  it('answers a retry with the same Idempotency-Key with the first answer, and a different body with 422', async () => {
    const body = { requestType: 'INQUIRY', formData: { inquiry_message: 'Please send my last statement.' } };
    const first = await submit(body, { key: 'retry-key-0001' });
    const again = await submit(body, { key: 'retry-key-0001' });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.json.referenceNumber).toBe(first.json.referenceNumber);
    expect(await t.deps.db.select().from(shareholderRequests)).toHaveLength(1);
    expect(await t.deps.db.select().from(emailOutbox)).toHaveLength(1);
    const different = await submit(
      { ...body, formData: { inquiry_message: 'Something else entirely.' } },
      { key: 'retry-key-0001' },
    );
    expect(different.status).toBe(422);
    expect((await submit(body, { key: 'bad key!' })).status).toBe(400);
  });

  describe('idempotency records', () => {
    const withTaxId = (taxId: string) => ({
      requestType: 'TRANSFER',
      formData: { ...transfer, shareholder_tax_id: taxId },
    });

    it('keep a keyed MAC of the body, never its plain hash, with the tax IDs outside the body part', async () => {
      expect((await submit(withTaxId('123-45-6789'), { key: 'retry-key-0002' })).status).toBe(201);
      const [record] = await t.deps.db.select().from(idempotencyKeys);
      const input = submitRequestSchema.parse(withTaxId('123-45-6789'));
      expect(record!.requestHash).toBe(requestFingerprint(t.deps.cipher, input));
      expect(record!.requestHash).not.toContain(createHash('sha256').update(JSON.stringify(input)).digest('hex'));
      // Keyed: the same body under another encryption key gives another value, so a dump alone tests no guess.
      expect(requestFingerprint(createFieldCipher(randomBytes(32)), input)).not.toBe(record!.requestHash);

      const [body, taxPart] = record!.requestHash.split('.');
      const [otherBody, otherTaxPart] = requestFingerprint(
        t.deps.cipher,
        submitRequestSchema.parse(withTaxId('987-65-4321')),
      ).split('.');
      expect(otherBody).toBe(body);
      expect(otherTaxPart).not.toBe(taxPart);
    });

    it('refuse a retry whose only change is the tax ID, rather than replay an answer that kept the old one', async () => {
      expect((await submit(withTaxId('123-45-6789'), { key: 'retry-key-0003' })).status).toBe(201);
      expect((await submit(withTaxId('123-45-6780'), { key: 'retry-key-0003' })).status).toBe(422);
      expect(await t.deps.db.select().from(shareholderRequests)).toHaveLength(1);
    });

    it('are not replayed after 24 hours, and the sweep deletes them', async () => {
      const body = { requestType: 'INQUIRY', formData: { inquiry_message: 'Please send my last statement.' } };
      const first = await submit(body, { key: 'retry-key-0004' });
      t.clock.advance(IDEMPOTENCY_TTL_MS - 60 * 1000);
      await pruneIdempotencyKeys(t.deps.db, t.clock);
      expect(await t.deps.db.select().from(idempotencyKeys)).toHaveLength(1);

      t.clock.advance(2 * 60 * 1000);
      const later = await submit(body, { key: 'retry-key-0004', token: await signIn('DEMO01', '100200300') });
      expect(later.status).toBe(201);
      expect(later.json.referenceNumber).not.toBe(first.json.referenceNumber);
      expect(await t.deps.db.select().from(shareholderRequests)).toHaveLength(2);

      t.clock.advance(IDEMPOTENCY_TTL_MS + 1);
      await pruneIdempotencyKeys(t.deps.db, t.clock);
      expect(await t.deps.db.select().from(idempotencyKeys)).toHaveLength(0);
    });
  });
});
