import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { adminActivity, contactSubmissions, requestHistory } from '@ledgerwell/db/schema';
import { UNSTORABLE_TEXT_MESSAGE } from '@ledgerwell/shared/text';
import { seedContactSubmission, submitIssuerApplication } from '../test/review-fixtures';
import { portalFixtures } from '../test/portal-fixtures';
import { createAdminUser, createTestApp, loginToken, type TestApp } from '../test/test-app';
import { seedDemoRegistry } from '../features/registry/demo-registry';

// Found by the property test (features/openapi/no-5xx.property.test.ts): a NUL in a query value
// reached PostgreSQL, which refuses it (SQLSTATE 22021), and the API answered 500. Issue 27: a lone
// UTF-16 surrogate in a note reached the jsonb of the history and the activity log (22P02), a 500 too.
// Every string of every body and query now follows one rule (shared/src/text.ts) before any schema.
describe('text PostgreSQL cannot store', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    await createAdminUser(t.deps, { username: 'nul-admin', password: 'Nul-Admin-Pass-1', role: 'SUPER_ADMIN' });
    token = await loginToken(t, 'nul-admin', 'Nul-Admin-Pass-1');
  });
  afterAll(() => t.close());

  it('answers 400 with the field and a clear message, not 500, for a NUL in a query value', async () => {
    const res = await t.request('GET', '/api/admin/activity?admin_username=%00', { token });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({
      success: false,
      code: 'VALIDATION_ERROR',
      message: UNSTORABLE_TEXT_MESSAGE,
      errors: { admin_username: UNSTORABLE_TEXT_MESSAGE },
    });
    expect(t.logLines.some((line) => line.includes('unhandled error'))).toBe(false);
  });

  it('answers 400, not 500, to a body nested 40,000 levels deep (within the 100 KB limit)', async () => {
    const res = await t.app.request('/api/admin/ip-whitelist', {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: `{"description":${'['.repeat(40_000)}"x"${']'.repeat(40_000)}}`,
    });
    expect(res.status).toBe(400);
    expect(t.logLines.some((line) => line.includes('unhandled error'))).toBe(false);
  });

  it('answers 400 for a NUL in a JSON field, and stores nothing', async () => {
    const res = await t.request('POST', '/api/admin/ip-whitelist', {
      token,
      body: { ipAddress: '198.51.100.7', description: 'office\u0000' },
    });
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual({ description: UNSTORABLE_TEXT_MESSAGE });
    const rules = await t.request('GET', '/api/admin/ip-whitelist', { token });
    expect(rules.json.data).toEqual([]);
  });

  it('answers 400, never 500, for a lone surrogate in every note, reason and status note, and stores nothing', async () => {
    await seedDemoRegistry(t.deps);
    const portal = portalFixtures(t);
    const request = await portal.transfer(await portal.signIn());
    const contact = await seedContactSubmission(t);
    const applicationId = await submitIssuerApplication(t);
    const activityBefore = (await t.deps.db.select().from(adminActivity)).length;
    const historyBefore = (await t.deps.db.select().from(requestHistory)).length;

    const lone = 'Checked by phone \ud800 today';
    const calls: [string, string, Record<string, unknown>, string][] = [
      ['POST', `/api/admin/requests/${request.id}/notes`, { notes: lone }, 'notes'],
      ['POST', `/api/admin/requests/${request.id}/flag`, { reason: lone, priority: 'HIGH' }, 'reason'],
      ['PUT', `/api/admin/requests/${request.id}/status`, { status: 'PROCESSING', notes: lone }, 'notes'],
      ['PUT', `/api/admin/contact-submissions/${contact.id}/notes`, { adminNotes: lone }, 'adminNotes'],
      ['PUT', `/api/admin/issuer-applications/${applicationId}/notes`, { adminNotes: lone }, 'adminNotes'],
      [
        'PUT',
        `/api/admin/issuer-onboarding/${applicationId}/status`,
        { status: 'UNDER_REVIEW', notes: '\udfff' },
        'notes',
      ],
    ];
    for (const [method, path, body, field] of calls) {
      const res = await t.request(method, path, { token, body });
      expect(res.status, `${method} ${path}`).toBe(400);
      expect(res.json.errors, `${method} ${path}`).toEqual({ [field]: UNSTORABLE_TEXT_MESSAGE });
    }
    expect((await t.deps.db.select().from(adminActivity)).length).toBe(activityBefore);
    expect((await t.deps.db.select().from(requestHistory)).length).toBe(historyBefore);
    const [stored] = await t.deps.db.select().from(contactSubmissions).where(eq(contactSubmissions.id, contact.id));
    expect(stored!.adminNotes).toBeNull();

    // Well-formed text of every kind is stored as sent: combining marks, right-to-left marks, 4-byte characters.
    const rich = 'Zoe\u0301 \u200fשלום\u202c 😀 𝔸';
    const ok = await t.request('POST', `/api/admin/requests/${request.id}/notes`, { token, body: { notes: rich } });
    expect(ok.status).toBe(200);
    expect(JSON.stringify(ok.json)).toContain('😀');
  });
});
