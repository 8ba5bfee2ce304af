import sharp from 'sharp';
import { expect, test, type APIRequestContext, type BrowserContext, type Page, type Request } from '@playwright/test';
import { FILE_MESSAGES, UPLOAD_SERVER_MESSAGES, VERIFICATION_MESSAGES } from '../../shared/src/verification';
// @ts-expect-error: plain ESM helper shared with run-all.ts
import { chromiumArgs, chromiumPath } from '../chromium.mjs';
import { signInAsAdmin } from './support/admin-helpers';
import { expectNoSideScroll, seriousViolations } from './support/axe';
import { fakeCameraFile } from './support/fake-camera';
import { photoLikeRgb } from './support/photo-like';
import { sampleFace } from './support/sample-face';
import { signInToPortal } from './support/portal-helpers';
import { DEMO_HOLDERS, fileTransfer, newVerificationCode } from './support/verification-code';

// Chromium's fake camera plays a photo-like frame (support/fake-camera.ts); launch arguments are fixed
// per worker, so the file is written when this module loads.
const cameraFile = await fakeCameraFile();
test.use({
  launchOptions: {
    executablePath: chromiumPath,
    args: [
      ...chromiumArgs,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${cameraFile}`,
    ],
  },
  permissions: ['camera'],
});

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** Collects Content-Security-Policy violations reported on the console. */
function cspViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

/** Takes the current step's photo with the fake camera and waits for the next step (or the last preview). */
async function takePhoto(page: Page, step: 1 | 2 | 3) {
  const labels = { 1: 'Selfie', 2: 'ID Front', 3: 'ID Back' } as const;
  await expect(
    page.getByRole('heading', { level: 2, name: new RegExp(`Step ${step} of 3: ${labels[step]}`) }),
  ).toBeVisible();
  const take = page.getByRole('button', { name: 'Take photo' });
  await expect(take).toBeEnabled({ timeout: 15_000 });
  await take.click();
  if (step < 3) {
    await expect(page.getByRole('heading', { level: 2, name: new RegExp(`Step ${step + 1} of 3`) })).toBeVisible({
      timeout: 20_000,
    });
  } else {
    await expect(page.getByRole('img', { name: 'The back of your ID' })).toBeVisible({ timeout: 20_000 });
  }
}

/** Takes the three photos in turn (selfie, ID front, ID back) with the fake camera. */
async function takeAllPhotos(page: Page) {
  for (const step of [1, 2, 3] as const) await takePhoto(page, step);
}

/** On a phone: a fresh verification code's page, started, with the three photos taken and not yet sent. */
async function openWithAllPhotos(page: Page, request: APIRequestContext) {
  const code = await newVerificationCode(request);
  await page.goto(`/verify/${code}`);
  await page.getByRole('button', { name: 'Start Verification' }).click();
  await takeAllPhotos(page);
  return code;
}

async function storedPhotoCount(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('ledgerwell-verification');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('photos')) return resolve(0);
          const count = db.transaction('photos').objectStore('photos').count();
          count.onsuccess = () => resolve(count.result);
          count.onerror = () => reject(count.error);
        };
      }),
  );
}

async function serverStatus(context: BrowserContext, code: string) {
  const response = await context.request.get(`/api/shareholder-portal/check-verification-status?code=${code}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as {
    verificationComplete: boolean;
    data: { referenceNumber: string; documents: Record<string, boolean> };
  };
}

/** The portal banner's line for one transfer. */
function bannerLine(page: Page, referenceNumber: string) {
  return page
    .getByRole('region', { name: /^Identity (verification required|photos received)$/ })
    .getByRole('listitem')
    .filter({ hasText: referenceNumber });
}

/** A camera-like 1600x1200 JPEG, as a phone's gallery would hold: a face above an ID card. */
async function photoJpeg(): Promise<Buffer> {
  return sharp(Buffer.from(photoLikeRgb({ width: 1600, height: 1200, seed: 3, face: await sampleFace() })), {
    raw: { width: 1600, height: 1200, channels: 3 },
  })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** A PNG (or anything) picked in the file chooser of the current step. */
async function pickFile(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  await page.getByLabel(/Upload a photo instead|Choose a photo/).setInputFiles(file);
}

test.describe('verification page on a desktop computer', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('an unknown code shows the Invalid Verification Code screen; Return to Home goes home', async ({ page }) => {
    await page.goto('/verify/NOSUCHCODE1234');
    await expect(page.getByRole('heading', { level: 1, name: 'Invalid Verification Code' })).toBeVisible();
    await expect(page.getByText(UPLOAD_SERVER_MESSAGES.invalidCode)).toBeVisible();
    await page.getByRole('button', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Next Evolution in Modern Equity Management' }),
    ).toBeVisible();
  });

  test('a malformed code is invalid without a server round trip, and /verify alone goes home', async ({ page }) => {
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('validate-verification-code')) calls.push(request.url());
    });
    await page.goto('/verify/a-b');
    await expect(page.getByRole('heading', { level: 1, name: 'Invalid Verification Code' })).toBeVisible();
    expect(calls).toEqual([]);
    await page.goto('/verify');
    await expect(page).toHaveURL(/\/$/);
  });

  test('recommends a phone: copy link, e-mail link and QR code; capture stays possible here', async ({
    page,
    context,
    request,
  }) => {
    await context.grantPermissions(['camera', 'clipboard-read', 'clipboard-write']);
    const code = await newVerificationCode(request);
    await page.goto(`/verify/${code}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Identity Verification' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Continue on your phone' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Start Verification' })).toHaveCount(0);

    const fullLink = new URL(`/verify/${code}`, page.url()).href;
    await expect(page.getByRole('textbox', { name: 'Your verification link' })).toHaveValue(fullLink);
    await page.getByRole('button', { name: 'Copy Link for Mobile' }).click();
    await expect(page.getByText('Link copied')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(fullLink);

    const mail = page.getByRole('link', { name: 'Email this link to myself' });
    const href = (await mail.getAttribute('href'))!;
    expect(href.startsWith('mailto:?subject=')).toBe(true);
    const body = new URLSearchParams(href.slice('mailto:?'.length)).get('body')!;
    expect(body).toContain(fullLink);
    expect(body).toContain(code);

    const qr = page.getByRole('img', { name: /QR code of your verification link/ });
    await expect(qr).toBeVisible();
    expect(await qr.locator('rect').count()).toBeGreaterThan(50);

    await page.getByRole('button', { name: 'Continue on this device' }).click();
    await expect(page.getByRole('heading', { level: 2, name: /Step 1 of 3: Selfie/ })).toBeFocused();
    await expect(page.getByRole('button', { name: 'Take photo' })).toBeEnabled({ timeout: 15_000 });
  });

  test('refuses a picked photo that is too small, or not an image, with the spec’s messages', async ({
    page,
    request,
  }) => {
    const code = await newVerificationCode(request);
    await page.goto(`/verify/${code}`);
    await page.getByRole('button', { name: 'Continue on this device' }).click();

    const small = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#7a8ca0' } })
      .png()
      .toBuffer();
    await pickFile(page, { name: 'small.png', mimeType: 'image/png', buffer: small });
    await expect(page.getByRole('alert')).toHaveText(FILE_MESSAGES.tooSmall('Selfie', 640, 480));
    await expect(page.getByRole('alert')).toContainText('Your image: 640x480 pixels');

    const text = Buffer.from('This is not a picture at all.\n');
    await pickFile(page, { name: 'notes.png', mimeType: 'image/png', buffer: text });
    await expect(page.getByRole('alert')).toHaveText(FILE_MESSAGES.corrupted('Selfie'));

    await pickFile(page, { name: 'notes.png', mimeType: 'text/plain', buffer: text });
    await expect(page.getByRole('alert')).toHaveText(FILE_MESSAGES.type('Selfie'));

    await pickFile(page, { name: 'photo.gif', mimeType: 'image/png', buffer: small });
    await expect(page.getByRole('alert')).toHaveText(FILE_MESSAGES.extension('Selfie'));

    // Nothing was kept, and the step did not move on.
    await expect(page.getByRole('heading', { level: 2, name: /Step 1 of 3: Selfie/ })).toBeVisible();
    expect(await storedPhotoCount(page)).toBe(0);
  });

  test('a blank photo is refused with a hint to retake it', async ({ page, request }) => {
    const code = await newVerificationCode(request);
    await page.goto(`/verify/${code}`);
    await page.getByRole('button', { name: 'Continue on this device' }).click();
    const black = await sharp({ create: { width: 1280, height: 960, channels: 3, background: '#000' } })
      .jpeg()
      .toBuffer();
    await pickFile(page, { name: 'black.jpg', mimeType: 'image/jpeg', buffer: black });
    await expect(page.getByRole('alert')).toContainText('The Selfie photo looks blank');
  });

  test('offline: photos are kept on the device through a reload and sent when the connection returns', async ({
    page,
    context,
    request,
  }) => {
    const violations = cspViolations(page);
    const code = await newVerificationCode(request);
    await page.goto(`/verify/${code}`);
    // Offline reloads need the service worker in control (it serves the app shell and the chunks).
    await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    await page.getByRole('button', { name: 'Continue on this device' }).click();
    await takePhoto(page, 1);
    await takePhoto(page, 2);

    // The last photo is checked and compressed offline: the compression worker imports the library
    // from our own origin (the service worker's precache), never from a CDN.
    const scripts: { url: string; status: number | undefined; fromServiceWorker: boolean | undefined }[] = [];
    const onRequest = async (r: Request) => {
      if (!/\.js$/.test(new URL(r.url()).pathname) && !r.url().includes('jsdelivr')) return;
      const response = await r.response().catch(() => null);
      scripts.push({ url: r.url(), status: response?.status(), fromServiceWorker: response?.fromServiceWorker() });
    };
    context.on('request', onRequest);
    await context.setOffline(true);
    await takePhoto(page, 3);
    context.off('request', onRequest);
    expect(await storedPhotoCount(page)).toBe(3);
    expect(scripts.filter((s) => s.url.includes('jsdelivr'))).toEqual([]);
    const workerLibrary = [];
    for (const script of scripts) {
      const body = await (await context.request.get(script.url).catch(() => null))?.text().catch(() => '');
      // The UMD build importScripts() loads in the worker (the page itself imports the ES module build).
      if (body?.includes('typeof exports') && body.includes('imageCompression')) workerLibrary.push(script);
    }
    expect(workerLibrary.length, JSON.stringify(scripts)).toBeGreaterThan(0);
    expect(workerLibrary.every((s) => s.status === 200 && s.url.startsWith(new URL(page.url()).origin))).toBe(true);

    await page.getByRole('button', { name: 'Submit Verification' }).click();
    await expect(page.getByRole('status').filter({ hasText: VERIFICATION_MESSAGES.queuedOffline })).toContainText(
      VERIFICATION_MESSAGES.networkError,
    );

    await page.reload();
    await expect(page.getByRole('status').filter({ hasText: VERIFICATION_MESSAGES.queuedOffline })).toBeVisible();
    await expect(page.getByText('Photo added', { exact: true })).toHaveCount(3);
    await expect(page.getByRole('img', { name: 'The back of your ID' })).toBeVisible();
    expect(await storedPhotoCount(page)).toBe(3);
    expect((await serverStatus(context, code)).data.documents).toEqual({
      selfie: false,
      id_front: false,
      id_back: false,
    });

    // The `online` event sends the queued set.
    await context.setOffline(false);
    await expect(page.getByRole('heading', { level: 1, name: 'Verification Complete' })).toBeVisible({
      timeout: 20_000,
    });
    expect(await storedPhotoCount(page)).toBe(0);
    const status = await serverStatus(context, code);
    expect(status.verificationComplete).toBe(true);
    expect(violations).toEqual([]);

    // Staff see the three photos on the request.
    await signInAsAdmin(page);
    await page.goto(`/admin/requests?search=${status.data.referenceNumber}`);
    await page.getByRole('link', { name: 'View Details' }).first().click();
    for (const label of ['Selfie', 'ID Front', 'ID Back']) {
      const image = page.getByRole('img', { name: label, exact: true });
      await expect(image).toBeVisible();
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    }
  });
});

test.describe('verification page on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, userAgent: IPHONE_UA, isMobile: true, hasTouch: true });

  test('shows Start Verification instead of the desktop hand-off', async ({ page, request }) => {
    const code = await newVerificationCode(request);
    await page.goto(`/verify/${code}`);
    await expect(page.getByRole('button', { name: 'Start Verification' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Copy Link for Mobile' })).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  });

  test('takes the three photos with the camera and submits them: Verification Complete', async ({
    page,
    context,
    request,
  }) => {
    const violations = cspViolations(page);
    const code = await newVerificationCode(request);
    await page.goto(`/verify/${code}`);
    await page.getByRole('button', { name: 'Start Verification' }).click();

    await takePhoto(page, 1);
    await expect(
      page.getByRole('status').filter({ hasText: 'Selfie photo added. Step 2 of 3: ID Front' }),
    ).toBeAttached();
    await takePhoto(page, 2);
    const submit = page.getByRole('button', { name: 'Submit Verification' });
    await expect(submit).toBeDisabled();
    await takePhoto(page, 3);
    await expect(submit).toBeEnabled();
    expect(await storedPhotoCount(page)).toBe(3);

    // A reload comes back to the photos, from the device.
    await page.reload();
    await expect(page.getByText('Photo added', { exact: true })).toHaveCount(3);
    await expect(page.getByRole('img', { name: 'The back of your ID' })).toBeVisible();

    // Retake goes back to the camera and keeps the photo until a new one is accepted.
    await page.getByRole('button', { name: 'Retake ID Back' }).click();
    await expect(page.getByRole('button', { name: 'Take photo' })).toBeEnabled({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Cancel' }).click();

    await submit.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Verification Complete' })).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.getByRole('heading', { level: 1, name: 'Verification Complete' })).toBeFocused();
    expect(await storedPhotoCount(page)).toBe(0);
    const status = await serverStatus(context, code);
    expect(status.verificationComplete).toBe(true);

    // Reopening the link: the request is complete.
    await page.goto(`/verify/${code}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Verification Complete' })).toBeVisible();
    expect(violations).toEqual([]);
  });

  test('Submit offline: the outcome shows beside the button, is announced, and the button says it is queued', async ({
    page,
    context,
    request,
  }) => {
    await openWithAllPhotos(page, request);

    await context.setOffline(true);
    await page.getByRole('button', { name: 'Submit Verification' }).click();
    const button = page.getByRole('button', { name: 'Queued: Send Now' });
    await expect(button).toBeVisible();
    const note = page.getByRole('status').filter({ hasText: VERIFICATION_MESSAGES.queuedOffline });
    await expect(note).toBeInViewport();
    await expect(button).toHaveAccessibleDescription(
      `${VERIFICATION_MESSAGES.networkError} ${VERIFICATION_MESSAGES.queuedOffline}`,
    );
    // Beside the button: the note ends just above it, both on screen at once.
    await expect(button).toBeInViewport();
    const [noteBox, buttonBox] = [await note.boundingBox(), await button.boundingBox()];
    expect(buttonBox!.y - (noteBox!.y + noteBox!.height)).toBeGreaterThanOrEqual(0);
    expect(buttonBox!.y - (noteBox!.y + noteBox!.height)).toBeLessThan(32);

    await context.setOffline(false);
    await expect(page.getByRole('heading', { level: 1, name: 'Verification Complete' })).toBeVisible({
      timeout: 20_000,
    });
  });

  test('server refusals: the failure panel names the photo, keeps the photos, and Try Again resends only it', async ({
    page,
    request,
  }) => {
    await openWithAllPhotos(page, request);

    const sent: string[] = [];
    let refuse = true;
    await page.route('**/api/shareholder-portal/upload-verification', async (route) => {
      const kind =
        /name="documentType"\r\n\r\n(\w+)/.exec(route.request().postDataBuffer()?.toString('latin1') ?? '')?.[1] ?? '?';
      sent.push(kind);
      if (refuse && kind === 'id_front') {
        // A proxy's answer, not our server's JSON: mapped by status.
        await route.fulfill({ status: 503, contentType: 'text/html', body: '<h1>Service Unavailable</h1>' });
      } else if (refuse && kind === 'id_back') {
        await route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({
            success: false,
            code: 'VALIDATION_ERROR',
            message: UPLOAD_SERVER_MESSAGES.dimensions,
          }),
        });
      } else {
        await route.continue();
      }
    });
    await page.getByRole('button', { name: 'Submit Verification' }).click();
    const panel = page.getByRole('alert').filter({ hasText: 'Upload failed:' });
    await expect(panel).toBeVisible();
    await expect(panel).toBeFocused();
    await expect(panel.getByRole('listitem')).toHaveText([
      'ID Front: Service temporarily unavailable. Please try again in a few minutes.',
      'ID Back: Image too small. Minimum size is 800x600 pixels.',
    ]);
    expect(sent.sort()).toEqual(['id_back', 'id_front', 'selfie']);
    // The photos stay (the selfie, which the server took, until all three are in).
    await expect(page.getByText('Received', { exact: true })).toHaveCount(1);
    await expect(page.getByText('Photo added', { exact: true })).toHaveCount(2);
    expect(await storedPhotoCount(page)).toBe(3);

    refuse = false;
    sent.length = 0;
    await panel.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Verification Complete' })).toBeVisible({
      timeout: 20_000,
    });
    expect(sent.sort()).toEqual(['id_back', 'id_front']);
    expect(await storedPhotoCount(page)).toBe(0);
  });

  test('camera refused: says why and offers the camera app or a saved photo, which go through the same checks', async ({
    page,
    request,
  }) => {
    await page.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () =>
        Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
    });
    const code = await newVerificationCode(request);
    await page.goto(`/verify/${code}`);
    await page.getByRole('button', { name: 'Start Verification' }).click();
    await expect(
      page.getByText('We could not use your camera: permission was refused. You can choose a photo instead'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Take photo' })).toHaveCount(0);
    await expect(page.getByLabel('Take a photo with the camera app')).toHaveAttribute('capture', 'user');
    await expect(page.getByLabel('Take a photo with the camera app')).toHaveAttribute('accept', 'image/jpeg,image/png');

    await page
      .getByLabel('Choose a photo')
      .setInputFiles({ name: 'selfie.jpg', mimeType: 'image/jpeg', buffer: await photoJpeg() });
    await expect(page.getByRole('heading', { level: 2, name: /Step 2 of 3: ID Front/ })).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.getByLabel('Take a photo with the camera app')).toHaveAttribute('capture', 'environment');
    expect(await storedPhotoCount(page)).toBe(1);
  });

  test('works at 360 px without horizontal scrolling', async ({ page, request }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const code = await newVerificationCode(request);
    await page.goto(`/verify/${code}`);
    await page.getByRole('button', { name: 'Start Verification' }).click();
    await expect(page.getByRole('button', { name: 'Take photo' })).toBeEnabled({ timeout: 15_000 });
    await expectNoSideScroll(page);
  });
});

