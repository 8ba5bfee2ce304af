import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { shareholders } from '@ledgerwell/db/schema';
import { seedDemoRegistry } from '../features/registry/demo-registry';
import { createTestApp, type TestApp } from '../test/test-app';
import { redactPath } from './log-redaction';

const SECRET = '999-88-7777-SECRET';

describe('what the log keeps', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());
  const log = () => t.logLines.join('');
  const entries = () => t.logLines.map((line) => JSON.parse(line) as Record<string, any>);

  it('drops verification codes from paths and every query string', () => {
    expect(redactPath('/verify/ABCD1234EFGH5678')).toBe('/verify/[redacted]');
    expect(redactPath('/verify/ABCD1234EFGH5678/')).toBe('/verify/[redacted]/');
    expect(redactPath('/api/shareholder-portal/check-verification-status?code=ABCD1234')).toBe(
      '/api/shareholder-portal/check-verification-status',
    );
    expect(redactPath('/api/admin/requests/5d1c/verification/selfie')).toBe(
      '/api/admin/requests/5d1c/verification/selfie',
    );
  });

  it('redacts the code however the path spells the separator: doubled, encoded, double-encoded, a backslash', () => {
    for (const path of [
      '/verify//ABCD1234EFGH5678',
      '/verify%2FABCD1234EFGH5678',
      '/verify%2fABCD1234EFGH5678',
      '/verify%252FABCD1234EFGH5678',
      '/verify\\ABCD1234EFGH5678',
      '/%76erify/ABCD1234EFGH5678',
      '//verify///ABCD1234EFGH5678',
    ]) {
      expect(redactPath(path), path).not.toContain('ABCD1234EFGH5678');
    }
    expect(redactPath('/verify%2FABCD1234EFGH5678')).toBe('/verify/[redacted]');
    // An encoded ? ends the path as a real one does: nothing after it is kept.
    expect(redactPath('/verify/%3FABCD1234EFGH5678')).toBe('/verify/');
  });

  it('logs a verification page visit without its code, whatever the spelling of the path', async () => {
    for (const path of ['/verify//ABCD1234EFGH5678', '/verify%2FABCD1234EFGH5678']) await t.app.request(path);
    const logged = entries()
      .filter((e) => e.msg === 'request')
      .map((e) => e.path);
    expect(logged).toEqual(['/verify/[redacted]', '/verify/[redacted]']);
    expect(log()).not.toContain('ABCD1234EFGH5678');
  });

  it('logs a verification page visit without its code', async () => {
    await t.app.request('/verify/ABCD1234EFGH5678?x=ABCD1234EFGH5678');
    const access = entries().find((e) => e.msg === 'request');
    expect(access?.path).toBe('/verify/[redacted]');
    expect(log()).not.toContain('ABCD1234EFGH5678');
  });

  it('logs a failed query by its SQLSTATE, constraint and statement, never its bound values', async () => {
    await seedDemoRegistry(t.deps);
    // PostgreSQL quotes the bad value in the message; drizzle puts every parameter in its own.
    const invalid = await t.deps.db
      .select()
      .from(shareholders)
      .where(eq(shareholders.id, SECRET))
      .catch((error: unknown) => error);
    const duplicate = await t.deps.db
      .insert(shareholders)
      .values({
        code: 'DEMO01',
        name: SECRET,
        email: `${SECRET}@example.com`,
        addressLine1: SECRET,
        city: 'x',
        state: 'CA',
        postalCode: '90210',
      })
      .catch((error: unknown) => error);
    expect(String((invalid as Error).message)).toContain(SECRET);
    expect(String((duplicate as Error).message)).toContain(SECRET);

    t.deps.logger.warn({ err: invalid }, 'sweep failed');
    t.deps.logger.child({ requestId: 'r1' }).error({ error: duplicate }, 'unhandled error');
    const bare = t.bareApp();
    bare.get('/boom', () => {
      throw duplicate as Error;
    });
    expect((await bare.request('/boom')).status).toBe(500);

    expect(log()).not.toContain(SECRET);
    const [first, second, third] = entries().filter((e) => e.err || e.error);
    expect(first!.err).toMatchObject({ statement: 'select shareholders', cause: { code: '22P02' } });
    expect(second!.error).toMatchObject({
      statement: 'insert shareholders',
      cause: { code: '23505', constraint: 'shareholders_code_upper_idx' },
    });
    expect(third!.err).toMatchObject({ statement: 'insert shareholders', cause: { code: '23505' } });
  });
});
