import fs from 'node:fs';
import { expect, test, type Download, type Page } from '@playwright/test';
import { signInAsAdmin } from './support/admin-helpers';
import { seriousViolations, smallTargets } from './support/axe';
import { expectUsable } from './support/layout';
import { signInToPortal } from './support/portal-helpers';
import { drawSignature } from './support/signature';

// The Bell Family Trust of the demo data (api/src/demo-ledger.ts): 48,000 shares opened on certificates
// C-1001 to C-1003, then a sale of 4,000 that surrendered C-1001 and cut its balance onto a new certificate.
// No spec posts to this account, so its ledger stays as the demo data left it.
const TRUST = { code: 'DEMO03', account: '300400500' } as const;

// axe is injected as an inline script, which the CSP forbids (support/axe.ts).
test.use({ viewport: { width: 375, height: 812 }, serviceWorkers: 'block', bypassCSP: true });

/** Clicks what saves a PDF and checks a PDF arrived under the expected name. */
async function expectPdfDownload(page: Page, click: () => Promise<void>, fileName: RegExp) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  expect((download as Download).suggestedFilename()).toMatch(fileName);
  const bytes = fs.readFileSync((await (download as Download).path())!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
}

test('a holder on a phone sees the holding and its history as the ledger has them (issue 30)', async ({ page }) => {
  await signInToPortal(page, TRUST);
  const holdings = page.getByRole('region', { name: 'Your holdings' });
  const common = holdings.getByRole('article', { name: 'Acme Robotics Inc., Common' });
  await expect(common).toContainText('Bell Family Trust, M. Bell TTEE, account ending 0500');
  await expect(common.getByText('Signed in with this account')).toBeVisible();
  const figures = common.locator('dl');
  await expect(figures).toContainText('DRS shares0');
  await expect(figures).toContainText('Certificated44,000');
  await expect(figures).toContainText('Total44,000');

  const certificates = common.getByRole('table', { name: 'Certificates' });
  await expect(certificates.getByRole('row', { name: /C-1001/ })).toContainText('16,000Cancelled');
  await expect(certificates.getByRole('row', { name: /C-1002/ })).toContainText('16,000Held');
  await expect(certificates.getByRole('row', { name: /C-1003/ })).toContainText('16,000Held');
  // The balance certificate cut from C-1001, 12,000 shares, held (admin-ledger.spec may have replaced it with a new
  // certificate of the same shares, the old one cancelled: one of them is held either way).
  await expect(certificates.getByRole('row').filter({ hasText: '12,000' }).filter({ hasText: 'Held' })).toHaveCount(1);

  await common.getByRole('button', { name: 'Show history of Acme Robotics Inc., Common' }).click();
  const history = common.getByRole('list', { name: /^History of Acme Robotics Inc., Common/ });
  const postings = history.getByRole('listitem');
  // The sale, and the opening balance as the oldest posting; a replacement by admin-ledger.spec may come after.
  const sale = postings.filter({ hasText: '−16,000' });
  await expect(sale).toHaveCount(1);
  await expect(sale).toContainText('Transfer');
  await expect(sale).toContainText('+12,000 −16,000');
  await expect(sale).toContainText('Balance 44,000');
  await expect(postings.last()).toContainText('+48,000');
  await expect(postings.last()).toContainText('Balance 48,000');
  // The other side of the sale (the investor) is not the trust's to see.
  await expect(common).not.toContainText('Okafor');

  // The signed-in portal, history open, passes axe and every target is at least 24 by 24 px.
  expect(await seriousViolations(page)).toEqual([]);
  expect(await smallTargets(page)).toEqual([]);
  // Nothing is wider than the phone.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.getByRole('button', { name: 'Hide history of Acme Robotics Inc., Common' }).click();
  await expect(history).toBeHidden();

  // The statement of the holding, as of today, and the advice of the sale, as PDFs.
  await expectPdfDownload(
    page,
    () => common.getByRole('button', { name: 'Download statement of Acme Robotics Inc., Common (PDF)' }).click(),
    /^statement-\d{4}-\d{2}-\d{2}\.pdf$/,
  );
  const documents = page.getByRole('region', { name: 'Your documents' });
  const saleAdvice = documents.getByRole('listitem').filter({ hasText: 'Transaction advice: transfer' });
  await expect(saleAdvice).toHaveCount(1);
  await expect(saleAdvice).toContainText('Acme Robotics Inc., Common, account ending 0500');
  await expectPdfDownload(
    page,
    () => saleAdvice.getByRole('button', { name: /^Download PDF/ }).click(),
    /^transaction-advice-\d{4}-\d{2}-\d{2}\.pdf$/,
  );
});

