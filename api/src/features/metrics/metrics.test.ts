import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { emailOutbox, ipWhitelistRules } from '@ledgerwell/db/schema';
import { createApp } from '../../app';
import { createAdminUser, createTestApp, loginToken, TEST_ENGINE, type TestApp } from '../../test/test-app';
import { queueEmail } from '../email/queue-email';
import type { MessagingService } from '../contact/messaging-service';

const TOKEN = 'metrics-token-for-tests-0123456789';
const PASSWORD = 'Correct-Horse-7';

/**
 * The Prometheus text format (0.0.4), strictly: HELP and TYPE lines, then samples of that family
 * (histograms add _bucket, _sum and _count) with quoted label values and a number. Returns
 * family → type, and every sample line.
 */
function parseExposition(text: string) {
  const types = new Map<string, string>();
  const samples: { name: string; labels: string; value: number }[] = [];
  let family: string | null = null;
  expect(text.endsWith('\n')).toBe(true);
  for (const line of text.trimEnd().split('\n')) {
    if (line === '') continue;
    const help = /^# HELP ([a-zA-Z_:][a-zA-Z0-9_:]*) \S.*$/.exec(line);
    if (help) {
      family = help[1]!;
      continue;
    }
    const type = /^# TYPE ([a-zA-Z_:][a-zA-Z0-9_:]*) (counter|gauge|histogram|summary|untyped)$/.exec(line);
    if (type) {
      expect(type[1]).toBe(family);
      types.set(type[1]!, type[2]!);
      continue;
    }
    const sample =
      /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\n]|\\.)*",?)*\})? (-?(?:\d+(?:\.\d+)?(?:e[+-]?\d+)?|NaN|Nan|\+Inf|-Inf))$/.exec(
        line,
      );
    expect(sample, `not a valid exposition line: ${line}`).not.toBeNull();
    const [, name, labels = '', value] = sample!;
    const base =
      types.get(family!) === 'histogram' || types.get(family!) === 'summary'
        ? name!.replace(/_(bucket|sum|count)$/, '')
        : name;
    expect(base, `a sample outside its family: ${line}`).toBe(family);
    samples.push({ name: name!, labels, value: Number(value) });
  }
  return { types, samples };
}

/** The value of the one sample of `name` whose labels contain every `labels` pair. */
function sampleValue(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  return parseExposition(text).samples.find((s) => s.name === name && wanted.every((pair) => s.labels.includes(pair)))
    ?.value;
}

describe('GET /api/metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  it('does not exist: the same 404 as any unknown API path, with or without a bearer', async () => {
    const res = await t.request('GET', '/api/metrics', { token: TOKEN });
    expect(res.status).toBe(404);
    expect(res.json).toMatchObject({ code: 'NOT_FOUND', message: 'No API route for GET /api/metrics' });
  });
});

