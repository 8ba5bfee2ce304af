import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { adviceDeliveries, ledgerTransactions } from '@ledgerwell/db/ledger-schema';
import {
  adminActivity,
  deliveryPreferenceChoices,
  emailOutbox,
  shareholderRequests,
  shareholders,
} from '@ledgerwell/db/schema';
import { POSTING_MESSAGES as M } from '@ledgerwell/shared/ledger-postings';
import { adviceDocumentId } from '@ledgerwell/shared/portal-documents';
import { SAMPLE_DWAC_TRANSFER } from '@ledgerwell/shared/portal-requests.fixtures';
import { queuedEmails } from '../../test/outbox';
import { portalFixtures } from '../../test/portal-fixtures';
import { createAdminUser, createTestApp, loginToken, TEST_ENGINE, type TestApp } from '../../test/test-app';

const PASSWORD = 'Correct-Horse-7';

/** A private sale to a new buyer, an individual. */
const SALE = {
  ...SAMPLE_DWAC_TRANSFER,
  transfer_type: 'sale',
  receiving_firm_name: undefined,
  receiving_firm_dtc: undefined,
  receiving_account_num: undefined,
  receiving_account_name: undefined,
  buyerEntityType: 'individual',
  buyerFirstName: 'Priya',
  buyerLastName: 'Natarajan',
  buyerEmail: 'priya@example.com',
  buyerTaxId: '987-65-4321',
  buyerAddressLine1: '9 Elm St',
  buyerCity: 'Reno',
  buyerState: 'NV',
  buyerPostalCode: '89501',
  buyerCountry: 'USA',
  pricePerShare: '4.25',
};

