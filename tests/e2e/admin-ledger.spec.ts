import { expect, test, type Page } from '@playwright/test';
import { signInThroughForm } from './support/admin-helpers';
import { E2E_ADMIN } from './fixtures';
import { expectNoSideScroll, seriousViolations } from './support/axe';

// axe is injected as an inline script, which the CSP forbids (support/axe.ts).
test.use({ bypassCSP: true });

/** Signed in, on the record-date list of the demo's Acme Robotics Common. */
async function openAcmeCommonHolders(page: Page) {
  await signInThroughForm(page, E2E_ADMIN);
  await page.goto('/admin/ledger');
  await page
    .getByRole('region', { name: 'Acme Robotics Inc.' })
    .getByRole('link', { name: 'Common: holders on a record date' })
    .click();
}

// The demo data's ledger (README, "Demo registry"): Acme Robotics' classes with their authorized shares, and
// certificate C-1001 of the Bell Family Trust, cancelled by a partial sale with its balance on LW000001.
test('staff read the ledger: classes in balance, a cancelled certificate with its lineage, a stop order placed and released', async ({
  page,
}) => {
  await signInThroughForm(page, E2E_ADMIN);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Ledger' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ledger' })).toBeVisible();

  const acme = page.getByRole('region', { name: 'Acme Robotics Inc.' });
  const preferred = acme.getByRole('row').filter({ hasText: 'Series A Preferred' });
  await expect(preferred).toContainText('1,000,000');
  await expect(preferred).toContainText('In balance');

  const register = page.getByRole('region', { name: 'Certificate register' });
  await register.getByLabel('Certificate number').fill('c-1001');
  await register.getByRole('button', { name: 'Search' }).click();
  const cancelled = register.getByRole('article', { name: 'Certificate C-1001' });
  await expect(cancelled).toContainText('Cancelled');
  await expect(cancelled).toContainText('Bell Family Trust');
  await expect(cancelled).toContainText('Replaced by LW000001');
  await expect(cancelled.getByRole('button', { name: 'Place stop order' })).toHaveCount(0);

  await register.getByLabel('Certificate number').fill('LW000001');
  await register.getByRole('button', { name: 'Search' }).click();
  const balance = register.getByRole('article', { name: 'Certificate LW000001' }).filter({ hasText: 'Acme Robotics' });
  await expect(balance).toContainText('Cut from C-1001');
  await expect(balance).toContainText('12,000');
  await balance.getByLabel('Reason').selectOption('LOST');
  await balance.getByRole('button', { name: 'Place stop order' }).click();
  await expect(balance).toContainText('Stopped');
  await expect(balance).toContainText('Lost');
  await balance.getByRole('button', { name: 'Release stop order' }).click();
  await expect(balance).toContainText('Outstanding');
  // Lost again for good: a replacement certificate for the same 12,000 shares, the old one cancelled.
  await balance.getByLabel('Reason').selectOption('DESTROYED');
  await balance.getByRole('button', { name: 'Place stop order' }).click();
  await balance.getByLabel(/Memo/).fill('Affidavit of loss and indemnity bond on file');
  await balance.getByRole('button', { name: 'Issue replacement' }).click();
  await expect(page.getByText(/Certificate LW000001 replaced on certificate LW0000\d\d/)).toBeVisible();
  await expect(balance).toContainText('Cancelled');
  await expect(balance).toContainText(/Replaced by LW0000\d\d/);

  // No serious accessibility violation, and nothing wider than a 360 px phone (tables scroll in their own box).
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 360, height: 800 });
  await expectNoSideScroll(page);
});

