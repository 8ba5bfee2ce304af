import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contactSubmissions } from '@ledgerwell/db/schema';
import { CONTACT_MESSAGES as M } from '@ledgerwell/shared/contact';
import { startIntercomStub } from '../../test/intercom-stub';
import { createTestApp, type TestApp } from '../../test/test-app';
import { intercomMessagingService } from './messaging-service';
import { FORWARD_MAX_ATTEMPTS, retryDueForwards } from './submit-contact';

const valid = {
  name: 'Dana Whitfield',
  email: 'dana@example.com',
  company: 'Acme Corp',
  phone: '+1 (555) 010-2000',
  message: 'Please walk us through DWAC transfers.',
};
let ipCounter = 0;
const freshIp = () => `198.51.100.${++ipCounter}`;

describe('POST /api/contact without a messaging service', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '1' } });
  });
  afterEach(() => t.close());

  const post = (body: unknown, ip = freshIp()) =>
    t.request('POST', '/api/contact', { body, headers: { 'X-Forwarded-For': ip } });

  it.each([
    ['name', M.nameRequired, ''],
    ['name', M.nameTooShort, 'D'],
    ['email', M.emailRequired, ''],
    ['email', M.emailInvalid, 'dana@example'],
    ['phone', M.phoneInvalid, '12-34'],
    ['phone', M.phoneInvalid, 'not a phone'],
    ['message', M.messageRequired, ''],
    ['message', M.messageTooShort, 'Too short'],
    ['message', M.messageTooLong, 'x'.repeat(5001)],
  ])('refuses a bad %s with "%s" and stores nothing', async (field, message, value) => {
    const res = await post({ ...valid, [field]: value });
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual({ [field]: message });
    expect(await t.deps.db.select().from(contactSubmissions)).toHaveLength(0);
  });

  it('refuses a missing field and a body that is not an object', async () => {
    const { name: _name, ...withoutName } = valid;
    expect((await post(withoutName)).json.errors).toEqual({ name: M.nameRequired });
    expect((await post('"hello"')).status).toBe(400);
    expect(await t.deps.db.select().from(contactSubmissions)).toHaveLength(0);
  });

  it('stores a valid message as UNREAD and GENERAL and answers 201', async () => {
    const res = await post({ ...valid, name: '  Dana Whitfield  ' });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ success: true, message: M.success });
    expect(res.json.intercomId).toBeUndefined();
    const rows = await t.deps.db.select().from(contactSubmissions);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: res.json.id,
      name: 'Dana Whitfield',
      email: valid.email,
      company: 'Acme Corp',
      status: 'UNREAD',
      inquiryType: 'GENERAL',
      sentToIntercom: false,
      forwardStatus: 'NOT_CONFIGURED',
    });
  });

  it('keeps a known inquiry type and turns an unknown one into GENERAL', async () => {
    await post({ ...valid, inquiryType: 'partnership' });
    await post({ ...valid, inquiryType: 'BRIBERY' });
    const types = (await t.deps.db.select().from(contactSubmissions)).map((r) => r.inquiryType).sort();
    expect(types).toEqual(['GENERAL', 'PARTNERSHIP']);
  });

  it('answers the sixth message from one address within 15 minutes with 429, and lets others through', async () => {
    const ip = '203.0.113.77';
    for (let i = 0; i < 5; i++) expect((await post(valid, ip)).status).toBe(201);
    const blocked = await post(valid, ip);
    expect(blocked.status).toBe(429);
    expect(blocked.json.message).toBe(M.tooMany);
    expect(Number(blocked.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect((await post(valid, '203.0.113.78')).status).toBe(201);
    t.clock.advance(15 * 60 * 1000 + 1000);
    expect((await post(valid, ip)).status).toBe(201);
    expect(await t.deps.db.select().from(contactSubmissions)).toHaveLength(7);
  });
});

