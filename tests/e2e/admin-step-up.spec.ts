import { expect, test, type Browser, type Page } from '@playwright/test';
import { MFA_MESSAGES } from '../../shared/src/admin-mfa';
import { E2E_ADMIN } from './fixtures';
import { submitLoginForm } from './support/admin-helpers';
import { expectNoSideScroll, seriousViolations } from './support/axe';
import { startExtraServer, type ExtraServer } from './support/extra-server';
import { nextCode } from './support/totp';

/*
 * Step-up before sensitive changes (issue 17): on a server of its own whose window is 4 seconds (the
 * shared e2e server keeps the default 10 minutes), so the test can wait past it. The first test runs
 * while the SUPER_ADMIN has no second factor (the dialog asks for the password); the second sets up
 * an authenticator app first (the dialog then asks for a code).
 */

const WINDOW_MS = 4000;

// axe is injected as an inline script, which the CSP forbids: bypassed here only.
test.use({ bypassCSP: true, serviceWorkers: 'block', reducedMotion: 'reduce', viewport: { width: 360, height: 800 } });
test.describe.configure({ mode: 'serial' });

let server: ExtraServer;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startExtraServer(7, { ADMIN_STEP_UP_WINDOW_MS: String(WINDOW_MS) });
});

test.afterAll(async () => {
  await server?.stop();
});

async function newPage(browser: Browser) {
  const context = await browser.newContext({
    baseURL: server.baseURL,
    bypassCSP: true,
    serviceWorkers: 'block',
    reducedMotion: 'reduce',
    viewport: { width: 360, height: 800 },
  });
  return { context, page: await context.newPage() };
}

/** Past the window: the next sensitive call asks again. */
const waitPastWindow = (page: Page) => page.waitForTimeout(WINDOW_MS + 500);

test('without a second factor: creating a user past the window asks for the password, then the user is created from the same form', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const { context, page } = await newPage(browser);
  await submitLoginForm(page);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await waitPastWindow(page);

  const username = `e2e-stepup-${Date.now() % 1_000_000}`;
  await page.getByRole('button', { name: 'Add User' }).click();
  const form = page.getByRole('dialog', { name: 'Add User' });
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Email').fill(`${username}@example.com`);
  await form.getByLabel('First name').fill('Step');
  await form.getByLabel('Last name').fill('Up');
  await form.getByLabel('Password', { exact: true }).fill('Stepped-Up-Pass-9');
  await form.getByLabel('Confirm password').fill('Stepped-Up-Pass-9');
  await form.getByRole('button', { name: 'Create user' }).click();

  // The dialog explains why and asks for the password (this admin has no second factor).
  const confirm = page.getByRole('dialog', { name: 'Confirm it is you' });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByText('need a recent confirmation', { exact: false })).toBeVisible();
  const password = confirm.getByLabel('Your password');
  await expect(password).toBeFocused();
  await expect(password).toHaveAttribute('autocomplete', 'current-password');
  await expect(confirm.getByLabel('Authenticator app code or recovery code')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await expectNoSideScroll(page);

  // Cancel: the call fails as it would have, the form keeps what was typed.
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(form.getByText(MFA_MESSAGES.stepUpRequired)).toBeVisible();
  await expect(form.getByLabel('Username')).toHaveValue(username);

  await form.getByRole('button', { name: 'Create user' }).click();
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(confirm.getByText('Password is required')).toBeVisible();
  await password.fill('Not-The-Password-1');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(confirm.getByText(MFA_MESSAGES.stepUpPasswordWrong)).toBeVisible();
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await password.fill(E2E_ADMIN.password);
  await confirm.getByRole('button', { name: 'Confirm' }).click();

  // The same call went again: created, without filling the form again.
  await expect(confirm).toHaveCount(0);
  await expect(page.getByText('User created successfully')).toBeVisible();
  await expect(form).toHaveCount(0);
  await expect(page.getByRole('row', { name: new RegExp(username) })).toBeVisible();
  await context.close();
});

test('with an authenticator app: an IP whitelist change past the window asks for a code, a CSV export too (a recovery code works)', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { context, page } = await newPage(browser);
  await submitLoginForm(page);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  await page.goto('/admin/security');
  await page.getByRole('button', { name: 'Set up authenticator app' }).click();
  const secret = (await page.locator('.totp-secret').innerText()).replace(/\s+/g, '');
  const used = { step: 0 };
  await page.getByLabel('Code from the app').fill(await nextCode(server.baseURL, secret, used));
  await page.getByRole('button', { name: 'Verify and turn on' }).click();
  const recoveryCodes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(recoveryCodes).toHaveCount(10);
  const recoveryCode = (await recoveryCodes.first().innerText()).trim();
  await page.getByRole('button', { name: 'I have saved these codes' }).click();

  await page.goto('/admin/ip-whitelist');
  await expect(page.getByRole('heading', { level: 1, name: 'IP Whitelist' })).toBeVisible();
  await waitPastWindow(page);
  await page.getByRole('button', { name: 'Add IP Rule' }).click();
  const form = page.getByRole('dialog', { name: 'Add IP Rule' });
  // The browser's own address as the server sees it: the rule keeps it in.
  await form.getByLabel('IP address or CIDR range').fill('127.0.0.1');
  await form.getByLabel('Description').fill('E2E step-up');
  await form.getByRole('button', { name: 'Add rule' }).click();

  const confirm = page.getByRole('dialog', { name: 'Confirm it is you' });
  await expect(confirm).toBeVisible();
  const code = confirm.getByLabel('Authenticator app code or recovery code');
  await expect(code).toBeFocused();
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(confirm.getByLabel('Your password')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await expectNoSideScroll(page);

  await code.fill('12');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(confirm.getByText(MFA_MESSAGES.codeInvalid)).toBeVisible();
  await code.fill(await nextCode(server.baseURL, secret, used));
  await confirm.getByRole('button', { name: 'Confirm' }).click();

  await expect(confirm).toHaveCount(0);
  await expect(page.getByText('IP rule created successfully')).toBeVisible();
  await expect(page.getByRole('row', { name: /127\.0\.0\.1/ })).toContainText('E2E step-up');

  // A download (apiBlob) asks the same way, then the file arrives.
  await page.goto('/admin/contact-submissions');
  await waitPastWindow(page);
  await page.getByRole('button', { name: 'Export CSV' }).click();
  await expect(confirm).toBeVisible();
  await confirm.getByLabel('Authenticator app code or recovery code').fill(recoveryCode);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    confirm.getByRole('button', { name: 'Confirm' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^contact-submissions-\d{4}-\d{2}-\d{2}\.csv$/);
  await expect(confirm).toHaveCount(0);
  await context.close();
});
