import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from './fixtures';
import {
  DOCUMENT_LABELS,
  documentCard,
  expectView,
  fileTransferWithDocuments,
  imageViewer,
  openViewer,
  signInThroughForm,
  statusOverviewCount,
} from './support/admin-helpers';

// The reviewer's whole journey through one transfer, as the issue tells it. The database is shared
// with the other specs and the demo data: the Approved figure is read first and compared after.

test('a reviewer signs in, finds a waiting transfer, inspects and approves its photos, approves it, the dashboard counts it, and it is posted to the ledger', async ({
  page,
  request,
}) => {
  const transfer = await fileTransferWithDocuments(request);

  await signInThroughForm(page, E2E_ADMIN);
  const approvedBefore = await statusOverviewCount(page, 'Approved');

  // The review queue through the URL: the filter shows Pending and the transfer is listed.
  await page.goto('/admin/requests?status=pending');
  const statusFilter = page.getByLabel('Status');
  await expect(statusFilter).toHaveValue('pending');
  await expect(statusFilter.getByRole('option', { selected: true })).toHaveText('Pending');
  const row = page
    .getByRole('region', { name: 'Requests' })
    .getByRole('row')
    .filter({ hasText: transfer.referenceNumber });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Marcus Bell');
  await row.getByText(transfer.referenceNumber).click();
  await expect(page).toHaveURL(`/admin/requests/${transfer.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Request Details' })).toBeVisible();

  // Each photo turned and zoomed in the viewer, by keys and by the toolbar.
  const { viewer } = await openViewer(page, 'Selfie');
  await page.keyboard.press('r');
  await page.keyboard.press('+');
  await expectView(page, 'Selfie', 1.25, 90);
  await page.keyboard.press('ArrowRight');
  await viewer.getByRole('button', { name: 'Rotate left' }).click();
  await viewer.getByRole('button', { name: 'Zoom in' }).click();
  await viewer.getByRole('button', { name: 'Zoom in' }).click();
  await expectView(page, 'ID Front', 1.5, 270);
  await viewer.getByRole('button', { name: 'Next image' }).click();
  await page.keyboard.press('R');
  await viewer.getByRole('button', { name: 'Rotate right' }).click();
  await page.keyboard.press('-');
  await expectView(page, 'ID Back', 0.75, 180);
  await expect(viewer.getByText('Saving...')).toBeVisible();
  await expect(viewer.getByText('Saving...')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);

  // After a reload each photo opens as it was left.
  await page.reload();
  await openViewer(page, 'Selfie');
  await expectView(page, 'Selfie', 1.25, 90);
  await page.keyboard.press('ArrowRight');
  await expectView(page, 'ID Front', 1.5, 270);
  await page.keyboard.press('ArrowRight');
  await expectView(page, 'ID Back', 0.75, 180);
  await page.keyboard.press('Escape');
  await expect(imageViewer(page)).toHaveCount(0);

  // The three photos approved in the grid verify the transfer.
  for (const label of DOCUMENT_LABELS) {
    await page.getByRole('button', { name: `Approve ${label}` }).click();
    await expect(documentCard(page, label)).toContainText('Approved');
  }
  await expect(page.getByText('All documents verified! Request status updated to VERIFIED.')).toBeVisible();

  // The request approved through the Actions panel and its confirmation.
  const actions = page.getByRole('region', { name: 'Actions' });
  await expect(actions).toContainText('ID verification complete. All required documents have been submitted.');
  await actions.getByRole('button', { name: 'Approve', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Approve request' });
  await expect(confirm).toContainText('Are you sure you want to approve this request?');
  await confirm.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Request approved successfully')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Actions' })).toHaveCount(0);

  // The dashboard counts one more approval and shows the request in Recent Activity, approved.
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  expect(await statusOverviewCount(page, 'Approved')).toBe(approvedBefore + 1);
  const recent = page
    .getByRole('region', { name: 'Recent Activity' })
    .getByRole('link', { name: new RegExp(transfer.referenceNumber) });
  await expect(recent).toContainText('Approved');
  await expect(recent).toHaveAttribute('href', `/admin/requests/${transfer.id}`);

  // The request's Staff Activity lists who approved what.
  await recent.click();
  const staff = page.getByRole('region', { name: 'Staff Activity' });
  const entry = (text: string) => staff.getByRole('listitem').filter({ hasText: text });
  for (const label of DOCUMENT_LABELS) {
    await expect(entry(`Document approved: ${label}`)).toHaveCount(1);
    await expect(entry(`Document approved: ${label}`)).toContainText(`· ${E2E_ADMIN.username}`);
    await expect(entry(`Document viewed: ${label}`).first()).toBeVisible();
  }
  await expect(entry('Request status changed').first()).toContainText(`· ${E2E_ADMIN.username}`);
  await expect(page.getByRole('region', { name: 'Overview' })).toContainText('Approved');

  // Posted to the ledger from the same page: 5 shares from DRS to the depository's nominee; the request completes.
  const posting = page.getByRole('region', { name: 'Ledger posting' });
  await expect(posting).toContainText('5 shares from DRS');
  await expect(posting).toContainText('Cede & Co.');
  await posting.getByRole('button', { name: 'Post to ledger' }).click();
  await page.getByRole('dialog', { name: 'Post to ledger' }).getByRole('button', { name: 'Post', exact: true }).click();
  await expect(page.getByText('Posted to the ledger')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Ledger posting' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Overview' })).toContainText('Completed');
});
