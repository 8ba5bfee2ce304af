import axe from 'axe-core';
import { expect, type Page } from '@playwright/test';

interface AxeViolation {
  id: string;
  impact?: string | null;
  nodes: { target: unknown[] }[];
}

/**
 * axe-core (WCAG 2 A/AA and best practice) on what is on screen: the serious and critical
 * violations, one line each. axe is injected as an inline script, which the CSP forbids: a spec
 * using this sets `test.use({ bypassCSP: true })` for the tests that call it.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: axe.source });
  const violations = await page.evaluate(async () => {
    const result = await (window as any).axe.run({ runOnly: ['wcag2a', 'wcag2aa', 'best-practice'] });
    return result.violations as AxeViolation[];
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
}

/** Nothing wider than the screen (360 px unless told). */
export async function expectNoSideScroll(page: Page, width = 360) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}
