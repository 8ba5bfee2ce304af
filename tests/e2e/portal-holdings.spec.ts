import { expect, test } from '@playwright/test';
import { signInToPortal } from './support/portal-helpers';

// The Bell Family Trust of the demo data (api/src/demo-ledger.ts): 48,000 shares opened on certificates
// C-1001 to C-1003, then a sale of 4,000 that surrendered C-1001 and cut its balance onto a new certificate.
// No spec posts to this account, so its ledger stays as the demo data left it.
const TRUST = { code: 'DEMO03', account: '300400500' } as const;

test.use({ viewport: { width: 375, height: 812 }, serviceWorkers: 'block' });

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
  // The balance certificate cut from C-1001: the only holding row that is neither of the three.
  const balance = certificates.getByRole('row').filter({ hasText: '12,000' });
  await expect(balance).toContainText('Held');

  await common.getByRole('button', { name: 'Show history of Acme Robotics Inc., Common' }).click();
  const history = common.getByRole('list', { name: /^History of Acme Robotics Inc., Common/ });
  const postings = history.getByRole('listitem');
  await expect(postings).toHaveCount(2);
  await expect(postings.nth(0)).toContainText('Transfer');
  await expect(postings.nth(0)).toContainText('+12,000 −16,000');
  await expect(postings.nth(0)).toContainText('Balance 44,000');
  await expect(postings.nth(1)).toContainText('+48,000');
  await expect(postings.nth(1)).toContainText('Balance 48,000');
  // The other side of the sale (the investor) is not the trust's to see.
  await expect(common).not.toContainText('Okafor');

  // Nothing is wider than the phone.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.getByRole('button', { name: 'Hide history of Acme Robotics Inc., Common' }).click();
  await expect(history).toBeHidden();
});
