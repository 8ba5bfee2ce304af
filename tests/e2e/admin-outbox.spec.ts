import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  adminToken,
  fileTransfer,
  newAdminWithOwnPassword,
  signInAsAdmin,
  type FiledRequest,
} from './support/admin-helpers';
import { expectNoSideScroll, seriousViolations } from './support/axe';

// The e2e server runs without SMTP_URL: every e-mail is kept as sent to the log, its text readable on the mail log.
test.use({ bypassCSP: true, serviceWorkers: 'block', reducedMotion: 'reduce', viewport: { width: 360, height: 800 } });

interface OutboxRow {
  id: string;
  recipient: string;
  subject: string;
  status: string;
}

/** Waits for the server's e-mail sweep (every 15 s) to keep the transfer's confirmation in the log; returns its row. */
async function loggedConfirmation(request: APIRequestContext, transfer: FiledRequest): Promise<OutboxRow> {
  const headers = { Authorization: `Bearer ${await adminToken(request)}` };
  let row: OutboxRow | undefined;
  await expect
    .poll(
      async () => {
        const list = await request.get(`/api/admin/outbox?search=${transfer.referenceNumber}`, { headers });
        expect(list.status(), await list.text()).toBe(200);
        row = ((await list.json()).data.emails as OutboxRow[])[0];
        return row?.status;
      },
      { timeout: 45_000, intervals: [1000] },
    )
    .toBe('LOGGED');
  return row!;
}

/**
 * The row is unique by its subject before the search is applied too: wait until only the header and
 * that row are left and the list is no longer reloading (dimmed), so nothing is checked mid-reload.
 */
async function searchApplied(page: Page) {
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(page.locator('.results--loading')).toHaveCount(0);
}

test.describe('the mail log', () => {
  test('a SUPER_ADMIN reads the verification link a shareholder would have received; an ADMIN sees the recipient masked and no text', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const transfer = await fileTransfer(request);
    expect(transfer.verificationCode).toBeTruthy();
    const logged = await loggedConfirmation(request, transfer);
    const subject = `We received your request ${transfer.referenceNumber}`;
    expect(logged.subject).toBe(subject);

    await signInAsAdmin(page);
    await page.goto('/admin/outbox');
    await expect(page.getByRole('heading', { level: 1, name: 'Mail Log' })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search' }).fill(transfer.referenceNumber);
    const row = page.getByRole('row').filter({ hasText: subject });
    await expect(row).toHaveCount(1);
    await searchApplied(page);
    await expect(row).toContainText(logged.recipient);
    await expect(row).toContainText('Sent to the log');
    await expect(row).toContainText('Request Confirmation');
    expect(await seriousViolations(page)).toEqual([]);
    await expectNoSideScroll(page);

    await row.getByRole('button', { name: `View e-mail “${subject}”` }).click();
    const dialog = page.getByRole('dialog', { name: 'E-mail kept in the log' });
    const text = dialog.getByRole('region', { name: 'E-mail text' });
    await expect(text).toContainText(`/verify/${transfer.verificationCode}`);
    await expect(text).toContainText(`Your reference number is ${transfer.referenceNumber}`);
    await expect(dialog).toContainText(logged.recipient);
    expect(await seriousViolations(page)).toEqual([]);
    await expectNoSideScroll(page);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toHaveCount(0);

    // The view was recorded.
    const activity = await request.get('/api/admin/activity?action_type=EMAIL_VIEWED', {
      headers: { Authorization: `Bearer ${await adminToken(request)}` },
    });
    expect(activity.status(), await activity.text()).toBe(200);
    expect(JSON.stringify(await activity.json())).toContain(logged.id);

    // An ADMIN: the screen is in the menu, the recipient shows its first letter and domain only, and there is no View.
    const admin = await newAdminWithOwnPassword(request, 'outbox');
    const context = await browser.newContext({
      bypassCSP: true,
      serviceWorkers: 'block',
      reducedMotion: 'reduce',
      viewport: { width: 1280, height: 800 },
    });
    const adminPage = await context.newPage();
    await signInAsAdmin(adminPage, admin);
    await adminPage.goto('/admin/dashboard');
    await adminPage.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Mail log' }).click();
    await expect(adminPage.getByRole('heading', { level: 1, name: 'Mail Log' })).toBeVisible();
    await adminPage.getByRole('searchbox', { name: 'Search' }).fill(transfer.referenceNumber);
    const masked = `${logged.recipient[0]}…@${logged.recipient.split('@')[1]}`;
    const adminRow = adminPage.getByRole('row').filter({ hasText: subject });
    await searchApplied(adminPage);
    await expect(adminRow).toContainText(masked);
    await expect(adminRow).not.toContainText(logged.recipient);
    await expect(adminRow.getByRole('button')).toHaveCount(0);
    await expect(adminPage.getByText('Recipients are masked.', { exact: false })).toBeVisible();
    expect(await seriousViolations(adminPage)).toEqual([]);
    await context.close();
  });
});
