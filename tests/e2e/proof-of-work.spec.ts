import sharp from 'sharp';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN_LOGIN_MAX_FAILURES_PER_ACCOUNT, ADMIN_MESSAGES } from '../../shared/src/admin-auth';
import { VERIFICATION_THROTTLE } from '../../shared/src/verification';
import { E2E_READER, E2E_ROTATOR } from './fixtures';
import { signInAsAdmin } from './support/admin-helpers';
import { guardPage } from './support/page-guards';
import { photoLikeRgb } from './support/photo-like';
import { sampleFace } from './support/sample-face';
import { fileTransfer } from './support/verification-code';

test.describe('admin sign-in past the limit', () => {
  test('asks for a proof of work, solves it in the page from our own origin, and signs in with the right password', async ({
    page,
    baseURL,
  }) => {
    const { foreign, violations } = guardPage(page, new URL(baseURL!).origin);
    // Ten failures lock the account's sign-in behind a challenge; the success below clears them.
    for (let i = 0; i < 10; i++) {
      const res = await page.request.post('/api/admin/login', {
        data: { username: E2E_READER.username, password: `Wrong-Pass-${i}` },
      });
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

/** The proof-of-work calls a page made: the path, the answer, and whether the call carried a solved payload. */
function watchCalls(page: Page, paths: string[]) {
  const calls: { path: string; status: number; proof: boolean; body: string }[] = [];
  page.on('response', (response) => {
    const path = paths.find((p) => new URL(response.url()).pathname === p);
    if (!path) return;
    const body = response.request().postDataBuffer()?.toString('latin1') ?? '';
    calls.push({ path, status: response.status(), proof: /"altcha"|name="altcha"/.test(body), body });
  });
  return calls;
}

test.describe('change password past the account’s limit', () => {
  test('asks for a proof of work, solves it in the page, and changes the password with the right current one', async ({
    page,
    baseURL,
  }) => {
    const { foreign, violations } = guardPage(page, new URL(baseURL!).origin);
    const token = await signInAsAdmin(page, E2E_ROTATOR);
    const newPassword = 'Rotator-Chosen-9';
    const change = (currentPassword: string) =>
      page.request.put('/api/admin/users/me/password', {
        data: { currentPassword, newPassword },
        headers: { Authorization: `Bearer ${token}` },
      });
    // Wrong current passwords count against the account's sign-in limit.
    for (let i = 0; i < ADMIN_LOGIN_MAX_FAILURES_PER_ACCOUNT; i++)
      expect((await change(`Wrong-Pass-${i}`)).status()).toBe(400);
    const tripped = await change(E2E_ROTATOR.password);
    expect(tripped.status()).toBe(429);
    expect((await tripped.json()).code).toBe('CHALLENGE_REQUIRED');

    const calls = watchCalls(page, ['/api/admin/users/me/password']);
    await page.goto('/admin/change-password');
    await page.getByLabel('Current password').fill(E2E_ROTATOR.password);
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: /change password/i }).click();

    await expect(page.locator('altcha-widget')).toBeAttached();
    await expect(page.getByRole('status').filter({ hasText: 'Verifying you’re human…' })).toBeVisible();
    await expect(page.getByText(ADMIN_MESSAGES.passwordChanged)).toBeVisible({ timeout: 20_000 });
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    expect(calls.map(({ status, proof }) => ({ status, proof }))).toEqual([
      { status: 429, proof: false },
      { status: 200, proof: true },
    ]);
    expect(foreign).toEqual([]);
    expect(violations).toEqual([]);
  });
});

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** A camera-like 1600x1200 JPEG, as a phone's gallery would hold. */
async function photoJpeg(seed: number): Promise<Buffer> {
  return sharp(Buffer.from(photoLikeRgb({ width: 1600, height: 1200, seed, face: await sampleFace() })), {
    raw: { width: 1600, height: 1200, channels: 3 },
  })
    .jpeg({ quality: 90 })
    .toBuffer();
}

const ADDRESS = '203.0.113.7';

test.describe('verification page past the address’s limit of failed codes', () => {
  // An address of its own, for the page and the test's calls alike (serve.ts trusts one proxy): the
  // failed codes it records for an hour challenge no other test's page, which all come from 127.0.0.1.
  test.use({
    extraHTTPHeaders: { 'X-Forwarded-For': ADDRESS },
    viewport: { width: 375, height: 812 },
    userAgent: IPHONE_UA,
    isMobile: true,
    hasTouch: true,
  });

  test('asks for a proof of work for the code check and for each photo, solves them in the page, and completes', async ({
    page,
    baseURL,
    playwright,
  }) => {
    test.setTimeout(90_000);
    const { foreign, violations } = guardPage(page, new URL(baseURL!).origin);
    const transfer = await fileTransfer(page.request);
    const check = (code: string) =>
      page.request.post('/api/shareholder-portal/validate-verification-code', { data: { code } });
    for (let i = 0; i < VERIFICATION_THROTTLE.failedCodesPerIp; i++)
      expect((await check(`WRONG${String(i).padStart(4, '0')}CODE`)).status()).toBe(404);
    // Past the limit the right code waits for a proof of work too.
    const tripped = await check(transfer.code);
    expect(tripped.status()).toBe(429);
    expect((await tripped.json()).code).toBe('CHALLENGE_REQUIRED');

    // No camera: the saved-photo path, through the same checks (as in verify.spec.ts).
    await page.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () =>
        Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
    });
    const calls = watchCalls(page, [
      '/api/shareholder-portal/validate-verification-code',
      '/api/shareholder-portal/upload-verification',
    ]);
    await page.goto(`/verify/${transfer.code}`);
    await expect(page.locator('altcha-widget')).toBeAttached();
    await expect(page.getByRole('status').filter({ hasText: 'Verifying you’re human…' })).toBeVisible();

    // Solved: the page goes on to the capture with the code it was opened with.
    await page.getByRole('button', { name: 'Start Verification' }).click({ timeout: 20_000 });
    const opened = calls.filter((call) => call.status === 200);
    expect(opened).toHaveLength(1);
    expect(opened[0]).toMatchObject({ path: '/api/shareholder-portal/validate-verification-code', proof: true });
    expect(JSON.parse(opened[0]!.body).code).toBe(transfer.code);

    const steps = [
      { file: 'selfie.jpg', next: /Step 2 of 3: ID Front/ },
      { file: 'id_front.jpg', next: /Step 3 of 3: ID Back/ },
      { file: 'id_back.jpg', next: null },
    ];
    for (const [i, step] of steps.entries()) {
      await page
        .getByLabel('Choose a photo')
        .setInputFiles({ name: step.file, mimeType: 'image/jpeg', buffer: await photoJpeg(i + 3) });
      if (step.next)
        await expect(page.getByRole('heading', { level: 2, name: step.next })).toBeVisible({ timeout: 20_000 });
      else await expect(page.getByRole('img', { name: 'The back of your ID' })).toBeVisible({ timeout: 20_000 });
    }
    await page.getByRole('button', { name: 'Submit Verification' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Verification Complete' })).toBeVisible({
      timeout: 40_000,
    });

    // Each photo went once, after a challenge of its own asked for with the code check (no photo sent
    // only to be refused), and was taken: the address is still past its limit, so only a solved
    // payload let it through. (A multipart body with a file is not visible to Playwright: the order of
    // its fields is checked in web/src/features/verify/api.test.ts.)
    const upload = '/api/shareholder-portal/upload-verification';
    const codeCheck = '/api/shareholder-portal/validate-verification-code';
    expect(calls.slice(2).map(({ path, status }) => `${status} ${path}`)).toEqual([
      `429 ${codeCheck}`,
      `200 ${upload}`,
      `429 ${codeCheck}`,
      `200 ${upload}`,
      `429 ${codeCheck}`,
      `200 ${upload}`,
    ]);
    expect((await check(transfer.code)).status()).toBe(429);
    // And only that address is: the other tests' (no header) are not challenged.
    // (A new request context takes this block's header unless told otherwise.)
    const elsewhere = await playwright.request.newContext({ baseURL: baseURL!, extraHTTPHeaders: {} });
    expect(
      (
        await elsewhere.post('/api/shareholder-portal/validate-verification-code', { data: { code: 'NOSUCHCODE1234' } })
      ).status(),
    ).toBe(404);
    await elsewhere.dispose();
    expect(foreign).toEqual([]);
    expect(violations).toEqual([]);
  });
});
