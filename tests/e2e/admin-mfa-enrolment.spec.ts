import { expect, test, type Browser } from '@playwright/test';
import { MFA_MESSAGES } from '../../shared/src/admin-mfa';
import { submitLoginForm } from './support/admin-helpers';
import { startExtraServer, type ExtraServer } from './support/extra-server';
import { nextCode } from './support/totp';

/*
 * Forced enrolment, as production runs it: on a server of its own where the SUPER_ADMIN role requires
 * a second factor (the shared e2e server turns the requirement off). The bootstrapped SUPER_ADMIN has
 * none yet, so after the password every screen leads to the Security screen and the API refuses
 * everything but enrolment; once the app is on, the same session goes on without signing in again.
 */

test.use({ serviceWorkers: 'block', viewport: { width: 360, height: 800 } });

let server: ExtraServer;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startExtraServer(9, { E2E_ADMIN_MFA_ROLES: 'SUPER_ADMIN' });
});

test.afterAll(async () => {
  await server?.stop();
});

async function newPage(browser: Browser) {
  const context = await browser.newContext({
    baseURL: server.baseURL,
    serviceWorkers: 'block',
    viewport: { width: 360, height: 800 },
  });
  return { context, page: await context.newPage() };
}

test('a SUPER_ADMIN without a second factor can only enrol, then the same session goes on', async ({ browser }) => {
  test.setTimeout(90_000);
  const { context, page } = await newPage(browser);
  const token = () => page.evaluate(() => localStorage.getItem('adminToken'));

  await submitLoginForm(page);
  // The sign-in lands on the Security screen with the reason, not on the dashboard.
  await expect(page).toHaveURL(/\/admin\/security$/);
  await expect(page.getByRole('alert').getByText(MFA_MESSAGES.enrollmentRequired)).toBeVisible();
  const session = await token();
  expect(session).toBeTruthy();

  // Any other screen leads back here, and the API refuses anything but enrolment.
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/admin\/security$/);
  const refused = await page.request.get('/api/admin/requests', { headers: { Authorization: `Bearer ${session}` } });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).code).toBe('MFA_ENROLLMENT_REQUIRED');

  await page.getByRole('button', { name: 'Set up authenticator app' }).click();
  const secret = (await page.locator('.totp-secret').innerText()).replace(/\s+/g, '');
  await page.getByLabel('Code from the app').fill(await nextCode(server.baseURL, secret, { step: 0 }));
  await page.getByRole('button', { name: 'Verify and turn on' }).click();
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await page.getByRole('button', { name: 'I have saved these codes' }).click();

  // Enrolled: on to the dashboard with the same session, and every screen opens.
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  expect(await token()).toBe(session);
  const allowed = await page.request.get('/api/admin/requests', { headers: { Authorization: `Bearer ${session}` } });
  expect(allowed.status(), await allowed.text()).toBe(200);
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await context.close();
});
