import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Hono } from 'hono';
import { sql } from 'drizzle-orm';
import { adminActivity } from '@ledgerwell/db/schema';
import { apiErrorSchema } from '@ledgerwell/shared/api-error';
import { CSRF_TOKEN_TTL_MS } from '@ledgerwell/shared/csrf';
import { csrfTokens } from './features/csrf/csrf-tokens';
import { requireCsrf } from './features/csrf/require-csrf';
import type { AppEnv } from './lib/context';
import { createAdminUser, createTestApp, TEST_ENGINE, type TestApp } from './test/test-app';

describe('API base', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  it('reports health and the engine in use', async () => {
    const res = await t.request('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ status: 'ok', database: TEST_ENGINE });
  });

  it('answers unknown /api paths with the error shape and a request id', async () => {
    const res = await t.request('GET', '/api/does-not-exist');
    expect(res.status).toBe(404);
    expect(res.json).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect(apiErrorSchema.safeParse(res.json).success).toBe(true);
    expect(res.json.requestId).toBe(res.headers.get('X-Request-Id'));
    expect(res.headers.get('Content-Type')).toContain('application/json');
  });

  it('keeps a well-formed incoming request id and replaces a bad one', async () => {
    const kept = await t.request('GET', '/api/health', { headers: { 'X-Request-Id': 'edge-1234abcd' } });
    expect(kept.headers.get('X-Request-Id')).toBe('edge-1234abcd');
    const replaced = await t.request('GET', '/api/health', { headers: { 'X-Request-Id': 'bad id <script>' } });
    expect(replaced.headers.get('X-Request-Id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends the security headers (HSTS: security-headers.test.ts)', async () => {
    const res = await t.request('GET', '/api/health');
    const csp = res.headers.get('Content-Security-Policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    // WebAssembly may compile (the face detector); JavaScript may not be eval'd.
    expect(csp).not.toContain("'unsafe-eval'");
    expect(csp).not.toContain('unsafe-inline');
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(res.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('Strict-Transport-Security')).toBeNull();
    expect(res.headers.get('Access-Control-Allow-Origin')).toBeNull();
  });

  it('answers no CORS preflight', async () => {
    const res = await t.app.request('/api/admin/login', {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' },
    });
    expect(res.headers.get('Access-Control-Allow-Origin')).toBeNull();
  });

  it('refuses bodies over the limit with 413', async () => {
    const res = await t.request('POST', '/api/admin/login', {
      body: { username: 'x'.repeat(200 * 1024), password: 'y' },
    });
    expect(res.status).toBe(413);
    expect(res.json.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('never writes passwords or tokens to the log', async () => {
    await createAdminUser(t.deps, { username: 'erin', password: 'Secret-Pass-42' });
    const login = await t.request('POST', '/api/admin/login', {
      body: { username: 'erin', password: 'Secret-Pass-42' },
    });
    await t.request('GET', '/api/admin/auth/verify', { token: login.json.token });
    t.deps.logger.info(
      { password: 'Secret-Pass-42', nested: { token: login.json.token, taxId: '123-45-6789' } },
      'probe',
    );
    const log = t.logLines.join('');
    expect(log).toContain('"path":"/api/admin/login"');
    expect(log).toContain('[redacted]');
    expect(log).not.toContain('Secret-Pass-42');
    expect(log).not.toContain(login.json.token);
    expect(log).not.toContain('123-45-6789');
    for (const line of t.logLines) expect(JSON.parse(line).requestId ?? 'probe').toBeTruthy();
  });

  it('keeps the activity log append-only in the database itself', async () => {
    await t.deps.db.insert(adminActivity).values({ actionType: 'LOGIN', resourceType: 'admin_session' });
    await expect(t.deps.db.execute(sql`update admin_activity set action_type = 'X'`)).rejects.toThrow();
    await expect(t.deps.db.execute(sql`delete from admin_activity`)).rejects.toThrow();
    await expect(t.deps.db.execute(sql`truncate admin_activity`)).rejects.toThrow();
    const rows = await t.deps.db.select().from(adminActivity);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.actionType).toBe('LOGIN');
  });
});

describe('CSRF tokens', () => {
  let t: TestApp;
  let guarded: Hono<AppEnv>;
  beforeEach(async () => {
    t = await createTestApp();
    guarded = t.bareApp();
    guarded.get('/protected', requireCsrf(csrfTokens(t.deps)), (c) => c.json({ success: true }));
  });
  afterEach(() => t.close());

  const call = (token?: string) => guarded.request('/protected', { headers: token ? { 'X-CSRF-Token': token } : {} });

  it('issues a token that the helper accepts, and that another process accepts too', async () => {
    const res = await t.request('GET', '/api/csrf-token');
    expect(res.status).toBe(200);
    expect(res.json.success).toBe(true);
    expect(typeof res.json.csrfToken).toBe('string');
    expect((await call(res.json.csrfToken)).status).toBe(200);
  });

  it('refuses a missing, forged or expired token with 403', async () => {
    const { json } = await t.request('GET', '/api/csrf-token');
    const missing = await call();
    expect(missing.status).toBe(403);
    expect(await missing.json()).toMatchObject({ code: 'CSRF_INVALID' });
    const [issuedAt, nonce] = (json.csrfToken as string).split('.');
    expect((await call(`${issuedAt}.${nonce}.forged-signature`)).status).toBe(403);
    expect((await call('garbage')).status).toBe(403);
    t.clock.advance(CSRF_TOKEN_TTL_MS + 1000);
    expect((await call(json.csrfToken)).status).toBe(403);
  });
});
