import { expect, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { E2E_ADMIN } from '../fixtures';

/** Signs an admin (the e2e SUPER_ADMIN unless told) in through the API and stores the token as the app does (localStorage adminToken). */
export async function signInAsAdmin(page: Page, who: { username: string; password: string } = E2E_ADMIN): Promise<string> {
  const login = await page.request.post('/api/admin/login', { data: { username: who.username, password: who.password } });
  expect(login.status(), await login.text()).toBe(200);
  const token = (await login.json()).token as string;
  await page.goto('/admin/login');
  await page.evaluate((value) => localStorage.setItem('adminToken', value), token);
  return token;
}

let photo: Buffer | undefined;

/** A photo-like (noisy) 1200x900 JPEG: above the 800x600 minimum, and it compresses like a real photo. */
async function photoJpeg(): Promise<Buffer> {
  photo ??= await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
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

async function submit(request: APIRequestContext, token: string, requestType: string, formData: Record<string, unknown>): Promise<FiledRequest> {
  const response = await request.post('/api/shareholder-portal/submit-request', {
    data: { requestType, formData },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status(), await response.text()).toBe(201);
  const body = await response.json();
  return { id: body.data.id, referenceNumber: body.data.referenceNumber ?? body.referenceNumber, verificationCode: body.data.verificationCode };
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
      multipart: { document: { name: `${documentType}.jpg`, mimeType: 'image/jpeg', buffer }, verificationCode, documentType },
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
export async function fileInquiry(request: APIRequestContext, message = 'Please send me the latest annual report.'): Promise<FiledRequest> {
  const token = await portalToken(request, 'DEMO01', '100200301');
  return submit(request, token, 'INQUIRY', { inquiry_message: message });
}
