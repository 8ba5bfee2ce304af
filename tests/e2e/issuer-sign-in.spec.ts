import { randomInt } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSideScroll } from './support/axe';
import { approveIssuerApplication, invitationLinkInMail, submitIssuerApplication } from './support/issuer-application';
import { virtualAuthenticator } from './support/virtual-authenticator';

/*
 * The issuer area's sign-in, from approval on: staff approve an application, the contact opens the
 * invitation e-mail's link, chooses a password, adds a passkey (Chromium's virtual authenticator), keeps
 * the recovery codes and lands on the cap table; signs out, and in again with the password and the passkey.
 * At 360 px wide: no page scrolls sideways.
 */

test.use({ serviceWorkers: 'block', reducedMotion: 'reduce', viewport: { width: 360, height: 800 } });

const PASSWORD = 'Granite-Harbor-Violet-73';

async function signIn(page: Page, email: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('an invited contact sets a password and a passkey, lands on the cap table, signs out and in again with the passkey', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const tag = `${Date.now().toString(36)}${randomInt(1000)}`;
  const company = `Harbor Dynamics ${tag}`;
  const email = `cfo.${tag}@example.com`;
  const applicationId = await submitIssuerApplication(request, {
    company_name: company,
    contact_name: 'Cora Finch',
    contact_email: email,
  });
  await approveIssuerApplication(request, applicationId);
  const link = await invitationLinkInMail(request, email);
  await virtualAuthenticator(page);

  // The e-mail's link (its host is the server's PUBLIC_URL): the token leaves the address bar at once.
  await page.goto(`${link.pathname}${link.hash}`);
  await expect(page.getByRole('button', { name: 'Create account' })).toBeVisible();
  await expect(page).toHaveURL(/\/issuer\/invitation$/);
  await expectNoSideScroll(page);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();

  // No second factor yet: Security, and nothing else to open.
  await expect(page).toHaveURL(/\/issuer\/security$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Security' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Issuer portal' })).toHaveCount(0);
  await expectNoSideScroll(page);
  await page.goto('/issuer/cap-table');
  await expect(page).toHaveURL(/\/issuer\/security$/);

  await page.getByLabel('Passkey name (optional)').fill('Test laptop');
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByRole('heading', { name: 'Your recovery codes' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await page.getByRole('button', { name: 'I have saved these codes' }).click();

  await expect(page).toHaveURL(/\/issuer\/cap-table$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Cap table' })).toBeVisible();
  const header = page.getByRole('banner');
  await expect(header).toContainText(company);
  await expect(header).toContainText(email);
  const nav = page.getByRole('navigation', { name: 'Issuer portal' });
  await expect(nav.getByRole('link')).toHaveText(['Cap table', 'Journal', 'Requests', 'Users', 'Security']);
  await expectNoSideScroll(page);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/issuer\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Issuer Portal' })).toBeVisible();
  await expectNoSideScroll(page);
  // Signed out on the server too: the old token is gone from storage.
  expect(await page.evaluate(() => localStorage.getItem('issuerToken'))).toBeNull();

  await signIn(page, email);
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page).toHaveURL(/\/issuer\/cap-table$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Cap table' })).toBeVisible();

  // /issuer opens the cap table.
  await page.goto('/issuer');
  await expect(page).toHaveURL(/\/issuer\/cap-table$/);
});

test('/issuer-portal, the public onboarding wizard, still loads under the public site', async ({ page }) => {
  await page.goto('/issuer-portal');
  await expect(page.getByRole('heading', { level: 1, name: 'Become a Ledgerwell issuer client' })).toBeVisible();
  await expect(page.locator('.site-header')).toBeVisible();
  await expectNoSideScroll(page);
});