describe('GET /api/metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  const scrape = () => t.request('GET', '/api/metrics', { token: TOKEN });
  beforeEach(async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN, TRUST_PROXY: '1', CHALLENGE_COST: '1' } });
  });
  afterEach(() => t.close());

  it('refuses a missing, malformed or wrong bearer with 401', async () => {
    expect((await t.request('GET', '/api/metrics')).status).toBe(401);
    expect((await t.request('GET', '/api/metrics', { token: `${TOKEN}x` })).status).toBe(401);
    expect((await t.request('GET', '/api/metrics', { headers: { Authorization: `Basic ${TOKEN}` } })).status).toBe(401);
    expect(
      (await t.request('GET', '/api/metrics', { headers: { Authorization: `Bearer ${'a'.repeat(10_000)}` } })).status,
    ).toBe(401);
    const refused = await t.request('GET', '/api/metrics', { token: 'wrong-token-of-enough-length' });
    expect(refused.json.code).toBe('UNAUTHENTICATED');
    expect(refused.headers.get('WWW-Authenticate')).toMatch(/^Bearer/);
    expect(refused.text).not.toContain('ledgerwell_');
  });

  it('is not behind the admin IP whitelist', async () => {
    await t.deps.db
      .insert(ipWhitelistRules)
      .values({ ipAddress: '192.0.2.1', description: 'office', addedByUsername: 'test' });
    t.ipRuleCache.forget();
    const outside = { 'X-Forwarded-For': '203.0.113.9' };
    expect((await t.request('GET', '/api/admin/users/me', { headers: outside })).status).toBe(403);
    expect((await t.request('GET', '/api/metrics', { token: TOKEN, headers: outside })).status).toBe(200);
  });

  it('answers the Prometheus text format, uncached, with the process metrics and every ledgerwell metric typed', async () => {
    const res = await scrape();
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const { types } = parseExposition(res.text);
    for (const name of types.keys()) expect(name).toMatch(/^ledgerwell_/);
    expect(Object.fromEntries([...types].filter(([name]) => !/process|nodejs/.test(name)))).toMatchObject({
      ledgerwell_http_requests_total: 'counter',
      ledgerwell_http_request_duration_seconds: 'histogram',
      ledgerwell_throttle_challenges_issued_total: 'counter',
      ledgerwell_contact_forwards_failed_total: 'counter',
      ledgerwell_outbox_pending: 'gauge',
      ledgerwell_outbox_oldest_pending_age_seconds: 'gauge',
    });
    expect(types.get('ledgerwell_process_cpu_user_seconds_total')).toBe('counter');
    expect(types.get('ledgerwell_nodejs_eventloop_lag_seconds')).toBe('gauge');
  });

  it('labels a request by its route pattern and status; no id, code or unknown path appears anywhere', async () => {
    await createAdminUser(t.deps, { username: 'Sam', password: PASSWORD, role: 'SUPER_ADMIN' });
    const token = await loginToken(t, 'Sam', PASSWORD);
    await queueEmail(t.deps, t.deps.db, {
      to: 'a@example.com',
      subject: 'Hello',
      lines: ['Hi'],
      kind: 'REQUEST_CONFIRMATION',
    });
    // Kept in the log (no SMTP): a SUPER_ADMIN may read its text.
    const [mail] = await t.deps.db.update(emailOutbox).set({ status: 'LOGGED' }).returning({ id: emailOutbox.id });
    expect((await t.request('GET', `/api/admin/outbox/${mail!.id}`, { token })).status).toBe(200);
    const absent = randomUUID();
    expect((await t.request('GET', `/api/admin/outbox/${absent}`, { token })).status).toBe(404);
    // Refused by the session check before its handler ran: still named by the route it guards.
    expect((await t.request('GET', `/api/admin/outbox/${absent}`)).status).toBe(401);
    const probe = `probe-${randomUUID()}`;
    expect((await t.request('GET', `/api/${probe}`)).status).toBe(404);
    expect((await t.request('PATCH', `/api/verify/${probe}`)).status).toBe(404);

    const text = (await scrape()).text;
    const route = '/api/admin/outbox/:id';
    expect(sampleValue(text, 'ledgerwell_http_requests_total', { method: 'GET', route, status: '200' })).toBe(1);
    expect(sampleValue(text, 'ledgerwell_http_requests_total', { method: 'GET', route, status: '404' })).toBe(1);
    expect(sampleValue(text, 'ledgerwell_http_requests_total', { method: 'GET', route, status: '401' })).toBe(1);
    expect(
      sampleValue(text, 'ledgerwell_http_request_duration_seconds_count', { method: 'GET', route, status: '200' }),
    ).toBe(1);
    expect(
      sampleValue(text, 'ledgerwell_http_requests_total', { method: 'POST', route: '/api/admin/login', status: '200' }),
    ).toBe(1);
    expect(
      sampleValue(text, 'ledgerwell_http_requests_total', { method: 'GET', route: 'unmatched', status: '404' }),
    ).toBe(1);
    expect(
      sampleValue(text, 'ledgerwell_http_requests_total', { method: 'PATCH', route: 'unmatched', status: '404' }),
    ).toBe(1);
    for (const secret of [mail!.id, absent, probe, token]) expect(text).not.toContain(secret);
    // Every route label is a registered pattern or `unmatched`.
    for (const { labels } of parseExposition(text).samples) {
      const label = /route="([^"]*)"/.exec(labels)?.[1];
      if (label !== undefined) expect(label).toMatch(/^(unmatched|\/api(\/[a-z-]+|\/:[a-zA-Z]+)*|\/\*)$/);
    }
  });

  it('counts a throttle challenge each time one is issued', async () => {
    await createAdminUser(t.deps, { username: 'Alice', password: PASSWORD });
    const before = sampleValue((await scrape()).text, 'ledgerwell_throttle_challenges_issued_total') ?? 0;
    const login = (ip: string) =>
      t.request('POST', '/api/admin/login', {
        body: { username: 'Alice', password: 'Wrong-Pass-1' },
        headers: { 'X-Forwarded-For': ip },
      });
    for (let i = 1; i <= 10; i++) expect((await login(`198.51.100.${i}`)).status).toBe(401);
    expect(sampleValue((await scrape()).text, 'ledgerwell_throttle_challenges_issued_total')).toBe(before);
    expect((await login('203.0.113.5')).json.code).toBe('CHALLENGE_REQUIRED');
    expect((await login('203.0.113.6')).json.code).toBe('CHALLENGE_REQUIRED');
    expect(sampleValue((await scrape()).text, 'ledgerwell_throttle_challenges_issued_total')).toBe(before + 2);
  });

  it('counts a contact forward that failed', async () => {
    const failing: MessagingService = { forward: () => Promise.reject(new Error('messaging service down')) };
    const app = createApp(t.deps, failing);
    const before = sampleValue((await scrape()).text, 'ledgerwell_contact_forwards_failed_total') ?? 0;
    const body = JSON.stringify({
      name: 'Pat Doe',
      email: 'pat@example.com',
      message: 'Please call me back about my shares.',
    });
    const res = await app.request('/api/contact', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
    });
    expect(res.status).toBeLessThan(300);
    expect(sampleValue((await scrape()).text, 'ledgerwell_contact_forwards_failed_total')).toBe(before + 1);
  });

  it('reads the outbox at scrape time: e-mails still pending and the age of the oldest', async () => {
    const text0 = (await scrape()).text;
    expect([
      sampleValue(text0, 'ledgerwell_outbox_pending'),
      sampleValue(text0, 'ledgerwell_outbox_oldest_pending_age_seconds'),
    ]).toEqual([0, 0]);
    const now = t.clock.now().getTime();
    for (const [to, minutesAgo] of [
      ['old@example.com', 5],
      ['new@example.com', 1],
      ['sent@example.com', 60],
    ] as const) {
      await queueEmail(t.deps, t.deps.db, { to, subject: 'Hello', lines: ['Hi'], kind: 'REQUEST_CONFIRMATION' });
      await t.deps.db
        .update(emailOutbox)
        .set({ createdAt: new Date(now - minutesAgo * 60_000) })
        .where(eq(emailOutbox.toAddress, to));
    }
    // Sent long ago: no longer pending, whatever its age.
    await t.deps.db.update(emailOutbox).set({ status: 'SENT' }).where(eq(emailOutbox.toAddress, 'sent@example.com'));
    const text = (await scrape()).text;
    expect(sampleValue(text, 'ledgerwell_outbox_pending')).toBe(2);
    expect(sampleValue(text, 'ledgerwell_outbox_oldest_pending_age_seconds')).toBe(300);
  });

  it('shows the PostgreSQL pool (absent with the embedded database, which has none)', async () => {
    const text = (await scrape()).text;
    if (TEST_ENGINE === 'postgres') {
      expect(sampleValue(text, 'ledgerwell_db_pool_max')).toBe(4);
      expect(sampleValue(text, 'ledgerwell_db_pool_connections')).toBeGreaterThanOrEqual(1);
      expect(sampleValue(text, 'ledgerwell_db_pool_idle')).toBeGreaterThanOrEqual(0);
      expect(sampleValue(text, 'ledgerwell_db_pool_waiting')).toBe(0);
    } else {
      expect(text).not.toContain('ledgerwell_db_pool_');
    }
  });

  it('never writes the token to the log', async () => {
    await scrape();
    await t.request('GET', '/api/metrics', { token: 'wrong-token-of-enough-length' });
    t.deps.logger.info({ config: t.deps.config }, 'config');
    expect(t.logLines.join('\n')).not.toContain(TOKEN);
  });
});
