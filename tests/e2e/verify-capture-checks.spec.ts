import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { expect, test, type Page } from '@playwright/test';
// @ts-expect-error: plain ESM helper shared with run-all.ts
import { chromiumArgs, chromiumPath } from '../chromium.mjs';
import { photoLikeRgb, type PhotoLikeOptions } from './support/photo-like';
import { sampleFace } from './support/sample-face';
import { newVerificationCode } from './support/verification-code';

/** A camera-like 1600x1200 JPEG: a face above an ID card, as the options change it. */
async function photo(options: Partial<PhotoLikeOptions> = {}) {
  const size = { width: 1600, height: 1200 };
  const rgb = photoLikeRgb({ ...size, seed: 4, face: await sampleFace(), ...options });
  const buffer = await sharp(Buffer.from(rgb), { raw: { ...size, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
  return { name: 'photo.jpg', mimeType: 'image/jpeg', buffer };
}

// Chromium's own fake camera pattern (no file given): a green circle sweeping a grey frame, no face.
test.use({
  launchOptions: {
    executablePath: chromiumPath,
    args: [...chromiumArgs, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
  },
  permissions: ['camera'],
  viewport: { width: 1280, height: 800 },
});

/** The face detector's files (its chunk, model and WebAssembly) that the page has asked for so far. */
function detectorRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (/face-detect|tiny_face_detector|tfjs-backend-wasm/.test(request.url())) urls.push(request.url());
  });
  return urls;
}

test('a selfie without a face (Chromium’s fake camera pattern) is refused, in plain words', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  const detector = detectorRequests(page);
  const code = await newVerificationCode(request);
  await page.goto(`/verify/${code}`);
  await expect(page.getByRole('button', { name: 'Continue on this device' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // Loaded when the selfie step opens, not with the page.
  expect(detector).toEqual([]);
  await page.getByRole('button', { name: 'Continue on this device' }).click();
  await expect(page.getByRole('heading', { level: 2, name: /Step 1 of 3: Selfie/ })).toBeVisible();
  await expect.poll(() => detector.some((url) => url.includes('tiny_face_detector'))).toBe(true);
  const take = page.getByRole('button', { name: 'Take photo' });
  await expect(take).toBeEnabled({ timeout: 15_000 });
  // Some of the pattern's frames are dark enough to be refused as blank first: take another then. No
  // frame of it may pass.
  await expect(async () => {
    await expect(take).toBeEnabled();
    await take.click();
    await expect(page.getByRole('alert')).toContainText('We could not see a face in the selfie', { timeout: 8_000 });
  }).toPass({ timeout: 45_000 });
  await expect(page.getByRole('heading', { level: 2, name: /Step 1 of 3: Selfie/ })).toBeVisible();
  expect(violations).toEqual([]);
});

test('a group photo picked as the selfie is refused: more than one face', async ({ page, request }) => {
  const code = await newVerificationCode(request);
  await page.goto(`/verify/${code}`);
  await page.getByRole('button', { name: 'Continue on this device' }).click();
  // Three women side by side, a sample photo inside the face-api package.
  const group = path.resolve(import.meta.dirname, '../../web/node_modules/@vladmandic/face-api/demo/sample3.jpg');
  await page.getByLabel('Upload a photo instead').setInputFiles({
    name: 'group.jpg',
    mimeType: 'image/jpeg',
    buffer: fs.readFileSync(group),
  });
  await expect(page.getByRole('alert')).toContainText('More than one face is in the selfie', { timeout: 20_000 });
});

test('the ID photos: glare over most of the card, and a card too far away, are refused in plain words', async ({
  page,
  request,
}) => {
  const code = await newVerificationCode(request);
  await page.goto(`/verify/${code}`);
  await page.getByRole('button', { name: 'Continue on this device' }).click();
  const picker = page.getByLabel('Upload a photo instead');
  await picker.setInputFiles(await photo());
  await expect(page.getByRole('heading', { level: 2, name: /Step 2 of 3: ID Front/ })).toBeVisible({
    timeout: 20_000,
  });

  // A white patch over 70% of a card filling a third of the frame: 22% of the frame is blown out, under
  // the whole-frame limit (25%) that let it pass before, but the card's print is gone.
  await picker.setInputFiles(await photo({ cardWidth: 0.62, glare: 0.7 }));
  await expect(page.getByRole('alert')).toContainText('Move away from the light: glare covers part of your ID', {
    timeout: 20_000,
  });
  // The card a sixth of the frame: too far to read.
  await picker.setInputFiles(await photo({ cardWidth: 0.45 }));
  await expect(page.getByRole('alert')).toContainText('Move closer: your ID should fill most of the frame', {
    timeout: 20_000,
  });
  // The same card held close enough passes.
  await picker.setInputFiles(await photo());
  await expect(page.getByRole('heading', { level: 2, name: /Step 3 of 3: ID Back/ })).toBeVisible({
    timeout: 20_000,
  });
});
