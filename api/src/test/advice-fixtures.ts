import { expect } from 'vitest';
import { deliveryPreferenceChoices } from '@ledgerwell/db/schema';
import { calendarDateIn } from '@ledgerwell/shared/ledger';
import { createAdminUser, loginToken, type TestApp } from './test-app';

const PASSWORD = 'Correct-Horse-7';

/**
 * A class of Acme Corp with holders who chose e-mail, paper or nothing, and staff transfers between them: what a
 * transaction advice's delivery (decision 022) is tested with. Call `setUp` in `beforeEach`, after the app.
 */
export function adviceFixtures(t: () => TestApp) {
  const state = { admin: '', classId: '', today: '' };

  const post = (path: string, body: unknown, headers?: Record<string, string>) =>
    t().request('POST', `/api/admin${path}`, { token: state.admin, body, headers });

  /** A registrar (ADMIN) signed in, and the class every holder's account is in. */
  async function setUp() {
    await createAdminUser(t().deps, { username: 'registrar', password: PASSWORD, role: 'ADMIN' });
    state.admin = await loginToken(t(), 'registrar', PASSWORD);
    const issuer = await post('/issuers', { legalName: 'Acme Corp' });
    const created = await post(`/issuers/${issuer.json.data.id}/classes`, {
      name: 'Common',
      authorizedShares: '1000000',
    });
    state.classId = created.json.data.id;
    state.today = calendarDateIn('America/Los_Angeles', t().deps.clock.now());
  }

  /** A holder with one account in the class; `electronic` records their choice, undefined: they never chose. */
  async function holder(code: string, accountNumber: string, sharesHeld: number, electronic?: boolean) {
    const res = await post('/shareholders', {
      code,
      name: `Holder ${code}`,
      email: `${code.toLowerCase()}@example.com`,
      address: { line1: '1 Main St', city: 'Fresno', state: 'CA', postalCode: '93721' },
      accounts: [
        {
          accountNumber,
          registrationName: `Registered ${code}`,
          issuer: 'Acme Corp',
          shareClass: 'Common',
          sharesHeld,
          holdingType: 'DRS',
          certificateNumbers: [],
        },
      ],
    });
    expect(res.status, res.text).toBe(201);
    const shareholderId = res.json.data.id as string;
    if (electronic !== undefined)
      await t().deps.db.insert(deliveryPreferenceChoices).values({ shareholderId, electronic, createdAt: new Date() });
    return { shareholderId, accountId: res.json.data.accounts[0].id as string };
  }

  /** A staff DRS transfer in the class, effective today. */
  const transfer = (fromAccountId: string, toAccountId: string, shares: string, headers?: Record<string, string>) =>
    post(
      '/ledger/transfers',
      { classId: state.classId, fromAccountId, toAccountId, shares, toForm: 'DRS', effectiveDate: state.today },
      headers,
    );

  return { state, post, setUp, holder, transfer };
}