test.describe('verification from the signed-in portal, without the code', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('another device signs in, takes the photos from the banner, and the portal then shows them received', async ({
    page,
    request,
  }) => {
    // Filed on "the first device" (the API): this browser never saw the verification code.
    const transfer = await fileTransfer(request, DEMO_HOLDERS.trust);
    await signInToPortal(page, DEMO_HOLDERS.trust);
    const line = bannerLine(page, transfer.referenceNumber);
    await expect(line).toContainText('0 of 3 photos received.');
    await expect(line.getByRole('link', { name: 'Continue verification' })).toHaveCount(0);
    const link = line.getByRole('link', { name: `Take ID photos here for ${transfer.referenceNumber}` });
    await expect(link).toHaveAttribute('href', `/shareholder-requests/verify/${transfer.id}`);

    // Observed through a route: multipart bodies are readable there only.
    const uploads: { authorization: string | undefined; body: string }[] = [];
    await page.route('**/api/shareholder-portal/upload-verification', async (route) => {
      uploads.push({
        authorization: route.request().headers()['authorization'],
        body: route.request().postDataBuffer()?.toString('latin1') ?? '',
      });
      await route.continue();
    });
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/shareholder-requests/verify/${transfer.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Identity Verification' })).toBeVisible();
    await expect(
      page.getByText(`Your transfer request ${transfer.referenceNumber} needs a photo identity check`),
    ).toBeVisible();
    // A desktop too starts here: handing the link to a phone would make the phone sign in first.
    await expect(page.getByRole('button', { name: 'Copy Link for Mobile' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Start Verification' }).click();
    await expect(page.getByRole('heading', { level: 2, name: /Step 1 of 3: Selfie/ })).toBeFocused();
    await takeAllPhotos(page);
    expect(await storedPhotoCount(page)).toBe(3);

    await page.getByRole('button', { name: 'Submit Verification' }).click();
    const complete = page.getByRole('heading', { level: 1, name: 'Verification Complete' });
    await expect(complete).toBeVisible({ timeout: 20_000 });
    await expect(complete).toBeFocused();
    await expect(page.getByText(`for request ${transfer.referenceNumber}`)).toBeVisible();
    expect(await storedPhotoCount(page)).toBe(0);

    // Call 6, variant A: the portal's bearer token and the request id, no code.
    expect(uploads).toHaveLength(3);
    for (const upload of uploads) {
      expect(upload.authorization).toMatch(/^Bearer \S+$/);
      expect(upload.body).toContain(`name="requestId"\r\n\r\n${transfer.id}`);
      expect(upload.body).not.toContain('name="verificationCode"');
    }
    expect((await serverStatus(page.context(), transfer.code)).verificationComplete).toBe(true);

    // Back in the portal, still signed in: the banner checks again.
    await page.getByRole('button', { name: 'Return to Shareholder Portal' }).click();
    await expect(page.getByRole('heading', { level: 2, name: /^Welcome, / })).toBeVisible();
    await expect(bannerLine(page, transfer.referenceNumber)).toContainText('All three photos received');
    await expect(bannerLine(page, transfer.referenceNumber).getByRole('link')).toHaveCount(0);
  });

  test('another holder’s request is not available; an expired token or none goes back to the portal to sign in', async ({
    page,
    request,
  }) => {
    const theirs = await fileTransfer(request, DEMO_HOLDERS.marcus);
    await signInToPortal(page, DEMO_HOLDERS.trust);
    await page.goto(`/shareholder-requests/verify/${theirs.id}`);
    const title = page.getByRole('heading', { level: 1, name: 'Verification Not Available' });
    await expect(title).toBeVisible();
    await expect(title).toBeFocused();
    await expect(
      page.getByText('This request no longer needs identity photos, or it is not one of yours.'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Return to Shareholder Portal' }).click();
    await expect(page.getByRole('heading', { level: 2, name: /^Welcome, / })).toBeVisible();

    // A token the server no longer knows (as if the session had idled out): the portal starts over.
    await page.evaluate(() =>
      sessionStorage.setItem('shareholderPortalToken', 'expired-token-expired-token-expired-token'),
    );
    await page.goto(`/shareholder-requests/verify/${theirs.id}`);
    await expect(page).toHaveURL(/\/shareholder-requests$/);
    await expect(page.getByRole('button', { name: 'Access Portal' })).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('shareholderPortalToken'))).toBeNull();

    // No token at all: straight to the portal, without asking the server.
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('check-verification-status')) calls.push(r.url());
    });
    await page.goto(`/shareholder-requests/verify/${theirs.id}`);
    await expect(page).toHaveURL(/\/shareholder-requests$/);
    await expect(page.getByRole('button', { name: 'Access Portal' })).toBeVisible();
    expect(calls).toEqual([]);
  });
});

