import { expect, test, type Page } from '@playwright/test';
import { expectNoSideScroll } from './support/axe';
import {
  acceptInvitationWithPasskey,
  addPasskey,
  approvedIssuer,
  choosePassword,
  ISSUER_PASSWORD,
  openInvitation,
} from './support/issuer-account';
import { adminToken } from './support/admin-helpers';
import { virtualAuthenticator } from './support/virtual-authenticator';

/*
 * The issuer area's sign-in, from approval on: staff approve an application, the contact opens the
 * invitation e-mail's link, chooses a password, adds a passkey (Chromium's virtual authenticator), keeps
 * the recovery codes and lands on the cap table; signs out, and in again with the password and the passkey.
 * At 360 px wide: no page scrolls sideways. And a signed-in issuer user who types another issuer's class into the
 * address is told it is not found, and sees none of its holders.
 */

test.use({ serviceWorkers: 'block', reducedMotion: 'reduce', viewport: { width: 360, height: 800 } });

async function signIn(page: Page, email: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(ISSUER_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('an invited contact sets a password and a passkey, lands on the cap table, signs out and in again with the passkey', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { company, email, link } = await approvedIssuer(request, 'Harbor Dynamics');
  await virtualAuthenticator(page);

  // The e-mail's link (its host is the server's PUBLIC_URL): the token leaves the address bar at once.
  await openInvitation(page, link);
  await expectNoSideScroll(page);
  await choosePassword(page);

  // No second factor yet: Security, and nothing else to open.
  await expect(page.getByRole('navigation', { name: 'Issuer portal' })).toHaveCount(0);
  await expectNoSideScroll(page);
  await page.goto('/issuer/cap-table');
  await expect(page).toHaveURL(/\/issuer\/security$/);

  await addPasskey(page);
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

test("another issuer's class holders, typed into the address, are not found and show none of its holders", async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  // The other issuer: the demo registry's Acme Robotics, whose Common is held by Okafor Capital LLC (400500600).
  const issuers = (await (
    await request.get('/api/admin/issuers', { headers: { Authorization: `Bearer ${await adminToken(request)}` } })
  ).json()) as { data: { legalName: string; classes: { id: string; name: string }[] }[] };
  const acmeCommon = issuers.data
    .find((issuer) => issuer.legalName === 'Acme Robotics Inc.')
    ?.classes.find((shareClass) => shareClass.name === 'Common');
  expect(acmeCommon, 'the demo class').toBeDefined();

  const { link } = await approvedIssuer(request, 'Quarry Lane Foods');
  await virtualAuthenticator(page);
  await acceptInvitationWithPasskey(page, link);
  await page.goto(`/issuer/classes/${acmeCommon!.id}/holders`);
  await expect(page.getByRole('heading', { level: 1, name: 'Holders of record' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('Share class not found');
  await expect(page.getByRole('table')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Download CSV' })).toHaveCount(0);
  await expect(page.getByRole('main')).not.toContainText('Okafor');
  await expect(page.getByRole('main')).not.toContainText('400500600');
  await expect(page.getByRole('main')).not.toContainText('Acme');
});
