import { expect, test } from '@playwright/test';
import { MFA_MESSAGES, PASSKEY_MESSAGES } from '../../shared/src/admin-mfa';
import { newAdminWithOwnPassword, submitLoginForm } from './support/admin-helpers';
import { expectNoSideScroll, seriousViolations } from './support/axe';
import { startExtraServer } from './support/extra-server';
import { virtualAuthenticator } from './support/virtual-authenticator';

/*
 * Passkeys in the browser, with Chromium's virtual authenticator (DevTools protocol): a new admin adds
 * one on the Security screen, signs out, signs in with the password then 'Use a passkey', and removes
 * it proving the factor with the passkey itself. The admin is created for this test, so no other
 * spec's sign-in meets a second factor. The second test has a server of its own where SUPER_ADMIN
 * requires a factor and the step-up window is 4 seconds: enrolment with a passkey, then a step-up.
 */

// axe is injected as an inline script, which the CSP forbids: bypassed here only.
test.use({ bypassCSP: true, serviceWorkers: 'block', reducedMotion: 'reduce', viewport: { width: 360, height: 800 } });

test('add a passkey on the Security screen, sign out, sign in with the password then the passkey, remove it; axe-clean at 360 px', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const who = await newAdminWithOwnPassword(request, 'passkey', 'REVIEWER');
  const { cdp, authenticatorId } = await virtualAuthenticator(page);
  await submitLoginForm(page, who);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Security' }).click();

  const section = page.getByRole('region', { name: 'Passkeys' });
  await expect(section.getByText('No passkeys yet.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await expectNoSideScroll(page);
  await section.getByLabel('Passkey name (optional)').fill('Work laptop');
  await section.getByRole('button', { name: 'Add a passkey' }).click();

  // The first factor: the recovery codes, once.
  await expect(section.getByRole('heading', { name: 'Your recovery codes' })).toBeFocused();
  await expect(section.getByRole('status').getByText(PASSKEY_MESSAGES.added)).toBeVisible();
  await expect(section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  expect(await seriousViolations(page)).toEqual([]);
  await expectNoSideScroll(page);
  await section.getByRole('button', { name: 'I have saved these codes' }).click();
  await expect(section.getByText('Work laptop')).toBeVisible();
  await expect(section.getByText(/not used yet$/)).toBeVisible();
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);

  // Sign out; the password alone opens no session: the second step offers the passkey.
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await submitLoginForm(page, who);
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeNull();
  expect(await seriousViolations(page)).toEqual([]);
  await expectNoSideScroll(page);
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  expect((await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials[0]!.signCount).toBeGreaterThan(0);

  // New recovery codes, proved with the passkey.
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Security' }).click();
  await expect(section.getByText(/last used /)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Second factor' }).getByText('10 of 10')).toBeVisible();
  await page.getByRole('button', { name: 'Regenerate recovery codes' }).click();
  const regenerate = page.getByRole('dialog', { name: 'Regenerate recovery codes' });
  await regenerate.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(regenerate).toBeHidden();
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await page.getByRole('button', { name: 'I have saved these codes' }).click();

  // Removed with the passkey itself as the proof (the role does not require a factor here).
  await section.getByRole('button', { name: 'Remove passkey Work laptop' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove passkey Work laptop' });
  await expect(dialog).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(dialog).toBeHidden();
  await expect(section.getByRole('status').getByText(PASSKEY_MESSAGES.removed)).toBeVisible();
  await expect(section.getByText('No passkeys yet.')).toBeVisible();

  // Without a factor left, the password alone signs in again.
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('button', { name: 'Logout' }).click();
  await submitLoginForm(page, who);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});

test('a SUPER_ADMIN who must enrol chooses a passkey, then confirms a step-up with it', async ({ browser }) => {
  test.setTimeout(180_000);
  const windowMs = 4000;
  const server = await startExtraServer(5, {
    E2E_ADMIN_MFA_ROLES: 'SUPER_ADMIN',
    ADMIN_STEP_UP_WINDOW_MS: String(windowMs),
  });
  const context = await browser.newContext({
    baseURL: server.baseURL,
    bypassCSP: true,
    serviceWorkers: 'block',
    reducedMotion: 'reduce',
    viewport: { width: 360, height: 800 },
  });
  try {
    const page = await context.newPage();
    await virtualAuthenticator(page);
    await submitLoginForm(page);
    await expect(page).toHaveURL(/\/admin\/security$/);
    await expect(page.getByText(MFA_MESSAGES.enrollmentRequired)).toBeVisible();

    const section = page.getByRole('region', { name: 'Passkeys' });
    await section.getByRole('button', { name: 'Add a passkey' }).click();
    await expect(section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
    await section.getByRole('button', { name: 'I have saved these codes' }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);

    // Past the window, an IP whitelist change asks again: the passkey answers.
    await page.goto('/admin/ip-whitelist');
    await expect(page.getByRole('heading', { level: 1, name: 'IP Whitelist' })).toBeVisible();
    await page.waitForTimeout(windowMs + 500);
    await page.getByRole('button', { name: 'Add IP Rule' }).click();
    const form = page.getByRole('dialog', { name: 'Add IP Rule' });
    await form.getByLabel('IP address or CIDR range').fill('127.0.0.1');
    await form.getByLabel('Description').fill('E2E passkey step-up');
    await form.getByRole('button', { name: 'Add rule' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm it is you' });
    await expect(confirm.getByRole('button', { name: 'Use a passkey' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await expectNoSideScroll(page);
    await confirm.getByRole('button', { name: 'Use a passkey' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(page.getByRole('row', { name: /127\.0\.0\.1/ })).toContainText('E2E passkey step-up');
  } finally {
    await context.close();
    await server.stop();
  }
});
