import fs from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { strFromU8, unzipSync } from 'fflate';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { checkOcfBundle, ocfHoldings, type OcfFiles } from '../../shared/src/ocf-check';
import {
  acceptInvitationWithPasskey,
  approvedIssuerWithLedger,
  confirmStepUpWithPasskey,
} from './support/issuer-account';
import type { SeededHolder } from './support/issuer-ledger';
import { invitationLinkInMail } from './support/issuer-application';
import { extraServerForTests } from './support/extra-server';
import { virtualAuthenticator } from './support/virtual-authenticator';

/*
 * The issuer portal once signed in (issuer-sign-in.spec.ts walks the way in): staff give an approved issuer a class
 * and holders before its contact accepts the invitation; the contact then reads the cap table and the record-date
 * lists, downloads the CSV and the OCF bundle (each behind the step-up, proved with the passkey), reads the journal
 * and the requests, and invites a viewer, who reads but exports nothing. Setting up the passkey proves the second
 * factor, so the step-up dialog only shows once the window has passed: these tests run on a server of their own whose
 * window is 4 seconds (the shared e2e server keeps the default 10 minutes), and wait past it before each export.
 */

const WINDOW_MS = 4000;
const CONTEXT = { serviceWorkers: 'block', reducedMotion: 'reduce' } as const;

test.use(CONTEXT);

const server = extraServerForTests(11, { ADMIN_STEP_UP_WINDOW_MS: String(WINDOW_MS) });

/** A page of a fresh browser context on the short-window server, with a virtual authenticator of its own. */
async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ ...CONTEXT, baseURL: server().baseURL });
  const page = await context.newPage();
  await virtualAuthenticator(page);
  return page;
}

/** The last proof of the second factor is out of date: the next export or invitation asks again. */
const waitPastStepUpWindow = (page: Page) => page.waitForTimeout(WINDOW_MS + 500);

/** The file a click downloads once the step-up dialog it opens has been confirmed with the passkey. */
async function downloadAfterStepUp(page: Page, button: Locator): Promise<{ name: string; body: Buffer }> {
  await waitPastStepUpWindow(page);
  const download = page.waitForEvent('download');
  await button.click();
  await confirmStepUpWithPasskey(page);
  const file = await download;
  return { name: file.suggestedFilename(), body: await fs.readFile((await file.path())!) };
}

/** The value beside a term of a detail list. */
const detail = (scope: Locator, term: string) =>
  scope
    .locator('.detail-list__row')
    .filter({ has: scope.page().getByText(term, { exact: true }) })
    .locator('dd');

const grouped = (shares: number) => shares.toLocaleString('en-US');

/** A record-date list as it reads: one "account · registration · shares" line per holder, in the table's order. */
async function listedHolders(page: Page): Promise<string[]> {
  const rows = page.getByRole('table', { name: /Holders of record on/ }).getByRole('row');
  await expect(rows.first()).toBeVisible();
  const lines: string[] = [];
  for (const row of (await rows.all()).slice(1))
    lines.push((await row.locator('th, td').allInnerTexts()).map((text) => text.trim()).join(' · '));
  return lines;
}

const expectedLines = (holders: SeededHolder[], held: (holder: SeededHolder) => number) =>
  holders
    .filter((holder) => held(holder) > 0)
    .sort((a, b) => a.accountNumber.localeCompare(b.accountNumber))
    .map((holder) => `${holder.accountNumber} · ${holder.name} · ${grouped(held(holder))}`);