// Dana Whitfield's Series A Preferred account (demo registry): certificates PA-0012 and PA-0013, 125 shares each.
// Only this test reports PA-0013; inquiries filed by other specs from this account post nothing to the ledger.
const DANA_PREFERRED = { code: 'DEMO01', account: '100200301' } as const;

test('a holder reports a certificate lost, staff post the replacement, and the portal shows it (issue 30)', async ({
  page,
}) => {
  await signInToPortal(page, DANA_PREFERRED);
  const preferred = page
    .getByRole('region', { name: 'Your holdings' })
    .getByRole('article', { name: 'Acme Robotics Inc., Series A Preferred' });
  const certificates = preferred.getByRole('table', { name: 'Certificates' });
  await certificates.getByRole('button', { name: 'Report lost, stolen or destroyed: PA-0013' }).click();

  const dialog = page.getByRole('dialog', { name: 'Report certificate PA-0013' });
  await dialog.getByLabel('Lost', { exact: true }).check();
  await dialog.getByLabel(/How, when and where/).fill('Kept in a desk drawer; missing since we moved house in March.');
  await dialog.getByLabel('A new paper certificate').check();
  await dialog.getByLabel('Your full name').fill('Dana Whitfield');
  await drawSignature(page);
  await dialog.getByRole('button', { name: 'Report and stop the certificate' }).click();
  const receipt = dialog.getByRole('status');
  await expect(receipt).toContainText('Certificate PA-0013 is stopped');
  const reference = (await receipt.locator('strong').textContent())!.trim();
  await expect(receipt.getByRole('listitem').first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();
  // Stopped at once, on the ledger: the holdings read again show it.
  await expect(certificates.getByRole('row', { name: /PA-0013/ })).toContainText('Stopped');

  // Staff approve the report and post the replacement from the request's page.
  await signInAsAdmin(page);
  await page.goto(`/admin/requests?search=${encodeURIComponent(reference)}`);
  await page
    .getByRole('link', { name: new RegExp(reference) })
    .first()
    .click();
  await expect(page.getByRole('region', { name: /Affidavit/ })).toContainText('Dana Whitfield');
  const actions = page.getByRole('region', { name: 'Actions' });
  await actions.getByRole('button', { name: 'Approve', exact: true }).click();
  await page.getByRole('dialog', { name: 'Approve request' }).getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Request approved successfully')).toBeVisible();
  const posting = page.getByRole('region', { name: 'Ledger posting' });
  await posting.getByRole('button', { name: 'Post to ledger' }).click();
  await page.getByRole('dialog', { name: 'Post to ledger' }).getByRole('button', { name: 'Post', exact: true }).click();
  await expect(page.getByText('Posted to the ledger')).toBeVisible();

  // Back in the portal (this tab's session is still signed in): the old certificate cancelled, a new one of the
  // same shares held in its place.
  await page.goto('/shareholder-requests');
  await expect(certificates.getByRole('row', { name: /PA-0013/ })).toContainText('Cancelled');
  const held = certificates.getByRole('row').filter({ hasText: 'Held' }).filter({ hasNotText: 'PA-0012' });
  await expect(held).toHaveCount(1);
  await expect(held).toContainText('125');
});

// Names no narrow column was made for: an issuer's name with a 40-letter word, and certificate numbers of 30 characters
// with nowhere to break. Put in place of the trust's own in what the server answers, so every card, row and advice
// that shows them has to wrap them.
const LONG_ISSUER = 'Nordwestdeutsche Energieversorgungsaktiengesellschaft Holdings Inc.';
const LONG_CERTIFICATE = 'CS2026000000000000000000';
const lengthen = (body: string) =>
  body.replaceAll('Acme Robotics Inc.', LONG_ISSUER).replaceAll('"number":"C-', `"number":"${LONG_CERTIFICATE}C-`);

async function lengthenNames(page: Page) {
  for (const url of [
    '**/api/shareholder-portal/holdings',
    '**/api/shareholder-portal/accounts/*/transactions?*',
    '**/api/shareholder-portal/documents?*',
  ])
    await page.route(url, async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, body: lengthen(await response.text()) });
    });
}

