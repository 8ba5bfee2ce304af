import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { adminActivity, shareholderAccounts } from '@ledgerwell/db/schema';
import { calendarDateIn, formatDecimal } from '@ledgerwell/shared/ledger';
import { PORTAL_DOCUMENT_MESSAGES as M, adviceDocumentId } from '@ledgerwell/shared/portal-documents';
import { readPdf } from '../../test/pdf-text';
import { portalFixtures } from '../../test/portal-fixtures';
import { createAdminUser, createTestApp, loginToken, type TestApp } from '../../test/test-app';

const PASSWORD = 'Correct-Horse-7';

interface JournalEntry {
  id: string;
  type: string;
  effectiveDate: string;
  balanceAfter: string;
  legs: { accountId: string; shares: string }[];
}

/**
 * The holder's PDFs (issue 30): an advice per posting and a statement as of a date, each read back as a viewer
 * reads it and checked against the ledger staff see; nobody else's, and every download on the record.
 */
describe('the portal documents', () => {
  let t: TestApp;
  let admin: string;
  let portal: ReturnType<typeof portalFixtures>;
  let dana: string;
  const ids: Record<string, string> = {};

  const staffGet = (path: string) => t.request('GET', `/api/admin${path}`, { token: admin });
  const staffPost = (path: string, body: unknown = {}) =>
    t.request('POST', `/api/admin${path}`, { token: admin, body });
  const portalGet = (path: string, token?: string) =>
    t.request('GET', `/api/shareholder-portal${path}`, token ? { token } : {});
  const today = () => calendarDateIn('America/Los_Angeles', t.deps.clock.now());

  /** The PDF as bytes, with its headers. */
  async function pdfOf(path: string, token: string) {
    const response = await t.app.request(`/api/shareholder-portal${path}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(response.status, path).toBe(200);
    return { headers: response.headers, pdf: await readPdf(new Uint8Array(await response.arrayBuffer())) };
  }

  async function journalOf(accountId: string): Promise<JournalEntry[]> {
    return (await staffGet(`/ledger/accounts/${accountId}/transactions`)).json.data;
  }

  beforeEach(async () => {
    t = await createTestApp();
    portal = portalFixtures(t);
    await portal.seed();
    await createAdminUser(t.deps, { username: 'poster', password: PASSWORD, role: 'ADMIN' });
    admin = await loginToken(t, 'poster', PASSWORD);
    for (const number of ['100200300', '100200301', '300400500']) {
      const [row] = await t.deps.db
        .select({ id: shareholderAccounts.id, classId: shareholderAccounts.classId })
        .from(shareholderAccounts)
        .where(eq(shareholderAccounts.accountNumber, number));
      ids[number] = row!.id;
      ids[`${number}:class`] = row!.classId;
    }
    dana = await portal.signIn('DEMO01', '100200300');
    // A transfer the holder asked for, posted by staff, and one staff made to the trust, as certificate.
    await portal.postedTransfer(dana, admin, 100);
    const moved = await staffPost('/ledger/transfers', {
      classId: ids['100200300:class'],
      fromAccountId: ids['100200300'],
      toAccountId: ids['300400500'],
      shares: '400',
      toForm: 'CERTIFICATE',
      effectiveDate: today(),
    });
    expect(moved.status, moved.text).toBe(201);
  });
  afterEach(() => t.close());

  it("lists an advice for every posting to the holder's accounts, and each PDF says what the ledger says", async () => {
    const list = await portalGet('/documents', dana);
    expect(list.status, list.text).toBe(200);
    const danaJournal = [
      ...(await journalOf(ids['100200300']!)).map((entry) => ({ entry, accountId: ids['100200300']! })),
      ...(await journalOf(ids['100200301']!)).map((entry) => ({ entry, accountId: ids['100200301']! })),
    ];
    expect(list.json.total).toBe(danaJournal.length);
    expect(list.json.data.map((d: { id: string }) => d.id).sort()).toEqual(
      danaJournal.map(({ entry, accountId }) => adviceDocumentId(entry.id, accountId)).sort(),
    );
    expect(list.json.data[0]).toMatchObject({ kind: 'TRANSACTION_ADVICE', transactionType: 'TRANSFER' });

    for (const { entry, accountId } of danaJournal) {
      const { headers, pdf } = await pdfOf(`/documents/${adviceDocumentId(entry.id, accountId)}`, dana);
      expect(headers.get('Content-Type')).toBe('application/pdf');
      expect(headers.get('Cache-Control')).toBe('no-store');
      expect(pdf.title).toBe(
        `Transaction advice: ${entry.type === 'TRANSFER' ? 'transfer' : 'issuance'}, ${entry.effectiveDate}`,
      );
      expect(pdf.language).toBe('en-US');
      expect(pdf.tagged).toBe(true);
      const own = entry.legs.filter((leg) => leg.accountId === accountId).map((leg) => leg.shares);
      const credited = own.filter((s) => !s.startsWith('-'));
      const debited = own.filter((s) => s.startsWith('-')).map((s) => s.slice(1));
      expect(pdf.text).toContain(`Balance after this transaction: ${formatDecimal(entry.balanceAfter)}`);
      if (credited.length === 1) expect(pdf.text).toContain(`Shares credited: ${formatDecimal(credited[0]!)}`);
      if (debited.length === 1) expect(pdf.text).toContain(`Shares debited: ${formatDecimal(debited[0]!)}`);
      expect(pdf.text).toContain('Registration: Dana Whitfield');
      expect(pdf.text).toContain(`Account number ending: ${accountId === ids['100200300'] ? '0300' : '0301'}`);
      // The other side of a transfer is not the holder's to read.
      expect(pdf.text).not.toContain('Bell Family Trust');
    }
    const downloads = await t.deps.db
      .select()
      .from(adminActivity)
      .where(eq(adminActivity.actionType, 'PORTAL_DOCUMENT_DOWNLOADED'));
    expect(downloads).toHaveLength(danaJournal.length);
    expect(downloads[0]).toMatchObject({ adminUsername: 'shareholder DEMO01', resourceType: 'shareholder' });
  });

  it('makes a statement as of a date from the journal as of that date', async () => {
    const position = (await staffGet(`/ledger/accounts/${ids['100200300']}/position`)).json.data;
    const { pdf, headers } = await pdfOf(`/statement?accountId=${ids['100200300']}&asOf=${today()}`, dana);
    expect(headers.get('Cache-Control')).toBe('no-store');
    expect(pdf.title).toBe(`Statement of holdings as of ${today()}`);
    expect(pdf.language).toBe('en-US');
    expect(pdf.text).toContain(`Total shares: ${formatDecimal(position.totalShares)}`);
    expect(pdf.text).toContain(`Book-entry (DRS) shares: ${formatDecimal(position.drsShares)}`);
    for (const entry of await journalOf(ids['100200300']!))
      expect(pdf.text).toContain(formatDecimal(entry.balanceAfter));

    // The day before anything was posted, the account held nothing.
    const before = new Date(`${today()}T12:00:00Z`);
    before.setUTCDate(before.getUTCDate() - 1);
    const yesterday = before.toISOString().slice(0, 10);
    const empty = await pdfOf(`/statement?accountId=${ids['100200300']}&asOf=${yesterday}`, dana);
    expect(empty.pdf.text).toContain('Total shares: 0');
    expect(empty.pdf.text).toContain('No transactions up to this date.');

    // Certificates held at the date: the preferred account's two.
    const preferred = await pdfOf(`/statement?accountId=${ids['100200301']}&asOf=${today()}`, dana);
    expect(preferred.pdf.text).toContain('PA-0012');
    expect(preferred.pdf.text).toContain('Certificated shares: 250');
  });

  it('refuses a statement for a future date, a malformed account or date, with the field and its message', async () => {
    const future = await portalGet(`/statement?accountId=${ids['100200300']}&asOf=2999-01-01`, dana);
    expect(future.status).toBe(400);
    expect(future.json.errors).toEqual({ asOf: M.asOfInFuture });
    const bad = await portalGet('/statement?accountId=nope&asOf=2026-02-30', dana);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.errors).sort()).toEqual(['accountId', 'asOf']);
  });

  it("answers 404 for another holder's documents and statements, and 401 without a session", async () => {
    const trustJournal = await journalOf(ids['300400500']!);
    const danaJournal = await journalOf(ids['100200300']!);
    const transferToTrust = danaJournal.find((entry) => entry.legs.some((leg) => leg.accountId === ids['300400500']))!;
    const attempts = [
      // The trust's own advice of the same transfer.
      `/documents/${adviceDocumentId(transferToTrust.id, ids['300400500']!)}`,
      // The trust's opening balance, named with the holder's own account.
      `/documents/${adviceDocumentId(trustJournal.at(-1)!.id, ids['100200300']!)}`,
      `/documents/${adviceDocumentId('00000000-0000-4000-8000-000000000000', ids['100200300']!)}`,
      '/documents/not-a-document',
      `/statement?accountId=${ids['300400500']}&asOf=${today()}`,
    ];
    for (const path of attempts) {
      const res = await portalGet(path, dana);
      expect(res.status, path).toBe(404);
      expect(res.json.message).toBe(M.documentNotFound);
    }
    const trust = await portal.signIn('DEMO03', '300400500');
    const theirs = await portalGet('/documents', trust);
    expect(theirs.json.data.every((d: { accountId: string }) => d.accountId === ids['300400500'])).toBe(true);
    for (const path of ['/documents', `/documents/${adviceDocumentId(transferToTrust.id, ids['100200300']!)}`])
      expect((await portalGet(path)).status).toBe(401);
    const recorded = await t.deps.db
      .select()
      .from(adminActivity)
      .where(and(eq(adminActivity.actionType, 'PORTAL_DOCUMENT_DOWNLOADED')));
    expect(recorded).toHaveLength(0);
  });
});
