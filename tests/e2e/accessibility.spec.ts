import { expect, test } from '@playwright/test';
import { seriousViolations, smallTargets } from './support/axe';

// The CSP forbids inline scripts, and axe is injected as one: in this file only, the CSP is bypassed.
test.use({ bypassCSP: true, serviceWorkers: 'block' });

const ROUTES = [
  '/',
  '/about',
  '/features',
  '/transfer-services',
  '/contact',
  '/privacy-policy',
  '/terms-of-service',
  '/cookie-policy',
];

for (const width of [1280, 375]) {
  test.describe(`axe at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 }, reducedMotion: 'reduce' });

    for (const route of ROUTES) {
      test(`${route} has no serious or critical violation`, async ({ page }) => {
        await page.goto(route);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        expect(await seriousViolations(page)).toEqual([]);
      });
    }

    // Every public page, the portal's sign-in and the wizard included (issue 29, item 6).
    for (const route of [...ROUTES, '/shareholder-requests', '/issuer-portal']) {
      test(`${route}: every tap target is at least 24 by 24 px`, async ({ page }) => {
        await page.goto(route);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        expect(await smallTargets(page)).toEqual([]);
      });
    }

    test('the contact form with errors and the open menu have no serious or critical violation', async ({ page }) => {
      await page.goto('/contact');
      await page.getByLabel('Full name').fill('A');
      await page.getByLabel('Full name').blur();
      if (width < 960) await page.getByRole('button', { name: 'Open menu' }).click();
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}
