import { expect, test } from '@playwright/test';
// @ts-expect-error: plain ESM helper shared with run-all.ts
import { chromiumArgs, chromiumPath } from '../chromium.mjs';
import { newVerificationCode } from './support/verification-code';

// Chromium's own fake camera pattern (no file given): a green circle sweeping a grey frame, no face.
test.use({
  launchOptions: {
    executablePath: chromiumPath,
    args: [...chromiumArgs, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
  },
  permissions: ['camera'],
  viewport: { width: 1280, height: 800 },
});

test('a selfie without a face (Chromium’s fake camera pattern) is refused, in plain words', async ({
  page,
  request,
}) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  const code = await newVerificationCode(request);
  await page.goto(`/verify/${code}`);
  await page.getByRole('button', { name: 'Continue on this device' }).click();
  await expect(page.getByRole('heading', { level: 2, name: /Step 1 of 3: Selfie/ })).toBeVisible();
  const take = page.getByRole('button', { name: 'Take photo' });
  await expect(take).toBeEnabled({ timeout: 15_000 });
  await take.click();
  await expect(page.getByRole('alert')).toContainText('We could not see a face in the selfie', { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 2, name: /Step 1 of 3: Selfie/ })).toBeVisible();
  expect(violations).toEqual([]);
});