test("a class's holders of record: today's from the demo ledger, none before the registry existed", async ({
  page,
}) => {
  await openAcmeCommonHolders(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Acme Robotics Inc., Common' })).toBeVisible();
  const investor = page.getByRole('row').filter({ hasText: '400500600' });
  await expect(investor).toContainText('Okafor Capital LLC');
  await expect(investor).toContainText('11,500');
  await page.getByLabel('Record date').fill('2020-01-01');
  await expect(page.getByText('No holder held shares of this class on that day.')).toBeVisible();
});

test("an account's ledger and the journal: the demo investor's postings with the balance after each, then narrowed", async ({
  page,
}) => {
  await openAcmeCommonHolders(page);
  await page.getByRole('link', { name: '400500600' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Account 400500600' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Position' })).toContainText('11,500');
  const moves = page.getByRole('table', { name: /Transactions/ });
  const sale = moves.getByRole('row').filter({ hasText: 'Sale by the Bell Family Trust' });
  await expect(sale).toContainText('+4,000');
  await expect(sale).toContainText('11,500');
  // The trust's two legs (its certificate surrendered, the balance certificate) link to its own ledger.
  await expect(sale.getByRole('link', { name: /300400500/ })).toHaveCount(2);
  const placement = moves.getByRole('row').filter({ hasText: 'Private placement' });
  await expect(placement).toContainText('7,500');
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('link', { name: '← Back to the journal' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Journal' })).toBeVisible();
  await page.getByLabel('Type').selectOption('TRANSFER');
  // The account number applies 300 ms after the last keystroke: wait for the journal it asks for.
  const narrowed = page.waitForResponse(
    (response) => response.url().includes('type=TRANSFER') && response.url().includes('accountNumber=300400500'),
  );
  await page.getByLabel('Search').fill('300400500');
  await narrowed;
  const journal = page.getByRole('table', { name: /Postings/ });
  await expect(journal.getByRole('row')).toHaveCount(2);
  await expect(journal).toContainText('certificate C-1001');
  await expect(journal).toContainText('Acme Robotics Inc., Common');
  // A list being reloaded is dimmed on purpose; axe reads the settled page.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 360, height: 800 });
  await expectNoSideScroll(page);
});

test('staff add an issuer and a class, then raise its authorized shares on a board resolution, which the journal shows', async ({
  page,
}) => {
  await signInThroughForm(page, E2E_ADMIN);
  await page.goto('/admin/ledger');
  const section = page.getByRole('region', { name: 'Issuers and classes' });
  await section.getByRole('button', { name: 'Add issuer' }).click();
  const issuerDialog = page.getByRole('dialog', { name: 'Add an issuer' });
  await issuerDialog.getByLabel('Legal name').fill('Harbor Light Therapeutics Inc.');
  await issuerDialog.getByLabel('Time zone').fill('America/New_York');
  await issuerDialog.getByRole('button', { name: 'Add issuer' }).click();
  await expect(page.getByText('Issuer added')).toBeVisible();

  await page.getByRole('button', { name: 'Add a share class to Harbor Light Therapeutics Inc.' }).click();
  const classDialog = page.getByRole('dialog', { name: /Add a share class/ });
  await classDialog.getByLabel('Class name').fill('Common');
  await classDialog.getByLabel('Authorized shares').fill('2000000');
  await classDialog.getByLabel(/Par value/).fill('0.0001');
  await classDialog.getByRole('button', { name: 'Add class' }).click();
  const harbor = page.getByRole('region', { name: 'Harbor Light Therapeutics Inc.' });
  await expect(harbor.getByRole('row', { name: /^Common/ })).toContainText('2,000,000');

  await harbor.getByRole('button', { name: 'Change the authorized shares of Common' }).click();
  const authorized = page.getByRole('dialog', { name: /Authorized shares of Harbor Light/ });
  await authorized.getByLabel('New authorized shares').fill('5000000');
  await authorized.getByLabel(/written authorization/).fill('Charter amendment approved by the board, 2026-11-20');
  await authorized.getByRole('button', { name: 'Record authorized shares' }).click();
  await expect(harbor.getByRole('row', { name: /^Common/ })).toContainText('5,000,000');

  await page.goto('/admin/ledger/journal');
  await page.getByLabel('Type').selectOption('AUTHORIZED_ADJUSTMENT');
  const journal = page.getByRole('table', { name: /Postings/ });
  await expect(journal.getByRole('row').filter({ hasText: 'Harbor Light' })).toContainText(
    'Authorized shares set to 5,000,000',
  );
});

// The demo's sale to Okafor Capital LLC was posted before anyone chose e-mail: its advice waits to be mailed.
test("staff mail a paper advice: the demo buyer's, printed, marked after a confirmation, then listed as mailed", async ({
  page,
}) => {
  await signInThroughForm(page, E2E_ADMIN);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Paper advices' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Paper Advices' })).toBeVisible();
  const toMail = page.getByRole('region', { name: 'Paper advices to mail' });
  const sale = toMail.getByRole('row').filter({ hasText: '400500600' }).filter({ hasText: 'Transfer' });
  await expect(sale).toContainText('Okafor Capital LLC');

  const download = page.waitForEvent('download');
  await sale.getByRole('button', { name: /Download PDF/ }).click();
  expect((await download).suggestedFilename()).toMatch(/^transaction-advice-\d{4}-\d{2}-\d{2}\.pdf$/);

  await sale.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Mark selected as mailed (1)' }).click();
  await page.getByRole('dialog', { name: 'Mark as mailed' }).getByRole('button', { name: 'Mark as mailed' }).click();
  await expect(page.getByText('1 advice marked as mailed')).toBeVisible();
  await expect(sale).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Mailed', exact: true }).click();
  const mailed = page
    .getByRole('region', { name: 'Paper advices mailed' })
    .getByRole('row')
    .filter({ hasText: '400500600' });
  await expect(mailed).toContainText(`by ${E2E_ADMIN.username}`);
  await page.setViewportSize({ width: 360, height: 800 });
  await expectNoSideScroll(page);
});