test.describe('verification from the signed-in portal on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, userAgent: IPHONE_UA, isMobile: true, hasTouch: true });

  test('a refused upload shows “Failed to upload documents” with a line per photo; Try Again sends them', async ({
    page,
    request,
  }) => {
    const transfer = await fileTransfer(request, DEMO_HOLDERS.trust);
    await signInToPortal(page, DEMO_HOLDERS.trust);
    const link = bannerLine(page, transfer.referenceNumber).getByRole('link', { name: /Take ID photos here/ });
    await expect(link).toBeVisible();
    await expectNoSideScroll(page);
    await link.click();
    await page.getByRole('button', { name: 'Start Verification' }).click();
    await takeAllPhotos(page);
    await expectNoSideScroll(page);

    let refuse = true;
    await page.route('**/api/shareholder-portal/upload-verification', async (route) => {
      if (refuse) await route.fulfill({ status: 500, contentType: 'text/plain', body: 'Internal Server Error' });
      else await route.continue();
    });
    await page.getByRole('button', { name: 'Submit Verification' }).click();
    const panel = page.getByRole('alert').filter({ hasText: VERIFICATION_MESSAGES.uploadFailed });
    await expect(panel.getByRole('heading', { level: 2, name: VERIFICATION_MESSAGES.uploadFailed })).toBeVisible();
    await expect(panel).toBeFocused();
    await expect(panel.getByRole('listitem')).toHaveText([
      'Selfie: Server error. Please wait a moment and try again.',
      'ID Front: Server error. Please wait a moment and try again.',
      'ID Back: Server error. Please wait a moment and try again.',
    ]);
    await expect(page.getByText('Upload failed:')).toHaveCount(0);
    expect(await storedPhotoCount(page)).toBe(3);

    refuse = false;
    await panel.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Verification Complete' })).toBeVisible({
      timeout: 20_000,
    });
    expect((await serverStatus(page.context(), transfer.code)).verificationComplete).toBe(true);
  });
});