describe('POST /api/contact forwarding to the messaging service', () => {
  let stub: Awaited<ReturnType<typeof startIntercomStub>>;
  let t: TestApp;
  beforeAll(async () => {
    stub = await startIntercomStub();
  });
  afterAll(() => stub.close());
  beforeEach(async () => {
    stub.setMode('ok');
    stub.calls.length = 0;
    t = await createTestApp({ env: { INTERCOM_ACCESS_TOKEN: 'test-intercom-token', INTERCOM_API_URL: stub.url } });
  });
  afterEach(() => t.close());

  it('forwards the message and answers 201 with the conversation id', async () => {
    const res = await t.request('POST', '/api/contact', { body: { ...valid, email: 'new-lead@example.com' } });
    expect(res.status).toBe(201);
    expect(res.json.intercomId).toMatch(/^conv_/);
    expect(stub.calls.map((c) => c.path)).toEqual(['/contacts/search', '/contacts', '/conversations']);
    expect(stub.calls.every((c) => c.authorization === 'Bearer test-intercom-token')).toBe(true);
    expect(stub.calls[1]!.body).toMatchObject({ role: 'lead', email: 'new-lead@example.com', name: valid.name });
    expect(stub.calls[2]!.body.body).toContain('Please walk us through DWAC transfers.');
    const [row] = await t.deps.db.select().from(contactSubmissions);
    expect(row).toMatchObject({
      sentToIntercom: true,
      intercomId: res.json.intercomId,
      forwardStatus: 'SENT',
      forwardAttempts: 1,
    });
  });

  it('reuses a lead the service already knows', async () => {
    stub.knownEmails.set('known@example.com', 'lead_known');
    const res = await t.request('POST', '/api/contact', { body: { ...valid, email: 'known@example.com' } });
    expect(res.status).toBe(201);
    expect(stub.calls.map((c) => c.path)).toEqual(['/contacts/search', '/conversations']);
    expect(stub.calls[1]!.body.from).toEqual({ type: 'lead', id: 'lead_known' });
  });

  it('keeps the message and answers 207 when forwarding fails, then the retry sweep sends it', async () => {
    stub.setMode('error');
    const res = await t.request('POST', '/api/contact', { body: valid });
    expect(res.status).toBe(207);
    expect(res.json).toMatchObject({ success: true, message: M.partialSuccess });
    let [row] = await t.deps.db.select().from(contactSubmissions);
    expect(row).toMatchObject({ sentToIntercom: false, forwardStatus: 'PENDING_RETRY', forwardAttempts: 1 });
    expect(row!.lastForwardError).toContain('HTTP 500');

    const messaging = intercomMessagingService(t.deps.config)!;
    expect(await retryDueForwards(t.deps, messaging)).toEqual({ sent: 0, failed: 0 }); // not due yet
    stub.setMode('ok');
    t.clock.advance(2 * 60 * 1000);
    expect(await retryDueForwards(t.deps, messaging)).toEqual({ sent: 1, failed: 0 });
    [row] = await t.deps.db.select().from(contactSubmissions);
    expect(row).toMatchObject({
      sentToIntercom: true,
      forwardStatus: 'SENT',
      forwardAttempts: 2,
      lastForwardError: null,
    });
  });

  it('gives up after the last attempt and marks the submission FAILED', async () => {
    stub.setMode('error');
    await t.request('POST', '/api/contact', { body: valid });
    const messaging = intercomMessagingService(t.deps.config)!;
    for (let attempt = 2; attempt <= FORWARD_MAX_ATTEMPTS; attempt++) {
      t.clock.advance(7 * 60 * 60 * 1000);
      expect(await retryDueForwards(t.deps, messaging)).toEqual({ sent: 0, failed: 1 });
    }
    const [row] = await t.deps.db.select().from(contactSubmissions);
    expect(row).toMatchObject({ forwardStatus: 'FAILED', forwardAttempts: FORWARD_MAX_ATTEMPTS, nextForwardAt: null });
  });

  it('stops waiting after 5 seconds and answers 207', async () => {
    stub.setMode('hang');
    const started = Date.now();
    const res = await t.request('POST', '/api/contact', { body: valid });
    const elapsed = Date.now() - started;
    expect(res.status).toBe(207);
    expect(elapsed).toBeGreaterThanOrEqual(4900);
    expect(elapsed).toBeLessThan(9000);
    const [row] = await t.deps.db.select().from(contactSubmissions);
    expect(row!.lastForwardError).toContain('timed out');
  });
});
