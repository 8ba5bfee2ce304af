import { expect, test, type APIRequestContext } from '@playwright/test';
import { SESSION_MESSAGES } from '../../shared/src/admin-sessions';
import { adminToken, newAdminWithOwnPassword, signInAsAdmin, signInThroughForm } from './support/admin-helpers';
import { expectNoSideScroll, seriousViolations } from './support/axe';
import { nextCode } from './support/totp';

/*
 * Active sessions: the Security screen lists one's own and signs the others out; a SUPER_ADMIN ends
 * another user's sessions and resets their second factor from User Management.
 */

// axe is injected as an inline script, which the CSP forbids: bypassed here only.
test.use({ bypassCSP: true, serviceWorkers: 'block', reducedMotion: 'reduce', viewport: { width: 360, height: 800 } });

/** The second browser says it is Firefox on a Mac, so the two sessions read differently. */
const FIREFOX = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:128.0) Gecko/20100101 Firefox/128.0';

const verifyStatus = async (request: APIRequestContext, token: string) =>
  (await request.get('/api/admin/auth/verify', { headers: { Authorization: `Bearer ${token}` } })).status();

test.describe('active sessions', () => {
  test('end another session from the Security screen: the other browser lands on the login screen; sign out everywhere else; axe-clean at 360 px', async ({
    browser,
    request,
  }) => {
    const user = await newAdminWithOwnPassword(request, 'sessions');
    const first = await browser.newContext();
    const second = await browser.newContext({ userAgent: FIREFOX });
    try {
      const page = await first.newPage();
      const other = await second.newPage();
      await signInThroughForm(page, user);
      await signInThroughForm(other, user);

      await page.goto('/admin/security');
      const section = page.getByRole('region', { name: 'Active sessions' });
      const items = section.getByRole('listitem');
      await expect(items).toHaveCount(2);
      await expect(items.filter({ hasText: 'This device' })).toHaveCount(1);
      await expect(items.filter({ hasText: 'Firefox 128 on macOS' })).not.toContainText('This device');
      expect(await seriousViolations(page)).toEqual([]);
      await expectNoSideScroll(page);

      await section.getByRole('button', { name: /^Sign out Firefox 128 on macOS, last seen / }).click();
      await expect(section.getByRole('status')).toHaveText(SESSION_MESSAGES.sessionEnded);
      await expect(items).toHaveCount(1);
      await expect(items.first()).toContainText('This device');

      // The other browser's next admin call finds its session gone.
      await other.reload();
      await expect(other).toHaveURL(/\/admin\/login$/);

      // Signed in there again, then out from here with 'Sign out everywhere else' (after a confirmation).
      await signInThroughForm(other, user);
      await page.reload();
      await expect(items).toHaveCount(2);
      await section.getByRole('button', { name: 'Sign out everywhere else' }).click();
      const confirm = section.getByRole('button', { name: 'Yes, sign out the others' });
      await expect(confirm).toBeFocused();
      await confirm.click();
      await expect(section.getByRole('status')).toHaveText(SESSION_MESSAGES.othersEnded(1));
      await expect(items).toHaveCount(1);
      await expect(section.getByRole('button', { name: 'Sign out everywhere else' })).toHaveCount(0);
      await other.goto('/admin/dashboard');
      await expect(other).toHaveURL(/\/admin\/login$/);
    } finally {
      await first.close();
      await second.close();
    }
  });

  test("a SUPER_ADMIN ends a user's session from User Management, then resets their second factor through the confirmation", async ({
    page,
    request,
    baseURL,
  }) => {
    const user = await newAdminWithOwnPassword(request, 'reset');
    // Two sessions, then an authenticator app set up from one of them.
    const tokens = [await adminToken(request, user), await adminToken(request, user)];
    const auth = { Authorization: `Bearer ${tokens[0]}` };
    const setup = await request.post('/api/admin/mfa/totp/setup', { headers: auth });
    const secret = (await setup.json()).data.secret as string;
    const enabled = await request.post('/api/admin/mfa/totp/enable', {
      headers: auth,
      data: { code: await nextCode(baseURL, secret, { step: 0 }) },
    });
    expect(enabled.status(), await enabled.text()).toBe(200);

    await signInAsAdmin(page);
    await page.goto('/admin/users');
    await page.getByLabel('Search').fill(user.username);
    await page.getByRole('button', { name: `Sessions of ${user.username}` }).click();
    const dialog = page.getByRole('dialog', { name: `Sessions of ${user.username}` });
    const items = dialog.getByRole('listitem');
    await expect(items).toHaveCount(2);
    await expect(dialog.getByText('This device')).toHaveCount(0);
    await dialog
      .getByRole('button', { name: /^Sign out .+, last seen / })
      .first()
      .click();
    await expect(dialog.getByRole('status')).toHaveText(SESSION_MESSAGES.sessionEnded);
    await expect(items).toHaveCount(1);
    expect((await Promise.all(tokens.map((token) => verifyStatus(request, token)))).sort()).toEqual([200, 401]);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toHaveCount(0);

    await page.getByRole('button', { name: `Reset second factor for ${user.username}` }).click();
    const confirm = page.getByRole('dialog', { name: `Reset second factor for ${user.username}` });
    await expect(confirm).toContainText(SESSION_MESSAGES.confirmResetMfa);
    await confirm.getByRole('button', { name: 'Reset second factor' }).click();
    await expect(page.getByRole('status').getByText(SESSION_MESSAGES.resetMfaDone)).toBeVisible();
    await expect(page.getByRole('button', { name: `Reset second factor for ${user.username}` })).toHaveCount(0);
    for (const token of tokens) expect(await verifyStatus(request, token)).toBe(401);
    const after = await request.get(`/api/admin/users/${user.id}`, {
      headers: { Authorization: `Bearer ${await adminToken(request)}` },
    });
    expect((await after.json()).data.mfaEnabled).toBe(false);
  });
});
