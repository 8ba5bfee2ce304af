import axe from 'axe-core';
import { expect, type Page } from '@playwright/test';

interface AxeViolation {
  id: string;
  impact?: string | null;
  nodes: { target: unknown[] }[];
}

const DEFAULT_RULES = ['wcag2a', 'wcag2aa', 'best-practice'];

/**
 * axe-core (WCAG 2 A/AA and best practice, or the tags or rules in `runOnly`) on what is on screen: every violation,
 * one line each. axe is injected as an inline script, which the CSP forbids: a spec using this sets
 * `test.use({ bypassCSP: true })` for the tests that call it.
 */
export async function axeViolations(page: Page, runOnly: string[] = DEFAULT_RULES, impacts?: string[]) {
  await page.addScriptTag({ content: axe.source });
  const violations = await page.evaluate(async (only) => {
    const result = await (window as any).axe.run({ runOnly: only });
    return result.violations as AxeViolation[];
  }, runOnly);
  return violations
    .filter((v) => !impacts || impacts.includes(v.impact ?? ''))
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
}

/** The serious and critical violations only (axeViolations says how). */
export function seriousViolations(page: Page, runOnly: string[] = DEFAULT_RULES) {
  return axeViolations(page, runOnly, ['serious', 'critical']);
}

/**
 * WCAG 2.2 AA 2.5.8, Target Size (Minimum), held to its plain form (issue 29): every visible target at least 24 by 24
 * CSS px, with no appeal to spacing. The one exception is WCAG's own: a link inside a sentence, whose size the line
 * of text sets. Each offender as "tag "text" w×h".
 */
export async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const targets = document.querySelectorAll<HTMLElement>(
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [tabindex="0"]',
    );
    const small: string[] = [];
    for (const target of targets) {
      const box = target.getBoundingClientRect();
      const style = getComputedStyle(target);
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden') continue;
      // A checkbox or radio is tapped through its label too: the label is the target then.
      const label = (target as HTMLInputElement).labels?.[0];
      const area =
        label && /^(checkbox|radio)$/.test((target as HTMLInputElement).type) ? label.getBoundingClientRect() : box;
      if (area.width >= 24 && area.height >= 24) continue;
      // Inside a sentence: the block around the link holds more text than the link.
      const block = target.closest('p, li, dd, td, figcaption, label, address');
      const inSentence =
        target.tagName === 'A' &&
        style.display === 'inline' &&
        block !== null &&
        (block.textContent ?? '').trim().length > (target.textContent ?? '').trim().length + 1;
      if (inSentence) continue;
      const text = (target.getAttribute('aria-label') ?? target.textContent ?? '').trim().slice(0, 40);
      small.push(`${target.tagName.toLowerCase()} "${text}" ${Math.round(area.width)}×${Math.round(area.height)}`);
    }
    return small;
  });
}

/** Nothing wider than the screen (360 px unless told). */
export async function expectNoSideScroll(page: Page, width = 360) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}
