import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { calendarDateIn } from '@ledgerwell/shared/ledger';
import { portalFixtures } from '../../test/portal-fixtures';
import { createAdminUser, createTestApp, loginToken, type TestApp } from '../../test/test-app';

const PASSWORD = 'Correct-Horse-7';
const NEW_ADDRESS = {
  new_address_line1: '77 Harbor Rd',
  new_city: 'Monterey',
  new_state: 'ca',
  new_postal_code: '93940',
};

describe('an approved address change', () => {
  let t: TestApp;
  let admin: string;
  let portal: ReturnType<typeof portalFixtures>;
  const get = (path: string) => t.request('GET', `/api/admin${path}`, { token: admin });
  const decide = (id: string, status: string) =>
    t.request('PUT', `/api/admin/requests/${id}/status`, { token: admin, body: { status } });

  beforeEach(async () => {
    t = await createTestApp();
    portal = portalFixtures(t);
    await portal.seed();
    await createAdminUser(t.deps, { username: 'reviewer', password: PASSWORD, role: 'REVIEWER' });
    admin = await loginToken(t, 'reviewer', PASSWORD);
  });
  afterEach(() => t.close());

  it('becomes the address of record, and the history keeps the old one with the day each took effect', async () => {
    const token = await portal.signIn('DEMO01', '100200300');
    const holder = (await get('/shareholders?search=DEMO01')).json.shareholders[0];
    const before = (await get(`/shareholders/${holder.id}/addresses`)).json.data;
    expect(before).toEqual([expect.objectContaining({ line1: '1 Main St', city: 'Fresno', sourceRequestId: null })]);

    const rejected = await portal.submit(token, 'ADDRESS_CHANGE', { ...NEW_ADDRESS, new_city: 'Nowhere' });
    expect((await decide(rejected.id, 'rejected')).status).toBe(200);
    expect((await get(`/shareholders/${holder.id}/addresses`)).json.data).toHaveLength(1);

    const change = await portal.submit(token, 'ADDRESS_CHANGE', NEW_ADDRESS);
    expect((await decide(change.id, 'approved')).status).toBe(200);
    const after = (await get('/shareholders?search=DEMO01')).json.shareholders[0];
    expect(after.address).toMatchObject({ line1: '77 Harbor Rd', city: 'Monterey', state: 'CA', postalCode: '93940' });
    const today = calendarDateIn('America/Los_Angeles', t.deps.clock.now());
    const history = (await get(`/shareholders/${holder.id}/addresses`)).json.data;
    expect(history).toEqual([
      expect.objectContaining({
        line1: '77 Harbor Rd',
        city: 'Monterey',
        effectiveFrom: today,
        sourceRequestId: change.id,
        recordedBy: 'reviewer',
      }),
      expect.objectContaining({ line1: '1 Main St', city: 'Fresno', sourceRequestId: null }),
    ]);
    // Kept for good: the database refuses to rewrite or remove the history.
    for (const statement of [
      sql`update shareholder_address_history set city = 'Elsewhere'`,
      sql`delete from shareholder_address_history`,
    ]) {
      const error = await t.deps.db.execute(statement).then(
        () => null,
        (e: Error) => e,
      );
      expect(String((error?.cause as Error | undefined)?.message ?? error)).toMatch(/is append-only/);
    }
    expect((await get('/shareholders/00000000-0000-4000-8000-000000000000/addresses')).status).toBe(404);
    expect((await get('/shareholders/nope/addresses')).status).toBe(404);
  });
});
