import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { adminActivity } from '@ledgerwell/db/schema';
import { ADMIN_LOGIN_MAX_FAILURES_PER_ACCOUNT } from '@ledgerwell/shared/admin-auth';
import { createAdminUser, createTestApp, type TestApp } from '../../test/test-app';

describe('admin login throttle under a burst', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '1' } });
    await createAdminUser(t.deps, { username: 'Alice', password: 'Correct-Horse-7' });
  });
  afterEach(() => t.close());

  it('evaluates at most 10 of 60 parallel wrong passwords for one account; the rest answer 429', async () => {
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        t.request('POST', '/api/admin/login', {
          body: { username: 'Alice', password: `Wrong-Pass-${i}` },
          // Spread over addresses so only the account's limit can bite.
          headers: { 'X-Forwarded-For': `198.51.100.${i + 1}` },
        }),
      ),
    );
    const statuses = answers.map((res) => res.status);
    const evaluated = await t.deps.db.select().from(adminActivity).where(eq(adminActivity.actionType, 'LOGIN_FAILED'));
    expect(evaluated.length).toBeLessThanOrEqual(ADMIN_LOGIN_MAX_FAILURES_PER_ACCOUNT);
    expect(statuses.filter((s) => s === 401)).toHaveLength(evaluated.length);
    expect(statuses.filter((s) => s === 429)).toHaveLength(60 - evaluated.length);
  });
});
