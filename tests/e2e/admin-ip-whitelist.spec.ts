import { expect, test } from '@playwright/test';
import { signInAsAdmin } from './support/admin-helpers';

/** The browser's own address as the server sees it (serve.ts trusts one proxy; the browser sends no X-Forwarded-For). */
const BROWSER_ADDRESS = '127.0.0.1';

test.describe('IP whitelist', () => {
  let token = '';

  // Whatever happens in the test, no rule outlives it: every other test reaches the admin area from its own address.
  test.afterEach(async ({ request }) => {
    if (!token) return;
    const headers = { Authorization: `Bearer ${token}` };
    const list = await request.get('/api/admin/ip-whitelist', { headers });
    if (!list.ok()) return;
    for (const rule of (await list.json()).data as { id: string }[]) {
      await request.delete(`/api/admin/ip-whitelist/${rule.id}?confirmSelfLockout=true`, { headers });
    }
  });

  test('a SUPER_ADMIN adds a rule that includes the browser, sees it enforced, and deletes it', async ({ page }) => {
    token = await signInAsAdmin(page);
    await page.goto('/admin/ip-whitelist');
    await expect(page.getByRole('heading', { level: 1, name: 'IP Whitelist' })).toBeVisible();
    await expect(page.getByText('No active IP rule: admin access is open to every address.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Security notice' })).toBeVisible();

    await page.getByRole('button', { name: 'Add IP Rule' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add IP Rule' });
    await expect(dialog.getByText('Changes take effect immediately')).toBeVisible();
    // The shared rule refuses a bad range in the form, and the error clears when the field is edited.
    await dialog.getByLabel('IP address or CIDR range').fill('127.0.0.1/33');
    await dialog.getByRole('button', { name: 'Add rule' }).click();
    await expect(
      dialog.getByText('Invalid IP address format. Use single IP (192.168.1.10) or CIDR notation (192.168.1.0/24)'),
    ).toBeVisible();
    await expect(dialog.getByText('Description is required')).toBeVisible();
    await dialog.getByLabel('IP address or CIDR range').fill(` ${BROWSER_ADDRESS} `);
    await expect(dialog.getByText('Invalid IP address format', { exact: false })).toHaveCount(0);
    await dialog.getByLabel('Description').fill('E2E browser');
    await dialog.getByRole('button', { name: 'Add rule' }).click();

    await expect(page.getByText('IP rule created successfully')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    const row = page.getByRole('row', { name: /127\.0\.0\.1/ });
    await expect(row).toContainText('E2E browser');
    await expect(row).toContainText('Active');
    await expect(row).toContainText('Never');
    await expect(page.getByText('Showing 1 of 1 IP rules', { exact: false })).toBeVisible();
    await expect(page.getByText('No active IP rule', { exact: false })).toHaveCount(0);

    // Enforced from the next call: the browser is inside the rule, another address is not.
    expect(
      (await page.request.get('/api/admin/auth/verify', { headers: { Authorization: `Bearer ${token}` } })).status(),
    ).toBe(200);
    const outside = await page.request.get('/api/admin/auth/verify', {
      headers: { Authorization: `Bearer ${token}`, 'X-Forwarded-For': '203.0.113.50' },
    });
    expect(outside.status()).toBe(403);

    await row.getByRole('button', { name: `Delete ${BROWSER_ADDRESS}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete IP rule' });
    await expect(
      confirm.getByText('Are you sure you want to delete this IP rule? This action cannot be undone.'),
    ).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete' }).click();

    await expect(page.getByText('IP rule deleted successfully')).toBeVisible();
    await expect(page.getByRole('row', { name: /127\.0\.0\.1/ })).toHaveCount(0);
    await expect(page.getByText('No active IP rule: admin access is open to every address.')).toBeVisible();
    expect(
      (
        await page.request.get('/api/admin/auth/verify', {
          headers: { Authorization: `Bearer ${token}`, 'X-Forwarded-For': '203.0.113.50' },
        })
      ).status(),
    ).toBe(200);
  });
});
