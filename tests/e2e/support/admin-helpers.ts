import { expect, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { E2E_ADMIN } from '../fixtures';

/** Signs an admin (the e2e SUPER_ADMIN unless told) in through the API and stores the token as the app does (localStorage adminToken). */
export async function signInAsAdmin(
  page: Page,
  who: { username: string; password: string } = E2E_ADMIN,
): Promise<string> {
  const login = await page.request.post('/api/admin/login', {
    data: { username: who.username, password: who.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  const token = (await login.json()).token as string;
  await page.goto('/admin/login');
  await page.evaluate((value) => localStorage.setItem('adminToken', value), token);
  return token;
}

let photo: Buffer | undefined;

/** A photo-like (noisy) 1200x900 JPEG: above the 800x600 minimum, and it compresses like a real photo. */
async function photoJpeg(): Promise<Buffer> {
  photo ??= await sharp({
    create: {
      width: 1200,
      height: 900,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality: 85 })
    .toBuffer();
  return photo;
}

async function portalToken(request: APIRequestContext, code: string, accountNumber: string): Promise<string> {
  const step1 = await request.post('/api/shareholder-portal/validate-code', { data: { code } });
  expect(step1.status(), await step1.text()).toBe(200);
  const step2 = await request.post('/api/shareholder-portal/validate-account', {
    data: { accountNumber },
    headers: { Authorization: `Bearer ${(await step1.json()).token}` },
  });
  expect(step2.status(), await step2.text()).toBe(200);
  return (await step2.json()).token as string;
}

export interface FiledRequest {
  id: string;
  referenceNumber: string;
  verificationCode?: string;
}

async function submit(
  request: APIRequestContext,
  token: string,
  requestType: string,
  formData: Record<string, unknown>,
): Promise<FiledRequest> {
  const response = await request.post('/api/shareholder-portal/submit-request', {
    data: { requestType, formData },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status(), await response.text()).toBe(201);
  const body = await response.json();
  return {
    id: body.data.id,
    referenceNumber: body.data.referenceNumber ?? body.referenceNumber,
    verificationCode: body.data.verificationCode,
  };
}

/** A small DWAC transfer by DEMO02 (Marcus Bell), awaiting its photos. */
export async function fileTransfer(request: APIRequestContext): Promise<FiledRequest> {
  const token = await portalToken(request, 'DEMO02', '200300400');
  return submit(request, token, 'TRANSFER', {
    transfer_type: 'dwac',
    receiving_firm_name: 'Example Securities LLC',
    receiving_firm_dtc: '0123',
    receiving_account_num: 'ACCT-77',
    receiving_account_name: 'Marcus Bell',
    transfer_all_shares: false,
    transfer_shares_text: '5',
    transfer_shares_count: 5,
    shareholder_tax_id: '987-65-4321',
    preferred_contact_type: 'EMAIL',
    preferred_contact: 'marcus.bell@example.com',
  });
}

/** The three identity photos for a transfer's code: the request becomes VERIFICATION_SUBMITTED. */
export async function uploadDocuments(request: APIRequestContext, verificationCode: string): Promise<void> {
  const buffer = await photoJpeg();
  for (const documentType of ['selfie', 'id_front', 'id_back']) {
    const response = await request.post('/api/shareholder-portal/upload-verification', {
      // The fields before the photo: the server checks the code before it reads the photo.
      multipart: {
        verificationCode,
        documentType,
        document: { name: `${documentType}.jpg`, mimeType: 'image/jpeg', buffer },
      },
    });
    expect(response.status(), await response.text()).toBe(200);
  }
}

/** A transfer with its three photos in, ready for document review. */
export async function fileTransferWithDocuments(request: APIRequestContext): Promise<FiledRequest> {
  const transfer = await fileTransfer(request);
  expect(transfer.verificationCode, 'verification code of the transfer').toBeTruthy();
  await uploadDocuments(request, transfer.verificationCode!);
  return transfer;
}

/** An inquiry by DEMO01 (Dana Whitfield), PENDING. */
export async function fileInquiry(
  request: APIRequestContext,
  message = 'Please send me the latest annual report.',
): Promise<FiledRequest> {
  const token = await portalToken(request, 'DEMO01', '100200301');
  return submit(request, token, 'INQUIRY', { inquiry_message: message });
}

/** Signs an admin in through the API only (no page): the bearer token, for seeding through admin calls. */
export async function adminToken(
  request: APIRequestContext,
  who: { username: string; password: string } = E2E_ADMIN,
): Promise<string> {
  const login = await request.post('/api/admin/login', { data: { username: who.username, password: who.password } });
  expect(login.status(), await login.text()).toBe(200);
  return (await login.json()).token as string;
}

/**
 * A new admin, created by the e2e SUPER_ADMIN, with a password of their own: the change a new account
 * needs is done through the API. The session that changed it is signed out, so a test that counts
 * sessions counts only its own. Username `e2e-<prefix>-<number>`.
 */
export async function newAdminWithOwnPassword(
  request: APIRequestContext,
  prefix: string,
  role: 'ADMIN' | 'REVIEWER' = 'ADMIN',
): Promise<{ id: string; username: string; password: string }> {
  const username = `e2e-${prefix}-${Date.now() % 1_000_000}`;
  const first = 'Temporary-E2e-Pass-1';
  const password = 'Chosen-E2e-Pass-2';
  const created = await request.post('/api/admin/users', {
    data: { username, email: `${username}@example.com`, firstName: 'Eve', lastName: 'Tester', role, password: first },
    headers: { Authorization: `Bearer ${await adminToken(request)}` },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = (await created.json()).data.id as string;
  const firstSession = { Authorization: `Bearer ${await adminToken(request, { username, password: first })}` };
  const changed = await request.put('/api/admin/users/me/password', {
    data: { currentPassword: first, newPassword: password },
    headers: firstSession,
  });
  expect(changed.status(), await changed.text()).toBe(200);
  expect((await request.post('/api/admin/logout', { headers: firstSession })).status()).toBe(200);
  return { id, username, password };
}

/** Flags a request through the admin API (as the e2e SUPER_ADMIN unless told). */
export async function flagThroughApi(
  request: APIRequestContext,
  id: string,
  flag: { reason: string; priority: 'HIGH' | 'MEDIUM' | 'LOW' },
  token?: string,
): Promise<void> {
  const bearer = token ?? (await adminToken(request));
  const response = await request.post(`/api/admin/requests/${id}/flag`, {
    data: flag,
    headers: { Authorization: `Bearer ${bearer}` },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** The identity documents in the order the grid and the viewer show them. */
export const DOCUMENT_LABELS = ['Selfie', 'ID Front', 'ID Back'] as const;
export type DocumentLabel = (typeof DOCUMENT_LABELS)[number];

/** Opens a request's details page and waits for its heading. */
export async function openRequest(page: Page, id: string): Promise<void> {
  await page.goto(`/admin/requests/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Request Details' })).toBeVisible();
}

/** One document's card in the Verification Documents grid. */
export function documentCard(page: Page, label: DocumentLabel) {
  return page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: label, exact: true }) });
}

/** The image viewer dialog. */
export function imageViewer(page: Page) {
  return page.getByRole('dialog', { name: 'Identity document viewer' });
}

/** Opens the viewer on one document from its card (its image must have loaded); returns the viewer and the opener. */
export async function openViewer(page: Page, label: DocumentLabel) {
  const opener = page.getByRole('button', { name: `Open ${label} in the image viewer` });
  await opener.click();
  const viewer = imageViewer(page);
  await expect(viewer).toBeVisible();
  return { viewer, opener };
}

/** The viewer shows `label` at this zoom (a factor: 1.25) and rotation (degrees), in its summary line and on the image itself. */
export async function expectView(page: Page, label: DocumentLabel, zoom: number, rotation: number): Promise<void> {
  const viewer = imageViewer(page);
  await expect(viewer.getByText(`Zoom ${Math.round(zoom * 100)}%, rotation ${rotation}°`)).toBeVisible();
  await expect(viewer.getByRole('img', { name: label })).toHaveAttribute(
    'style',
    new RegExp(`rotate\\(${rotation}deg\\) scale\\(${zoom}\\)`),
  );
}

export interface ImageStatePut {
  imageType: string;
  rotation: number;
  zoomState: { zoom: number; x: number; y: number };
}

/** Every PUT …/image-state the page sends from now on, with its body, in order. */
export function recordImageStatePuts(page: Page): ImageStatePut[] {
  const puts: ImageStatePut[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'PUT' && new URL(sent.url()).pathname.endsWith('/image-state'))
      puts.push(sent.postDataJSON() as ImageStatePut);
  });
  return puts;
}

/**
 * Waits until every request the page started before this call has been reported to the test: a
 * request the page sends now is reported after them. For counting requests that must NOT have been sent.
 */
export async function requestBarrier(page: Page): Promise<void> {
  await Promise.all([
    page.waitForRequest((sent) => sent.url().endsWith('/api/health?barrier')),
    page.evaluate(() => fetch('/api/health?barrier').then((response) => response.ok)),
  ]);
}

/** Submits the login form with a username and password; what follows (a code step, the dashboard) is the caller's to check. */
export async function submitLoginForm(
  page: Page,
  who: { username: string; password: string } = E2E_ADMIN,
): Promise<void> {
  await page.goto('/admin/login');
  await page.getByLabel('Username').fill(who.username);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs in through the login form and waits for the dashboard. */
export async function signInThroughForm(
  page: Page,
  who: { username: string; password: string } = E2E_ADMIN,
): Promise<void> {
  await submitLoginForm(page, who);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

/** A count of the dashboard's Request Status Overview card ('Pending Review', 'Approved', 'Rejected', 'Processing'). */
export async function statusOverviewCount(
  page: Page,
  label: 'Pending Review' | 'Approved' | 'Rejected' | 'Processing',
): Promise<number> {
  const link = page
    .getByRole('list', { name: 'Request metrics' })
    .getByRole('link', { name: new RegExp(`^${label} [\\d,]+$`) });
  await expect(link).toBeVisible();
  const figure = /([\d,]+)$/.exec((await link.innerText()).trim())?.[1] ?? '';
  return Number(figure.replace(/,/g, ''));
}