describe('posting an approved request to the ledger', () => {
  let t: TestApp;
  let admin: string;
  let second: string;
  let portal: ReturnType<typeof portalFixtures>;

  const post = (path: string, body: unknown = {}, token = admin) =>
    t.request('POST', `/api/admin${path}`, { token, body });
  const get = (path: string, token = admin) => t.request('GET', `/api/admin${path}`, { token });
  const journalSize = async () =>
    (await t.deps.db.select({ n: sql<number>`count(*)::int` }).from(ledgerTransactions))[0]!.n;

  /** Files a transfer from the holder's account and approves it (the review itself is tested elsewhere). */
  async function approvedTransfer(code: string, accountNumber: string, formData: Record<string, unknown>) {
    const token = await portal.signIn(code, accountNumber);
    const { id } = await portal.submit(token, 'TRANSFER', { ...SAMPLE_DWAC_TRANSFER, ...formData });
    await t.deps.db
      .update(shareholderRequests)
      .set({ status: 'APPROVED', processedAt: t.deps.clock.now() })
      .where(eq(shareholderRequests.id, id));
    return id;
  }
  const shares = (count: number) => ({ transfer_shares_text: String(count), transfer_shares_count: count });

  /** Records the holder's consent to electronic delivery, as the portal does. */
  async function consentsToEmail(email: string) {
    const [holder] = await t.deps.db.select().from(shareholders).where(eq(shareholders.email, email));
    await t.deps.db
      .insert(deliveryPreferenceChoices)
      .values({ shareholderId: holder!.id, electronic: true, createdAt: t.deps.clock.now() });
  }

  async function position(accountId: string) {
    return (await get(`/ledger/accounts/${accountId}/position`)).json.data;
  }

  async function start(env: Record<string, string> = {}) {
    t = await createTestApp({ env });
    portal = portalFixtures(t);
    await portal.seed();
    await createAdminUser(t.deps, { username: 'poster', password: PASSWORD, role: 'ADMIN' });
    await createAdminUser(t.deps, { username: 'checker', password: PASSWORD, role: 'ADMIN' });
    admin = await loginToken(t, 'poster', PASSWORD);
    second = await loginToken(t, 'checker', PASSWORD);
  }
  afterEach(() => t.close());

  describe('under the default dual-control size', () => {
    beforeEach(() => start());

    it("credits a broker transfer to the class's nominee, completes the request and mails the advice", async () => {
      await consentsToEmail('dana.whitfield@example.com');
      const id = await approvedTransfer('DEMO01', '100200300', shares(100));
      const preview = await get(`/requests/${id}/posting`);
      expect(preview.status, preview.text).toBe(200);
      expect(preview.json.data).toMatchObject({
        shares: '100',
        from: { accountNumber: '100200300' },
        to: { kind: 'NOMINEE', registrationName: 'Cede & Co.', accountId: null, opensAccount: true },
        debit: { form: 'DRS', certificates: [], balanceBack: '0' },
        dualControl: false,
      });
      expect(await journalSize()).toBe(4); // the demo registry's opening balances only: a preview writes nothing

      const posted = await post(`/requests/${id}/post`);
      expect(posted.status, posted.text).toBe(201);
      expect(posted.json.status).toBe('POSTED');
      const fromId = preview.json.data.from.accountId;
      const legs = posted.json.data.legs as { accountId: string; shares: string; form: string }[];
      expect(legs).toEqual([
        expect.objectContaining({ accountId: fromId, shares: '-100', form: 'DRS' }),
        expect.objectContaining({ shares: '100', form: 'DRS', registrationName: 'Cede & Co.' }),
      ]);
      expect(posted.json.data.sourceRequestId).toBe(id);
      const nomineeId = legs[1]!.accountId;
      expect((await position(fromId)).totalShares).toBe('1400');
      expect((await position(nomineeId)).totalShares).toBe('100');

      const [request] = await t.deps.db.select().from(shareholderRequests).where(eq(shareholderRequests.id, id));
      expect(request!.status).toBe('COMPLETED');
      const detail = await get(`/requests/${id}`);
      expect(detail.json.data.history.at(-1)).toMatchObject({ fromStatus: 'APPROVED', toStatus: 'COMPLETED' });
      const activity = await t.deps.db.select().from(adminActivity).where(eq(adminActivity.resourceId, id));
      expect(activity.map((a) => a.actionType)).toContain('LEDGER_REQUEST_POSTED');
      // Once, by the ledger's own announcement (the nominee gets none): approval adds no second e-mail.
      const advice = await queuedEmails(t, 'TRANSACTION_ADVICE');
      expect(advice).toHaveLength(1);
      // It announces the PDF in the portal (issue 30), and carries none.
      expect(advice[0]!.body).toContain(
        `Sign in to read it under "Your documents": ${t.deps.config.publicUrl}/shareholder-requests`,
      );
      // The compliance panel counts it, with the time from approval to posting.
      const compliance = (await get('/dashboard/stats')).json.data.compliance;
      expect(compliance.postedThisMonth).toBe(1);
      expect(compliance.avgApprovalToPostingHours).toBeGreaterThanOrEqual(0);
      expect(compliance.avgApprovalToPostingHours).toBeLessThan(1);
      expect(advice[0]).toMatchObject({
        to: 'dana.whitfield@example.com',
        relatedId: adviceDocumentId(posted.json.data.id, fromId),
      });

      // Posted once: the request is no longer APPROVED.
      expect((await post(`/requests/${id}/post`)).json).toMatchObject({ code: 'CONFLICT', message: M.notApproved });
      // The next broker transfer in the class goes to the same nominee account.
      const next = await approvedTransfer('DEMO01', '100200300', shares(5));
      expect((await get(`/requests/${next}/posting`)).json.data.to).toMatchObject({
        accountId: nomineeId,
        opensAccount: false,
      });
      expect((await post(`/requests/${next}/post`)).json.data.legs[1].accountId).toBe(nomineeId);
      // The nominee is a registered holder nobody can sign in as: its code has a character the portal refuses.
      const [nominee] = await t.deps.db.select().from(shareholders).where(eq(shareholders.name, 'Cede & Co.'));
      const signIn = await t.request('POST', '/api/shareholder-portal/validate-code', {
        body: { code: nominee!.code },
      });
      expect(signIn.status).toBe(400);
    });

    it("opens a new buyer's account for a private sale, with the tax ID encrypted, and tells both", async () => {
      await consentsToEmail('dana.whitfield@example.com');
      const id = await approvedTransfer('DEMO01', '100200300', { ...SALE, ...shares(40) });
      const preview = await get(`/requests/${id}/posting`);
      expect(preview.json.data.to).toMatchObject({
        kind: 'BUYER',
        registrationName: 'Priya Natarajan',
        opensAccount: true,
      });
      const posted = await post(`/requests/${id}/post`);
      expect(posted.status, posted.text).toBe(201);
      const buyerAccount = posted.json.data.legs[1].accountId as string;
      expect((await position(buyerAccount)).drsShares).toBe('40');
      const [buyer] = await t.deps.db.select().from(shareholders).where(eq(shareholders.email, 'priya@example.com'));
      expect(buyer).toMatchObject({ name: 'Priya Natarajan', taxIdLast4: '4321', state: 'NV' });
      expect(buyer!.taxIdEncrypted).not.toContain('4321');
      const list = await get('/shareholders?search=Natarajan');
      expect(list.json.shareholders[0].accounts[0]).toMatchObject({ id: buyerAccount, sharesHeld: '40' });
      // The seller consented to e-mail; the new buyer has made no choice yet, so theirs goes by post.
      const advice = await t.deps.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'TRANSACTION_ADVICE'));
      expect(advice.map((a) => a.toAddress)).toEqual(['dana.whitfield@example.com']);
      const delivered = await t.deps.db
        .select({ accountId: adviceDeliveries.accountId, channel: adviceDeliveries.channel })
        .from(adviceDeliveries)
        .where(eq(adviceDeliveries.transactionId, posted.json.data.id));
      expect(delivered).toEqual(expect.arrayContaining([{ accountId: buyerAccount, channel: 'PAPER' }]));

      // A second sale to the same buyer credits the account the first one opened.
      const again = await approvedTransfer('DEMO01', '100200300', { ...SALE, ...shares(2) });
      expect((await get(`/requests/${again}/posting`)).json.data.to).toMatchObject({
        accountId: buyerAccount,
        opensAccount: false,
      });
    });

    it('surrenders the oldest certificates and cuts the balance back; above 10,000 shares a second person confirms', async () => {
      const id = await approvedTransfer('DEMO03', '300400500', shares(20000));
      const preview = await get(`/requests/${id}/posting`);
      expect(preview.json.data).toMatchObject({
        debit: {
          form: 'CERTIFICATE',
          certificates: [
            { number: 'C-1001', shares: '16000' },
            { number: 'C-1002', shares: '16000' },
          ],
          balanceBack: '12000',
        },
        dualControl: true,
        dualControlShares: '10000',
      });

      const proposed = await post(`/requests/${id}/post`);
      expect(proposed.status, proposed.text).toBe(202);
      expect(proposed.json.data).toMatchObject({ status: 'PROPOSED', shares: '20000', proposedBy: 'poster' });
      expect(await journalSize()).toBe(4);
      expect((await get('/ledger/postings')).json.data.map((p: { id: string }) => p.id)).toEqual([
        proposed.json.data.id,
      ]);
      expect((await post(`/requests/${id}/post`)).json).toMatchObject({ message: M.alreadyWaiting });
      expect((await get(`/requests/${id}/posting`)).json.data.waiting).toMatchObject({ proposedBy: 'poster' });

      const own = await post(`/ledger/postings/${proposed.json.data.id}/confirm`);
      expect(own.status).toBe(403);
      expect(own.json.message).toBe(M.proposerCannotConfirm);

      const confirmed = await post(`/ledger/postings/${proposed.json.data.id}/confirm`, {}, second);
      expect(confirmed.status, confirmed.text).toBe(201);
      const fromId = preview.json.data.from.accountId;
      expect((await position(fromId)).certificatedShares).toBe('28000');
      const certificates = await t.deps.db.execute(
        sql`select number, status, shares::text from certificates where account_id = ${fromId} order by number`,
      );
      expect((certificates as unknown as { rows: unknown[] }).rows).toEqual([
        { number: 'C-1001', status: 'CANCELLED', shares: '16000.000000' },
        { number: 'C-1002', status: 'CANCELLED', shares: '16000.000000' },
        { number: 'C-1003', status: 'OUTSTANDING', shares: '16000.000000' },
        { number: 'LW000001', status: 'OUTSTANDING', shares: '12000.000000' },
      ]);
      expect((await get('/ledger/postings')).json.data).toEqual([]);
      expect((await post(`/ledger/postings/${proposed.json.data.id}/confirm`, {}, second)).status).toBe(409);
      const activity = await t.deps.db.select().from(adminActivity).where(eq(adminActivity.resourceId, id));
      expect(activity.map((a) => a.actionType)).toEqual(
        expect.arrayContaining(['LEDGER_POSTING_PROPOSED', 'LEDGER_POSTING_CONFIRMED']),
      );
    });

    it("posts an approved certificate request as a CONVERSION of the holder's DRS shares onto a new certificate", async () => {
      await consentsToEmail('dana.whitfield@example.com');
      const token = await portal.signIn('DEMO01', '100200300');
      const { id } = await portal.submit(token, 'CERTIFICATE', {
        certificate_reason: 'duplicate',
        delivery_method: 'certified',
        preferred_contact_type: 'EMAIL',
        preferred_contact: 'dana.whitfield@example.com',
      });
      await t.deps.db
        .update(shareholderRequests)
        .set({ status: 'APPROVED', processedAt: t.deps.clock.now() })
        .where(eq(shareholderRequests.id, id));
      const preview = await get(`/requests/${id}/posting`);
      expect(preview.status, preview.text).toBe(200);
      expect(preview.json.data).toMatchObject({
        shares: '1500',
        type: 'CONVERSION',
        toForm: 'CERTIFICATE',
        to: { kind: 'HOLDER', accountNumber: '100200300', opensAccount: false },
        debit: { form: 'DRS' },
      });
      const posted = await post(`/requests/${id}/post`);
      expect(posted.status, posted.text).toBe(201);
      expect(posted.json.data.type).toBe('CONVERSION');
      const fromId = preview.json.data.from.accountId;
      expect(await position(fromId)).toMatchObject({
        drsShares: '0',
        certificatedShares: '1500',
      });
      const [advice] = await t.deps.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'TRANSACTION_ADVICE'));
      expect(advice!.subject).toBe('Transaction advice: Conversion, account ending 0300');
      // Nothing left in DRS: a second certificate request has nothing to post.
      const again = await portal.submit(token, 'CERTIFICATE', {
        certificate_reason: 'other',
        delivery_method: 'standard',
        preferred_contact_type: 'EMAIL',
        preferred_contact: 'dana.whitfield@example.com',
      });
      await t.deps.db
        .update(shareholderRequests)
        .set({ status: 'APPROVED' })
        .where(eq(shareholderRequests.id, again.id));
      expect((await post(`/requests/${again.id}/post`)).json).toMatchObject({
        code: 'INSUFFICIENT_SHARES',
        message: M.noDrsToCertify,
      });
    });

    it('refuses what cannot post, writing nothing: not approved, not a transfer, shares no longer held', async () => {
      const token = await portal.signIn('DEMO01', '100200300');
      const pending = await portal.transfer(token, 10);
      expect((await post(`/requests/${pending.id}/post`)).json).toMatchObject({
        code: 'CONFLICT',
        message: M.notApproved,
      });
      const inquiry = await portal.inquiry(token);
      await t.deps.db
        .update(shareholderRequests)
        .set({ status: 'APPROVED' })
        .where(eq(shareholderRequests.id, inquiry.id));
      expect((await post(`/requests/${inquiry.id}/post`)).json).toMatchObject({ message: M.notTransfer });

      const first = await approvedTransfer('DEMO01', '100200300', shares(1000));
      const secondRequest = await approvedTransfer('DEMO01', '100200300', shares(1000));
      expect((await post(`/requests/${first}/post`)).status).toBe(201);
      const refused = await post(`/requests/${secondRequest}/post`);
      expect(refused.status).toBe(409);
      expect(refused.json.code).toBe('INSUFFICIENT_SHARES');
      const [request] = await t.deps.db
        .select()
        .from(shareholderRequests)
        .where(eq(shareholderRequests.id, secondRequest));
      expect(request!.status).toBe('APPROVED');
      expect(await journalSize()).toBe(5);
      expect((await post('/requests/not-a-uuid/post')).status).toBe(404);
      const third = await approvedTransfer('DEMO01', '100200300', shares(1));
      expect((await post(`/requests/${third}/post`, { effectiveDate: '2999-01-01' })).status).toBe(400);
      expect((await post(`/requests/${third}/post`, { extra: 1 })).status).toBe(400);
      expect(await journalSize()).toBe(5);
    });

    it('lets a REVIEWER preview and propose, never post or confirm; READ_ONLY does neither', async () => {
      await createAdminUser(t.deps, { username: 'reviewer', password: PASSWORD, role: 'REVIEWER' });
      await createAdminUser(t.deps, { username: 'reader', password: PASSWORD, role: 'READ_ONLY' });
      const reviewer = await loginToken(t, 'reviewer', PASSWORD);
      const reader = await loginToken(t, 'reader', PASSWORD);
      const id = await approvedTransfer('DEMO01', '100200300', shares(1));
      expect((await get(`/requests/${id}/posting`, reader)).status).toBe(403);
      expect((await post(`/requests/${id}/post`, {}, reader)).status).toBe(403);
      expect((await get(`/requests/${id}/posting`, reviewer)).json.data.dualControl).toBe(true);
      const proposed = await post(`/requests/${id}/post`, {}, reviewer);
      expect(proposed.status).toBe(202);
      expect((await post(`/ledger/postings/${proposed.json.data.id}/confirm`, {}, reviewer)).status).toBe(403);
      expect((await post(`/ledger/postings/${proposed.json.data.id}/confirm`)).status).toBe(201);
    });
  });

  it.runIf(TEST_ENGINE === 'postgres')(
    'posts a request once when two staff post it at once, and confirms a proposal once when two confirm',
    async () => {
      await start();
      await createAdminUser(t.deps, { username: 'third', password: PASSWORD, role: 'ADMIN' });
      const third = await loginToken(t, 'third', PASSWORD);
      const id = await approvedTransfer('DEMO01', '100200300', shares(10));
      const both = await Promise.all([post(`/requests/${id}/post`), post(`/requests/${id}/post`, {}, second)]);
      expect(both.map((r) => r.status).sort()).toEqual([201, 409]);

      const big = await approvedTransfer('DEMO03', '300400500', shares(20000));
      const proposed = await post(`/requests/${big}/post`);
      const confirms = await Promise.all([
        post(`/ledger/postings/${proposed.json.data.id}/confirm`, {}, second),
        post(`/ledger/postings/${proposed.json.data.id}/confirm`, {}, third),
      ]);
      expect(confirms.map((r) => r.status).sort()).toEqual([201, 409]);
      expect(await journalSize()).toBe(6);
    },
  );

  it('puts every posting under dual control when LEDGER_DUAL_CONTROL_SHARES is 0', async () => {
    await start({ LEDGER_DUAL_CONTROL_SHARES: '0' });
    const id = await approvedTransfer('DEMO01', '100200300', shares(1));
    expect((await post(`/requests/${id}/post`)).status).toBe(202);
  });
});
