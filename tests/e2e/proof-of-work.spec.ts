import { expect, test } from '@playwright/test';
import { E2E_READER } from './fixtures';

test.describe('admin sign-in past the limit', () => {
  test('asks for a proof of work, solves it in the page from our own origin, and signs in with the right password', async ({ page, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    const foreign: string[] = [];
    const violations: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (/^https?:$/.test(url.protocol) && url.origin !== origin) foreign.push(request.url());
    });
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    // Ten failures lock the account's sign-in behind a challenge; the success below clears them.
    for (let i = 0; i < 10; i++) {
      const res = await page.request.post('/api/admin/login', { data: { username: E2E_READER.username, password: `Wrong-Pass-${i}` } });
      expect(res.status()).toBe(401);
    }

    let challenged = 0;
    page.on('response', (response) => {
      if (response.url().endsWith('/api/admin/login') && response.status() === 429) challenged++;
    });
    await page.goto('/admin/login');
    await page.getByLabel('Username').fill(E2E_READER.username);
    await page.getByLabel('Password', { exact: true }).fill(E2E_READER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();

    await expect(page.locator('altcha-widget')).toBeAttached();
    await expect(page.getByRole('status').filter({ hasText: 'Verifying you’re human…' })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/dashboard$/, { timeout: 20_000 });
    expect(challenged).toBe(1);
    expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeTruthy();
    expect(foreign).toEqual([]);
    expect(violations).toEqual([]);
  });
});
