import { randomBytes, randomInt } from 'node:crypto';
import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import {
  issuerApplicationStatsResponseSchema,
  type IssuerApplicationStats,
} from '../../shared/src/issuer-applications';
import { makeOnboardingId, makeSessionToken } from '../../shared/src/issuer-onboarding';
import { sampleSubmitBody } from '../../shared/src/issuer-onboarding.fixtures';
import { E2E_ADMIN, E2E_READER } from './fixtures';
import { signInAsAdmin } from './support/admin-helpers';
import { expectNoSideScroll, seriousViolations } from './support/axe';
import { guardPage } from './support/page-guards';
import { signatureDataUrl } from './support/issuer-application';

interface Applicant {
  company: string;
  contact: string;
  email: string;
  onboardingId: string;
}

/**
 * Applications sent through the public submit API (spec 7.2), from an address of this test's own
 * (TRUST_PROXY=1 in serve.ts), so the per-address throttle of one test leaves the others alone.
 * Names carry `tag`, so a search finds this test's applications alone.
 */
async function submitApplications(
  request: APIRequestContext,
  tag: string,
  people: { company: string; contact: string }[],
): Promise<Applicant[]> {
  const address = `198.51.100.${randomInt(1, 255)}`;
  const dataUrl = await signatureDataUrl();
  const applicants: Applicant[] = [];
  for (const person of people) {
    const email = `${person.contact.split(' ')[0]!.toLowerCase()}.${tag}@example.com`;
    const onboardingId = makeOnboardingId(Date.now(), randomBytes(10));
    const body = sampleSubmitBody({
      onboardingId,
      sessionToken: makeSessionToken(randomBytes(24)),
      signatureDataUrl: dataUrl,
      form: {
        company_name: `${person.company} ${tag}`,
        contact_name: person.contact,
        contact_email: email,
        signature_name: person.contact,
        signature_title: 'Chief Executive Officer',
      },
    });
    const response = await request.post('/api/issuer-onboarding/submit', {
      data: body,
      headers: { 'X-Forwarded-For': address },
    });
    expect(response.status(), await response.text()).toBe(201);
    applicants.push({ company: `${person.company} ${tag}`, contact: person.contact, email, onboardingId });
  }
  return applicants;
}

const newTag = () => `t${Date.now().toString(36)}${randomInt(1000)}`;

