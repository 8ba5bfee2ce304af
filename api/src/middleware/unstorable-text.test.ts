import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminUser, createTestApp, loginToken, type TestApp } from '../test/test-app';
import { UNSTORABLE_TEXT_MESSAGE } from './error-handler';

// Found by the property test (features/openapi/no-5xx.property.test.ts): a NUL in a query value
// reached PostgreSQL, which refuses it (SQLSTATE 22021), and the API answered 500.
describe('text PostgreSQL cannot store', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    await createAdminUser(t.deps, { username: 'nul-admin', password: 'Nul-Admin-Pass-1', role: 'SUPER_ADMIN' });
    token = await loginToken(t, 'nul-admin', 'Nul-Admin-Pass-1');
  });
  afterAll(() => t.close());

  it('answers 400 with a clear message, not 500, for a NUL in a query value', async () => {
    const res = await t.request('GET', '/api/admin/activity?admin_username=%00', { token });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ success: false, code: 'VALIDATION_ERROR', message: UNSTORABLE_TEXT_MESSAGE });
    expect(t.logLines.some((line) => line.includes('unhandled error'))).toBe(false);
  });

  it('answers 400 for a NUL in a JSON field, and stores nothing', async () => {
    const res = await t.request('POST', '/api/admin/ip-whitelist', {
      token,
      body: { ipAddress: '198.51.100.7', description: 'office\u0000' },
    });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('VALIDATION_ERROR');
    const rules = await t.request('GET', '/api/admin/ip-whitelist', { token });
    expect(rules.json.data).toEqual([]);
  });
});
