import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

const serviceWorkerFile = fileURLToPath(new URL('../../web/dist/sw.js', import.meta.url));

test.describe('PWA update', () => {
  test('a new version of the service worker offers a reload, and the reload brings it in', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).not.toBeNull();
    await expect(page.getByText('A new version is available.')).toHaveCount(0);

    const original = fs.readFileSync(serviceWorkerFile, 'utf8');
    try {
      // Any byte change makes the browser install the new worker; it then waits for consent.
      fs.writeFileSync(serviceWorkerFile, `${original}\n// release ${Date.now()}\n`);
      await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        await registration?.update();
      });
      await expect(page.getByText('A new version is available.')).toBeVisible();

      const reloaded = page.waitForEvent('framenavigated');
      await page.getByRole('button', { name: 'Reload' }).click();
      await reloaded;
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByText('A new version is available.')).toHaveCount(0);
      const waiting = await page.evaluate(
        async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null,
      );
      expect(waiting).toBeNull();
    } finally {
      fs.writeFileSync(serviceWorkerFile, original);
    }
  });
});