// The narrowest phone the portal supports, with the longest names; and a desktop screen, with the trust's own.
for (const { long, ...screen } of [
  { width: 360, height: 740, long: true },
  { width: 1280, height: 800, long: false },
]) {
  test(`at ${screen.width} px the holdings, history, documents and dialogs fit, are big enough to tap and show the focus`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(screen);
    const issuer = long ? LONG_ISSUER : 'Acme Robotics Inc.';
    const certificate = long ? `${LONG_CERTIFICATE}C-1002` : 'C-1002';
    if (long) await lengthenNames(page);
    // One posting a page, so the trust's short history has an older page to show (the last route added runs first).
    await page.route('**/api/shareholder-portal/accounts/*/transactions?*', (route) => {
      const url = new URL(route.request().url());
      url.searchParams.set('limit', '1');
      return route.fallback({ url: url.toString() });
    });
    await signInToPortal(page, TRUST);
    const holdings = page.getByRole('region', { name: 'Your holdings', exact: true });
    const common = holdings.getByRole('article', { name: `${issuer}, Common` });
    await expect(common.getByRole('table', { name: 'Certificates' })).toBeVisible();
    await expectUsable(page, 'holdings', holdings);

    await common.getByRole('button', { name: /^Show history/ }).click();
    const history = common.getByRole('list', { name: /^History of/ });
    await expect(history.getByRole('listitem')).toHaveCount(1);
    await common.getByRole('button', { name: 'Show older postings' }).click();
    await expect(history.getByRole('listitem')).toHaveCount(2);
    await expectUsable(page, 'history', common);

    // The statement form, with the server's refusal of a date to come under the field.
    const statement = common.locator('form.portal-statement');
    await statement.getByLabel('Statement as of').fill('2099-01-01');
    await statement.getByRole('button', { name: /^Download statement/ }).click();
    await expect(statement.getByRole('alert')).toBeVisible();
    await expectUsable(page, 'statement form', statement, common.getByRole('heading').first());

    const documents = page.getByRole('region', { name: 'Your documents', exact: true });
    await expect(documents.getByRole('listitem').first()).toBeVisible();
    const delivery = page.getByRole('region', { name: 'How we send your documents' });
    await expect(delivery.getByRole('button', { name: 'Save' })).toBeVisible();
    await expectUsable(page, 'documents', documents);
    await expectUsable(page, 'e-delivery', delivery);

    const requests = page.getByRole('region', { name: 'Your requests', exact: true });
    await requests
      .getByRole('button', { name: /Certificate Request/ })
      .first()
      .click();
    const detail = page.getByRole('dialog');
    await expect(detail.getByRole('heading', { name: 'What you sent' })).toBeVisible();
    await expectUsable(page, 'request detail', detail);
    await detail.getByRole('button', { name: 'Back to your requests' }).click();
    await expect(detail).toBeHidden();

    const certificates = common.getByRole('table', { name: 'Certificates' });
    await certificates.getByRole('button', { name: `Report lost, stolen or destroyed: ${certificate}` }).click();
    const report = page.getByRole('dialog', { name: `Report certificate ${certificate}` });
    await expect(report.getByText('Affidavit of loss')).toBeVisible();
    await expectUsable(page, 'lost certificate', report);
    await report.getByRole('button', { name: 'Close' }).click();
    await expect(report).toBeHidden();
  });
}
