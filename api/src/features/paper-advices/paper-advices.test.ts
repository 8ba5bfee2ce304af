import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { adviceMailings } from '@ledgerwell/db/ledger-schema';
import { adminActivity } from '@ledgerwell/db/schema';
import { PAPER_ADVICE_MESSAGES as M, PAPER_ADVICES_MARK_MAX } from '@ledgerwell/shared/paper-advices';
import { adviceDocumentId } from '@ledgerwell/shared/portal-documents';
import { adviceFixtures } from '../../test/advice-fixtures';
import { readPdf } from '../../test/pdf-text';
import { createAdminUser, createTestApp, loginToken, type TestApp } from '../../test/test-app';

const PASSWORD = 'Correct-Horse-7';

/**
 * The staff's paper-advice queue (decision 022): a holder who gets paper has their advice listed to print, with
 * the address to mail it to; marking it mailed moves it to the mailed list, once, all of a batch or none of it.
 */
describe('the paper advices', () => {
  let t: TestApp;
  let clerk: string;
  const { setUp, holder, transfer } = adviceFixtures(() => t);

  const list = (status: string, token = clerk, query = '') =>
    t.request('GET', `/api/admin/paper-advices?status=${status}${query}`, { token });
  const mark = (documentIds: unknown, token = clerk) =>
    t.request('POST', '/api/admin/paper-advices/mailed', { token, body: { documentIds } });
  const mailings = () => t.deps.db.select().from(adviceMailings);
  const activity = (action: string) =>
    t.deps.db.select().from(adminActivity).where(eq(adminActivity.actionType, action));

  /** A seller who reads e-mail, and a buyer who gets paper; one transfer between them. */
  async function paperTransfer(suffix: string, electronicBuyer?: boolean) {
    const seller = await holder(`SEL${suffix}`, `SEL${suffix}00001234`, 100, true);
    const buyer = await holder(`BUY${suffix}`, `BUY${suffix}00005678`, 0, electronicBuyer);
    const sent = await transfer(seller.accountId, buyer.accountId, '10');
    expect(sent.status, sent.text).toBe(201);
    return {
      seller,
      buyer,
      paperId: adviceDocumentId(sent.json.data.id, buyer.accountId),
      emailId: adviceDocumentId(sent.json.data.id, seller.accountId),
    };
  }

  beforeEach(async () => {
    t = await createTestApp();
    await setUp();
    await createAdminUser(t.deps, { username: 'clerk', password: PASSWORD, role: 'REVIEWER' });
    clerk = await loginToken(t, 'clerk', PASSWORD);
  });
  afterEach(() => t.close());

  it('lists a paper holder’s advice with the address to mail it to, prints it, and moves it to mailed', async () => {
    const { paperId, emailId } = await paperTransfer('01');
    const pending = await list('pending');
    expect(pending.status, pending.text).toBe(200);
    expect(pending.json.data.pagination.totalCount).toBe(1);
    // The seller consented to e-mail: their advice is not staff's to mail.
    expect(pending.json.data.advices).toEqual([
      expect.objectContaining({
        id: paperId,
        transactionType: 'TRANSFER',
        issuerName: 'Acme Corp',
        className: 'Common',
        accountNumber: 'BUY0100005678',
        registrationName: 'Registered BUY01',
        holderName: 'Holder BUY01',
        address: { line1: '1 Main St', line2: null, city: 'Fresno', state: 'CA', postalCode: '93721' },
        mailedAt: null,
        mailedBy: null,
      }),
    ]);
    expect(pending.json.data.advices[0].id).not.toBe(emailId);

    // The printed advice is the holder's own: their registration, the shares they received.
    const pdf = await t.app.request(`/api/admin/paper-advices/${paperId}/pdf`, {
      headers: { Authorization: `Bearer ${clerk}` },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('Content-Type')).toBe('application/pdf');
    expect(pdf.headers.get('Cache-Control')).toBe('no-store');
    const text = (await readPdf(new Uint8Array(await pdf.arrayBuffer()))).text;
    expect(text).toContain('Registered BUY01');
    expect(text).toContain('Shares credited');
    expect(text).not.toContain('SEL01');
    expect(await activity('PAPER_ADVICE_DOWNLOADED')).toEqual([
      expect.objectContaining({
        adminUsername: 'clerk',
        details: { document: paperId, accountId: expect.any(String) },
      }),
    ]);

    const marked = await mark([paperId]);
    expect(marked.status, marked.text).toBe(200);
    expect(marked.json.data.mailed).toBe(1);
    expect((await list('pending')).json.data).toMatchObject({ advices: [], pagination: { totalCount: 0 } });
    const mailed = await list('mailed');
    expect(mailed.json.data.pagination.totalCount).toBe(1);
    expect(mailed.json.data.advices).toEqual([
      expect.objectContaining({ id: paperId, mailedBy: 'clerk', mailedAt: marked.json.data.mailedAt }),
    ]);
    expect(await activity('PAPER_ADVICES_MAILED')).toEqual([
      expect.objectContaining({ adminUsername: 'clerk', details: { count: 1, mailedAt: marked.json.data.mailedAt } }),
    ]);
  });

  it('lists pending advices oldest first and mailed ones newest first, a page at a time', async () => {
    const first = await paperTransfer('01');
    const second = await paperTransfer('02');
    const third = await paperTransfer('03');
    const page = async (status: string, n: number) =>
      (await list(status, clerk, `&page=${n}&limit=2`)).json.data as {
        advices: { id: string }[];
        pagination: { totalCount: number; totalPages: number };
      };
    expect((await page('pending', 1)).advices.map((a) => a.id)).toEqual([first.paperId, second.paperId]);
    expect(await page('pending', 2)).toMatchObject({
      advices: [{ id: third.paperId }],
      pagination: { totalCount: 3, totalPages: 2 },
    });

    expect((await mark([second.paperId])).status).toBe(200);
    t.clock.advance(60_000);
    expect((await mark([first.paperId])).status).toBe(200);
    expect((await page('mailed', 1)).advices.map((a) => a.id)).toEqual([first.paperId, second.paperId]);
    expect((await page('pending', 1)).advices.map((a) => a.id)).toEqual([third.paperId]);
  });

  it('marks all of a batch or none: an advice already mailed, or not a paper one, is a 409 naming it', async () => {
    const one = await paperTransfer('01');
    const two = await paperTransfer('02');
    expect((await mark([one.paperId])).status).toBe(200);

    const again = await mark([two.paperId, one.paperId]);
    expect(again.status, again.text).toBe(409);
    expect(again.json.message).toBe(M.conflict);
    expect(again.json.errors).toEqual({ [one.paperId]: M.alreadyMailed });
    // The fresh one in the refused batch was not recorded either.
    expect(await mailings()).toHaveLength(1);
    expect((await list('pending')).json.data.advices.map((a: { id: string }) => a.id)).toEqual([two.paperId]);

    // An e-mailed advice went to the portal: there is nothing to mail, and nothing for staff to print.
    const email = await mark([two.paperId, two.emailId]);
    expect(email.status, email.text).toBe(409);
    expect(email.json.errors).toEqual({ [two.emailId]: M.notPaper });
    expect((await t.request('GET', `/api/admin/paper-advices/${two.emailId}/pdf`, { token: clerk })).status).toBe(404);
    // An advice that does not exist is no paper advice either.
    const unknown = adviceDocumentId('00000000-0000-4000-8000-000000000000', two.buyer.accountId);
    expect((await mark([unknown])).json.errors).toEqual({ [unknown]: M.notPaper });
    expect(await mailings()).toHaveLength(1);
    expect(await activity('PAPER_ADVICES_MAILED')).toHaveLength(1);
  });

  it('checks the batch: one to 500 advice ids, each once', async () => {
    const { paperId } = await paperTransfer('01');
    for (const ids of [
      [],
      ['advice_nope'],
      [paperId, paperId],
      [paperId, paperId.toUpperCase()],
      Array(PAPER_ADVICES_MARK_MAX + 1).fill(paperId),
    ]) {
      const res = await mark(ids);
      expect(res.status, res.text).toBe(400);
      // The list, or the one id in it ("documentIds.0").
      expect(Object.keys(res.json.errors)[0]).toMatch(/^documentIds/);
    }
    expect((await list('sent')).status).toBe(400);
    expect(await mailings()).toEqual([]);
  });

  it('is for staff who work requests: READ_ONLY lists, prints and marks nothing', async () => {
    const { paperId } = await paperTransfer('01');
    await createAdminUser(t.deps, { username: 'auditor', password: PASSWORD, role: 'READ_ONLY' });
    const auditor = await loginToken(t, 'auditor', PASSWORD);
    expect((await list('pending', auditor)).status).toBe(403);
    expect((await t.request('GET', `/api/admin/paper-advices/${paperId}/pdf`, { token: auditor })).status).toBe(403);
    expect((await mark([paperId], auditor)).status).toBe(403);
    expect((await t.request('GET', '/api/admin/paper-advices')).status).toBe(401);
    expect(await mailings()).toEqual([]);
  });

  it('keeps the mailing record as written: UPDATE, DELETE and TRUNCATE fail', async () => {
    const { paperId, buyer } = await paperTransfer('01');
    expect((await mark([paperId])).status).toBe(200);
    const mine = eq(adviceMailings.accountId, buyer.accountId);
    await expect(t.deps.db.update(adviceMailings).set({ mailedBy: 'someone else' }).where(mine)).rejects.toThrow();
    await expect(t.deps.db.delete(adviceMailings).where(mine)).rejects.toThrow();
    await expect(t.deps.db.execute(sql`truncate advice_mailings`)).rejects.toThrow();
    expect(await mailings()).toEqual([expect.objectContaining({ mailedBy: 'clerk' })]);
  });
});
