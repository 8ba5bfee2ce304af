import axe from 'axe-core';
import { expect, test } from '@playwright/test';

// The CSP forbids inline scripts, and axe is injected as one: in this file only, the CSP is bypassed.
test.use({ bypassCSP: true, serviceWorkers: 'block' });

const ROUTES = ['/', '/about', '/features', '/transfer-services', '/contact', '/privacy-policy', '/terms-of-service', '/cookie-policy'];

interface AxeViolation {
  id: string;
  impact?: string | null;
  nodes: { target: unknown[] }[];
}

for (const width of [1280, 375]) {
  test.describe(`axe at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 }, reducedMotion: 'reduce' });

    for (const route of ROUTES) {
      test(`${route} has no serious or critical violation`, async ({ page }) => {
        await page.goto(route);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await page.addScriptTag({ content: axe.source });
        const violations = await page.evaluate(async () => {
          const result = await (window as any).axe.run({ runOnly: ['wcag2a', 'wcag2aa', 'best-practice'] });
          return result.violations as AxeViolation[];
        });
        const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
        const report = serious.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`).join('\n');
        expect(serious, report).toEqual([]);
      });
    }

    test('the contact form with errors and the open menu have no serious or critical violation', async ({ page }) => {
      await page.goto('/contact');
      await page.getByLabel('Full name').fill('A');
      await page.getByLabel('Full name').blur();
      if (width < 960) await page.getByRole('button', { name: 'Open menu' }).click();
      await page.addScriptTag({ content: axe.source });
      const violations = await page.evaluate(async () => {
        const result = await (window as any).axe.run({ runOnly: ['wcag2a', 'wcag2aa', 'best-practice'] });
        return result.violations as AxeViolation[];
      });
      const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious, serious.map((v) => `${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`).join('\n')).toEqual([]);
    });
  });
}
