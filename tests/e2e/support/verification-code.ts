import { expect, type APIRequestContext } from '@playwright/test';
import { SAMPLE_DWAC_TRANSFER } from '../../../shared/src/portal-requests.fixtures';

/** Demo shareholders (DEMO_DATA=1): the e2e server's registry. */
export const DEMO_HOLDERS = {
  dana: { code: 'DEMO01', account: '100200300' },
  marcus: { code: 'DEMO02', account: '200300400' },
  trust: { code: 'DEMO03', account: '300400500' },
} as const;

/** A transfer as the API files it: its id, its reference number and its one-time verification code. */
export interface FiledTransfer {
  id: string;
  referenceNumber: string;
  code: string;
}

/**
 * A fresh transfer, as a shareholder files one: sign in to the portal API and submit a small transfer
 * (10 shares, so that repeated runs stay far within the holding).
 */
export async function fileTransfer(
  request: APIRequestContext,
  holder: { code: string; account: string } = DEMO_HOLDERS.marcus,
): Promise<FiledTransfer> {
  const signIn = await request.post('/api/shareholder-portal/validate-code', { data: { code: holder.code } });
  expect(signIn.status(), await signIn.text()).toBe(200);
  const codeToken = (await signIn.json()).token as string;
  const account = await request.post('/api/shareholder-portal/validate-account', {
    data: { accountNumber: holder.account },
    headers: { Authorization: `Bearer ${codeToken}` },
  });
  expect(account.status(), await account.text()).toBe(200);
  const token = (await account.json()).token as string;
  const submitted = await request.post('/api/shareholder-portal/submit-request', {
    data: {
      requestType: 'TRANSFER',
      formData: { ...SAMPLE_DWAC_TRANSFER, transfer_shares_text: '10', transfer_shares_count: 10 },
    },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(submitted.status(), await submitted.text()).toBe(201);
  const data = (await submitted.json()).data as { id: string; referenceNumber: string; verificationCode?: string };
  expect(data.verificationCode, 'verification code of the transfer').toBeTruthy();
  return { id: data.id, referenceNumber: data.referenceNumber, code: data.verificationCode! };
}

/** A fresh verification code (of a transfer filed as above). */
export async function newVerificationCode(
  request: APIRequestContext,
  holder: { code: string; account: string } = DEMO_HOLDERS.marcus,
): Promise<string> {
  return (await fileTransfer(request, holder)).code;
}
