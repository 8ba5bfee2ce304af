import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { CONTACT_BUTTON_LABELS as LABELS } from '../../shared/src/contact';
import { signInAsAdmin } from './support/admin-helpers';
import { guardPage } from './support/page-guards';

test('a message from the public contact form is triaged to RESPONDED and is in the downloaded CSV', async ({
  page,
  baseURL,
}) => {
  const guard = guardPage(page, new URL(baseURL!).origin);
  // One name per run, so the search finds this message alone.
  const name = `Triage Ångström ${Date.now().toString(36)}`;
  const company = '=Nordic, "Capital" & Co';
  const message = 'We would like to move our cap table.\nPlease call us next week.';

  await page.goto('/contact');
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Email').fill('triage@example.com');
  await page.getByLabel('Company').fill(company);
  await page.getByLabel('Phone').fill('+1 (555) 010-2000');
  await page.getByLabel('How can we help?').fill(message);
  await page.getByRole('button', { name: LABELS.valid }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Thank You' })).toBeVisible();

  await signInAsAdmin(page);
  await page.goto('/admin/contact-submissions');
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Submissions' })).toBeVisible();
  const stats = page.getByRole('list', { name: 'Contact submission statistics' });
  for (const title of ['Total Submissions', 'Last 7 Days', 'Sent to the customer messaging service', 'Unread']) {
    await expect(stats.getByRole('heading', { name: title })).toBeVisible();
  }

  await page.getByLabel('Search').fill(name);
  const table = page.getByRole('region', { name: 'Contact submissions' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(page.getByText('Showing page 1 of 1 (1 total)')).toBeVisible();
  // One page: no pager.
  await expect(page.getByRole('navigation', { name: 'Pagination' })).toHaveCount(0);
  const row = table.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('UNREAD');
  await expect(row).toContainText(company);

  await row.getByRole('button', { name: /View/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Contact Submission' });
  await expect(dialog).toContainText(name);
  await expect(dialog).toContainText('+1 (555) 010-2000');
  await expect(dialog).toContainText('Please call us next week.');
  // Opening it marked it READ; nothing was forwarded (no messaging service in the test server), no answer yet.
  const status = dialog.getByLabel('Status');
  await expect(status).toHaveValue('READ');
  await expect(dialog.locator('.detail-list__row', { hasText: 'Responded' })).toContainText('Not provided');
  await expect(status.locator('option', { hasText: 'IN PROGRESS' })).toHaveCount(1);

  await status.selectOption('RESPONDED');
  await expect(page.getByText('Status updated successfully')).toBeVisible();
  await expect(dialog.locator('.detail-list__row', { hasText: 'Responded' })).not.toContainText('Not provided');

  await dialog.getByLabel('Admin Notes').fill('Called back; sending the onboarding pack.');
  await dialog.getByRole('button', { name: 'Save Notes' }).click();
  await expect(page.getByText('Notes saved successfully')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row).toContainText('RESPONDED');

  // The filters ride along: the export holds this message alone.
  await page.getByLabel('Status', { exact: true }).selectOption('RESPONDED');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^contact-submissions-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = fs.readFileSync((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const records = parse(bytes, { bom: true, columns: true }) as Record<string, string>[];
  expect(records).toHaveLength(1);
  expect(records[0]).toMatchObject({
    Name: name,
    Email: 'triage@example.com',
    // A cell a spreadsheet would run as a formula keeps its text behind an apostrophe.
    Company: `'${company}`,
    Message: message,
    Status: 'RESPONDED',
    'Admin Notes': 'Called back; sending the onboarding pack.',
    'Sent to Messaging Service': 'No',
  });
  expect(records[0]!['Responded At']).toMatch(/^\d{4}-\d{2}-\d{2}T/);

  await page.getByRole('button', { name: 'Clear Filters' }).click();
  await expect(page.getByLabel('Search')).toHaveValue('');
  expect(guard.foreign).toEqual([]);
  expect(guard.violations).toEqual([]);
});