test('the contact reads the cap table and record-date lists, downloads the CSV and the OCF bundle, reads the journal and the requests', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const page = await newPage(browser);
  const { company, issuer, ledger, link } = await approvedIssuerWithLedger(page.request, 'Harbor Dynamics');
  await acceptInvitationWithPasskey(page, link);

  // The cap table: the class's figures, and each holder with the shares and share of the class staff posted.
  await expect(page.getByText(`${company}: every class and its holders today`)).toBeVisible();
  const common = page.getByRole('region', { name: ledger.className, exact: true });
  await expect(detail(common, 'Authorized')).toHaveText('1,000,000');
  await expect(detail(common, 'Issued')).toHaveText('10,000');
  await expect(detail(common, 'Outstanding')).toHaveText('10,000');
  await expect(detail(common, 'Holders')).toHaveText('3');
  const capTable = common.getByRole('table', { name: /Holders of Common/ });
  // Largest holding first: 4,500 (45 %), 3,000 (30 %), 2,500 (25 %).
  const byHolding = [...ledger.holders].sort((a, b) => b.today - a.today);
  await expect(capTable.locator('tbody tr')).toHaveText(
    byHolding.map(
      (holder) =>
        new RegExp(`${holder.accountNumber}\\s*${holder.name}\\s*${grouped(holder.today)}\\s*${holder.today / 100}%`),
    ),
  );

  // The record-date list: today's, then the list at the end of a day before the transfer.
  await common.getByRole('link', { name: `Holders of record of ${ledger.className} on any date` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Holders of record: ${ledger.className}` })).toBeVisible();
  expect(await listedHolders(page)).toEqual(expectedLines(ledger.holders, (holder) => holder.today));
  await page.getByLabel('Record date').fill(ledger.beforeTransfer);
  await expect(page).toHaveURL(new RegExp(`asOf=${ledger.beforeTransfer}`));
  await expect(page.getByText(/3 holders of 10,000 shares at the end of/)).toBeVisible();
  await expect.poll(() => listedHolders(page)).toEqual(expectedLines(ledger.holders, (holder) => holder.before));
  // Before the founders' issuance nobody held the class.
  await page.getByLabel('Record date').fill('2020-01-01');
  await expect(page.getByText('No holder held shares of this class on that day.')).toBeVisible();
  await page.getByLabel('Record date').fill(ledger.beforeTransfer);
  await expect(page.getByText(/3 holders of 10,000 shares/)).toBeVisible();

  // Its CSV: a recent second factor first (the step-up dialog, the passkey), then every holder of that day, each
  // tax ID masked to its last four.
  const csv = await downloadAfterStepUp(page, page.getByRole('button', { name: 'Download CSV' }));
  expect(csv.name).toBe(`holders-common-${ledger.beforeTransfer}.csv`);
  const rows = parse(csv.body, { columns: true, bom: true }) as Record<string, string>[];
  expect(rows).toEqual(
    [...ledger.holders]
      .sort((a, b) => a.accountNumber.localeCompare(b.accountNumber))
      .map((holder) => ({
        'Account number': holder.accountNumber,
        Registration: holder.name,
        'Tax ID': `***-**-${holder.taxId.slice(-4)}`,
        Shares: String(holder.before),
        'Record date': ledger.beforeTransfer,
      })),
  );
  for (const holder of ledger.holders) expect(csv.body.toString()).not.toContain(holder.taxId);

  // The OCF bundle: the manifest names the issuer and its files; the transactions hold the founders' issuances and the
  // transfer, and the bundle passes the structural check with today's holdings.
  await page.getByRole('link', { name: '← Back to the cap table' }).click();
  const bundle = await downloadAfterStepUp(page, page.getByRole('button', { name: 'Export OCF' }));
  expect(bundle.name).toMatch(/^harbor-dynamics-[a-z0-9]+-\d{4}-\d{2}-\d{2}\.ocf\.zip$/);
  const zipped = unzipSync(new Uint8Array(bundle.body));
  const files: OcfFiles = Object.fromEntries(
    Object.entries(zipped).map(([name, bytes]) => [name, JSON.parse(strFromU8(bytes))]),
  );
  expect(Object.keys(files).sort()).toEqual([
    'Manifest.ocf.json',
    'Stakeholders.ocf.json',
    'StockClasses.ocf.json',
    'Transactions.ocf.json',
  ]);
  const manifest = files['Manifest.ocf.json'] as {
    ocf_version: string;
    issuer: { id: string; legal_name: string };
    transactions_files: { filepath: string }[];
  };
  expect(manifest.ocf_version).toBe('1.2.0');
  expect(manifest.issuer).toMatchObject({ id: issuer.id, legal_name: company });
  expect(manifest.transactions_files.map((file) => file.filepath)).toEqual(['./Transactions.ocf.json']);
  expect(checkOcfBundle(files, { outstanding: { [ledger.classId]: '10000' } })).toEqual([]);

  const stakeholders = (files['Stakeholders.ocf.json'] as { items: { id: string; issuer_assigned_id: string }[] })
    .items;
  const accountOf = new Map(stakeholders.map((stakeholder) => [stakeholder.id, stakeholder.issuer_assigned_id]));
  const transactions = (
    files['Transactions.ocf.json'] as {
      items: { object_type: string; date: string; stakeholder_id?: string; quantity?: string }[];
    }
  ).items;
  const founders = transactions
    .filter((item) => item.object_type === 'TX_STOCK_ISSUANCE' && item.date === ledger.issued)
    .map((item) => [accountOf.get(item.stakeholder_id!), item.quantity]);
  expect(founders.sort()).toEqual(ledger.holders.map((holder) => [holder.accountNumber, String(holder.before)]).sort());
  expect(transactions.filter((item) => item.object_type === 'TX_STOCK_TRANSFER')).toHaveLength(1);
  const held = ocfHoldings(files).get(ledger.classId);
  expect(Object.fromEntries([...(held ?? [])].map(([id, shares]) => [accountOf.get(id), shares]))).toEqual(
    Object.fromEntries(ledger.holders.map((holder) => [holder.accountNumber, String(holder.today)])),
  );

  // The journal: the four postings, then the transfer alone.
  const nav = page.getByRole('navigation', { name: 'Issuer portal' });
  await nav.getByRole('link', { name: 'Journal' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Journal' })).toBeVisible();
  const journal = page.getByRole('table', { name: /Postings/ });
  await expect(journal.locator('tbody tr')).toHaveCount(4);
  await expect(journal.locator('tbody tr').filter({ hasText: 'Issuance' })).toHaveCount(3);
  await page.getByLabel('Type').selectOption('TRANSFER');
  await expect(page).toHaveURL(/type=TRANSFER/);
  await expect(journal.locator('tbody tr')).toHaveCount(1);
  await expect(journal.locator('tbody tr')).toContainText('Private sale');
  await expect(journal.locator('tbody tr')).toContainText(ledger.holders[0]!.accountNumber);

  // The requests: the turnaround figures, and no request yet from these new holders.
  await nav.getByRole('link', { name: 'Requests' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Requests' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Transfer turnaround (SEC Rule 17Ad-2)' })).toBeVisible();
  await expect(page.getByText('Your shareholders have made no request yet.')).toBeVisible();
  await page.context().close();
});

test('the administrator invites a viewer, who signs up with a passkey, reads the cap table and exports nothing', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const page = await newPage(browser);
  const { company, ledger, link } = await approvedIssuerWithLedger(page.request, 'Lantern Biosciences');
  await acceptInvitationWithPasskey(page, link);

  // The invitation is a user change: a recent second factor first.
  await page.getByRole('navigation', { name: 'Issuer portal' }).getByRole('link', { name: 'Users' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  const viewerEmail = `viewer.${Date.now().toString(36)}@example.com`;
  const invite = page.getByRole('form', { name: 'Invite a colleague' });
  await invite.getByLabel('Email').fill(viewerEmail);
  await invite.getByLabel('Role').selectOption({ label: 'Viewer' });
  await waitPastStepUpWindow(page);
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await confirmStepUpWithPasskey(page);
  await expect(page.getByRole('status').filter({ hasText: `Invitation sent to ${viewerEmail}.` })).toBeVisible();
  const open = page.getByRole('region', { name: 'Open invitations' }).getByRole('listitem');
  await expect(open).toHaveCount(1);
  await expect(open).toContainText(viewerEmail);
  await expect(open).toContainText('Viewer');

  // The viewer, in a browser of their own: the e-mail's link, a password, a passkey, the cap table.
  const viewerLink = await invitationLinkInMail(page.request, viewerEmail);
  const viewer = await newPage(browser);
  await acceptInvitationWithPasskey(viewer, viewerLink);
  await expect(viewer.getByRole('banner')).toContainText(company);
  await expect(viewer.getByRole('banner')).toContainText('Viewer');
  const table = viewer.getByRole('region', { name: ledger.className, exact: true }).getByRole('table');
  for (const holder of ledger.holders)
    await expect(table.getByRole('row').filter({ hasText: holder.accountNumber })).toContainText(holder.name);
  await expect(viewer.getByText("Only your company's administrators can export the cap table.")).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'Export OCF' })).toHaveCount(0);
  await expect(viewer.getByRole('navigation', { name: 'Issuer portal' }).getByRole('link')).toHaveText([
    'Cap table',
    'Journal',
    'Requests',
    'Security',
  ]);
  // The record-date list reads; its CSV is the administrators', and the server refuses it to the viewer outright.
  await viewer.getByRole('link', { name: `Holders of record of ${ledger.className} on any date` }).click();
  await expect(viewer.getByRole('table', { name: /Holders of record on/ })).toBeVisible();
  await expect(viewer.getByText("Only your company's administrators can download the holders.")).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'Download CSV' })).toHaveCount(0);
  const token = await viewer.evaluate(() => localStorage.getItem('issuerToken'));
  const refused = await viewer.request.get(`/api/issuer/classes/${ledger.classId}/holders/export/csv`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).code).toBe('FORBIDDEN');
  expect(await refused.text()).not.toContain(ledger.holders[0]!.name);
  await viewer.context().close();
  await page.context().close();
});