async function statsThroughApi(page: Page, token: string): Promise<IssuerApplicationStats> {
  const response = await page.request.get('/api/admin/issuer-onboarding/stats', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  return issuerApplicationStatsResponseSchema.parse(await response.json()).data;
}

async function expectCards(page: Page, stats: IssuerApplicationStats) {
  const cards = page.getByRole('list', { name: 'Issuer application statistics' });
  const card = (title: string) =>
    cards.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
  await expect(card('Total Applications')).toContainText(stats.total.toLocaleString('en-US'));
  await expect(card('Last 7 Days')).toContainText(stats.recentCount.toLocaleString('en-US'));
  await expect(card('Approval Rate')).toContainText(`${stats.conversionRate}%`);
  await expect(card('Under Review')).toContainText(stats.byStatus.UNDER_REVIEW.toLocaleString('en-US'));
}

/** A detail row of the dialog by its label. */
const detailRow = (dialog: Locator, label: string) =>
  dialog
    .locator('.detail-list__row')
    .filter({ has: dialog.page().locator('dt', { hasText: new RegExp(`^${label}$`) }) });

async function openApplication(page: Page, company: string): Promise<Locator> {
  const table = page.getByRole('region', { name: 'Issuer applications' });
  await table.getByRole('row').filter({ hasText: company }).getByRole('button', { name: /View/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Issuer Application' });
  await expect(dialog.getByText(company).first()).toBeVisible();
  return dialog;
}

test('an admin finds a submitted application, reviews it with a note, keeps notes and exports it', async ({
  page,
  baseURL,
}) => {
  const guard = guardPage(page, new URL(baseURL!).origin);
  const tag = newTag();
  const [zephyr, quill] = await submitApplications(page.request, tag, [
    { company: 'Zephyr Aerospace', contact: 'Grace Hopper' },
    { company: 'Quill Ledger', contact: 'Alan Turing' },
  ]);

  const token = await signInAsAdmin(page);
  await page.goto('/admin/issuer-applications');
  await expect(page.getByRole('heading', { level: 1, name: 'Issuer Applications' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Dashboard' })).toBeVisible();
  // One Logout, the navigation's; the navigation leads here too (issue 29, item 13).
  await expect(page.getByRole('main').getByRole('button', { name: 'Logout' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Logout' })).toHaveCount(1);
  await expect(
    page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Issuer applications' }),
  ).toHaveAttribute('aria-current', 'page');
  const before = await statsThroughApi(page, token);
  expect(before.total).toBeGreaterThanOrEqual(2);
  await expectCards(page, before);

  // Search: both of this test's applications, then one by company, one by contact e-mail.
  const table = page.getByRole('region', { name: 'Issuer applications' });
  await page.getByLabel('Search').fill(tag);
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(page.getByText('Showing page 1 of 1 (2 total)')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Pagination' })).toHaveCount(0);
  await page.getByLabel('Search').fill(`zephyr ${tag}`);
  await expect(table.getByRole('row')).toHaveCount(2);
  await page.getByLabel('Search').fill(quill!.email);
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1)).toContainText(quill!.company);
  await page.getByLabel('Search').fill(`zephyr ${tag}`);
  await expect(table.getByRole('row')).toHaveCount(2);
  const row = table.getByRole('row').filter({ hasText: zephyr!.company });
  await expect(row).toContainText('Grace Hopper');
  await expect(row).toContainText(zephyr!.email);
  // No Revenue column: the wizard never asks it (issue 29, item 15).
  await expect(row).not.toContainText('Not provided');
  await expect(table.getByRole('columnheader', { name: 'Revenue' })).toHaveCount(0);
  await expect(row).toContainText('SUBMITTED');
  await expect(row.getByRole('img', { name: 'Signed' })).toBeVisible();
  // The status filter: none of them is approved.
  await page.getByLabel('Status', { exact: true }).selectOption('APPROVED');
  await expect(page.getByText('No issuer applications found')).toBeVisible();
  await page.getByLabel('Status', { exact: true }).selectOption('SUBMITTED');
  await expect(row).toBeVisible();

  const dialog = await openApplication(page, zephyr!.company);
  await expect(detailRow(dialog, 'EIN')).toContainText('**-***6789');
  // The whole EIN never reaches the screen, not even in the raw data.
  await expect(dialog).not.toContainText('12-3456789');
  // Only what the wizard asked: no row, no section for what it never asks (issue 29, item 15).
  await expect(dialog.getByText('Annual Revenue')).toHaveCount(0);
  await expect(dialog.getByRole('heading', { name: 'Legal', exact: true })).toHaveCount(0);
  await expect(detailRow(dialog, 'Entity Type')).toContainText('Corporation (C-Corp or S-Corp)');
  await expect(detailRow(dialog, 'State of Incorporation')).toContainText('Delaware (DE)');
  await expect(detailRow(dialog, 'Date of Incorporation')).toContainText('March 14, 2019');
  await expect(detailRow(dialog, 'Expected Shareholders')).toContainText('51-100 shareholders');
  await expect(detailRow(dialog, 'Confirmation ID')).toContainText(zephyr!.onboardingId);
  await expect(detailRow(dialog, 'Signer Name')).toContainText('Grace Hopper');
  await expect(detailRow(dialog, 'Signer Title')).toContainText('Chief Executive Officer');
  const image = dialog.getByRole('img', { name: 'Signature of Grace Hopper' });
  await expect(image).toBeVisible();
  expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(600);
  await expect(dialog.getByRole('region', { name: 'Raw Application Data' })).toContainText(
    `"onboardingId": "${zephyr!.onboardingId}"`,
  );
  const history = dialog.getByRole('list', { name: 'Review history, oldest first' });
  await expect(history.getByRole('listitem')).toHaveCount(1);
  await expect(history.getByRole('listitem').first()).toContainText('SUBMITTED');
  await expect(history.getByRole('listitem').first()).toContainText('by Applicant');

  // A status change with its note: the history grows in place, the dialog stays open.
  await dialog.getByLabel('Status', { exact: true }).selectOption('UNDER_REVIEW');
  await dialog
    .getByLabel('Note for the review history (optional)')
    .fill('Documents look complete; checking the EIN letter.');
  await dialog.getByRole('button', { name: 'Update Status' }).click();
  await expect(dialog.getByText('Status updated successfully')).toBeVisible();
  await expect(history.getByRole('listitem')).toHaveCount(2);
  const latest = history.getByRole('listitem').last();
  await expect(latest).toContainText('UNDER REVIEW');
  await expect(latest).toContainText('Documents look complete; checking the EIN letter.');
  await expect(latest).toContainText(`by ${E2E_ADMIN.username}`);
  await expect(dialog.getByLabel('Note for the review history (optional)')).toHaveValue('');
  await expect(dialog.getByLabel('Status', { exact: true })).toHaveValue('UNDER_REVIEW');

  await dialog.getByLabel('Admin Notes').fill('Call back on Monday.');
  await dialog.getByRole('button', { name: 'Save Notes' }).click();
  await expect(dialog.getByText('Notes saved successfully')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);

  // The list and the cards followed: under review now, so the SUBMITTED filter no longer finds it.
  await expect(page.getByText('No issuer applications found')).toBeVisible();
  await expectCards(page, await statsThroughApi(page, token));
  await page.getByLabel('Status', { exact: true }).selectOption('UNDER_REVIEW');
  await expect(row).toContainText('UNDER REVIEW');

  // The export carries the filters: this application alone.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^issuer-applications-\d{4}-\d{2}-\d{2}\.csv$/);
  const records = parse(fs.readFileSync((await download.path())!), { bom: true, columns: true }) as Record<
    string,
    string
  >[];
  expect(records).toHaveLength(1);
  expect(records[0]).toMatchObject({
    'Onboarding ID': zephyr!.onboardingId,
    Company: zephyr!.company,
    'Contact Name': 'Grace Hopper',
    Email: zephyr!.email,
    Status: 'UNDER_REVIEW',
    Signed: 'Yes',
    'Admin Notes': 'Call back on Monday.',
  });
  // No EIN in the file, in any form.
  expect(Object.keys(records[0]!)).not.toContain('EIN');
  expect(Object.values(records[0]!).join(' ')).not.toMatch(/12-3456789|\*\*-\*\*\*6789/);

  await page.getByRole('button', { name: 'Clear Filters' }).click();
  await expect(page.getByLabel('Search')).toHaveValue('');
  await expect(page.getByLabel('Status', { exact: true })).toHaveValue('');
  expect(guard.foreign).toEqual([]);
  expect(guard.violations).toEqual([]);
});

test('a READ_ONLY admin reads an application but has no status control, no notes to save and no export', async ({
  page,
}) => {
  const tag = newTag();
  const [applicant] = await submitApplications(page.request, tag, [
    { company: 'Reader Check Holdings', contact: 'Ada Byron' },
  ]);
  await signInAsAdmin(page, E2E_READER);
  await page.goto('/admin/issuer-applications');
  await expect(page.getByRole('heading', { level: 1, name: 'Issuer Applications' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export CSV' })).toHaveCount(0);
  await page.getByLabel('Search').fill(tag);
  const dialog = await openApplication(page, applicant!.company);
  await expect(detailRow(dialog, 'Status')).toContainText('SUBMITTED');
  await expect(dialog.getByRole('combobox')).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Update Status' })).toHaveCount(0);
  await expect(dialog.getByLabel('Admin Notes')).not.toBeEditable();
  await expect(dialog.getByRole('button', { name: 'Save Notes' })).toHaveCount(0);
  await expect(dialog.getByRole('img', { name: 'Signature of Ada Byron' })).toBeVisible();
});

test.describe('accessibility', () => {
  // axe is injected as an inline script, which the CSP forbids: bypassed here only.
  test.use({ bypassCSP: true, serviceWorkers: 'block', reducedMotion: 'reduce' });

  for (const width of [1280, 360]) {
    test(`the list and the open detail have no serious or critical axe violation at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      const tag = newTag();
      const [applicant] = await submitApplications(page.request, tag, [
        { company: 'Axe Check Partners', contact: 'Katherine Johnson' },
      ]);
      await signInAsAdmin(page);
      await page.goto('/admin/issuer-applications');
      await page.getByLabel('Search').fill(tag);
      await expect(page.getByRole('region', { name: 'Issuer applications' }).getByRole('row')).toHaveCount(2);
      expect(await seriousViolations(page)).toEqual([]);
      // Nothing wider than the screen but the table's own scroll box.
      await expectNoSideScroll(page, width);

      const dialog = await openApplication(page, applicant!.company);
      await expect(dialog.getByRole('img', { name: 'Signature of Katherine Johnson' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      const box = await dialog.boundingBox();
      expect(box!.width).toBeLessThanOrEqual(width);
      // Keyboard: Esc closes the dialog and gives the focus back to the View button.
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      await expect(page.getByRole('button', { name: `View application from ${applicant!.company}` })).toBeFocused();
    });
  }
});