test.describe('verification page accessibility', () => {
  // axe is injected as an inline script, which the CSP forbids: bypassed in this block only.
  test.use({ bypassCSP: true, viewport: { width: 375, height: 812 }, reducedMotion: 'reduce' });

  test('the hand-off, a step with an error, and the invalid screen have no serious or critical violation', async ({
    page,
    request,
  }) => {
    const code = await newVerificationCode(request);
    await page.goto(`/verify/${code}`);
    await expect(page.getByRole('heading', { level: 2, name: 'Continue on your phone' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Continue on this device' }).click();
    await expect(page.getByRole('button', { name: 'Take photo' })).toBeEnabled({ timeout: 15_000 });
    const small = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#7a8ca0' } })
      .png()
      .toBuffer();
    await pickFile(page, { name: 'small.png', mimeType: 'image/png', buffer: small });
    await expect(page.getByRole('alert')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // Keyboard: the step buttons and the file chooser are reachable with Tab, and focus is visible.
    await page.getByRole('button', { name: 'Take photo' }).focus();
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Upload a photo instead')).toBeFocused();

    await page.goto('/verify/NOSUCHCODE1234');
    await expect(page.getByRole('heading', { level: 1, name: 'Invalid Verification Code' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the portal’s banner link, its capture and its failure panel have none either', async ({ page, request }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const transfer = await fileTransfer(request, DEMO_HOLDERS.trust);
    await signInToPortal(page, DEMO_HOLDERS.trust);
    await expect(bannerLine(page, transfer.referenceNumber)).toContainText('0 of 3 photos received.');
    expect(await seriousViolations(page)).toEqual([]);

    // Keyboard: the banner's link is reachable and opens the capture.
    const link = bannerLine(page, transfer.referenceNumber).getByRole('link', { name: /Take ID photos here/ });
    await link.focus();
    await page.keyboard.press('Enter');
    const start = page.getByRole('button', { name: 'Start Verification' });
    await expect(start).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await start.click();
    await takeAllPhotos(page);
    await page.route('**/api/shareholder-portal/upload-verification', (route) =>
      route.fulfill({ status: 500, contentType: 'text/plain', body: 'Internal Server Error' }),
    );
    await page.getByRole('button', { name: 'Submit Verification' }).click();
    await expect(page.getByRole('alert').filter({ hasText: VERIFICATION_MESSAGES.uploadFailed })).toBeFocused();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
