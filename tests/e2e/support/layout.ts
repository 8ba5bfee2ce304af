import { expect, type Locator, type Page } from '@playwright/test';
import { axeViolations, seriousViolations, smallTargets } from './axe';

/** What a person can tap, click or reach with Tab (the same list `smallTargets` measures). */
const INTERACTIVE =
  'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [tabindex="0"]';

/**
 * What scrolls sideways: the page wider than the screen, or a box inside it wider than itself that is not a labelled
 * region the keyboard can reach (`role="region"`, a name, `tabindex="0"`), which is how a wide table may scroll.
 */
export async function sideScroll(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) found.push(`page ${root.scrollWidth} px wide on ${root.clientWidth} px`);
    for (const box of document.body.querySelectorAll<HTMLElement>('*')) {
      const overflow = getComputedStyle(box).overflowX;
      if ((overflow !== 'auto' && overflow !== 'scroll') || box.scrollWidth <= box.clientWidth + 1) continue;
      const labelled =
        box.getAttribute('role') === 'region' &&
        (box.hasAttribute('aria-label') || box.hasAttribute('aria-labelledby')) &&
        box.tabIndex === 0;
      if (!labelled)
        found.push(`${box.tagName.toLowerCase()}.${box.className} ${box.scrollWidth} px in ${box.clientWidth} px`);
    }
    return found;
  });
}

/**
 * Interactive elements that stick out of the screen sideways, or past an ancestor that clips what overflows it
 * (`overflow: hidden` or `clip`): a person cannot reach what is cut off. Each as "tag "text" left–right". An element
 * inside a scrolling region is measured against that region, which the person can scroll.
 */
export async function clippedTargets(page: Page): Promise<string[]> {
  return page.evaluate((selector) => {
    const clipped: string[] = [];
    for (const target of document.querySelectorAll<HTMLElement>(selector)) {
      const box = target.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || getComputedStyle(target).visibility === 'hidden') continue;
      // Visually hidden on purpose (a native radio under its drawn one): its label is what is tapped.
      if (box.width <= 1 && box.height <= 1) continue;
      let left = 0;
      let right = document.documentElement.clientWidth;
      for (let parent = target.parentElement; parent; parent = parent.parentElement) {
        const overflow = getComputedStyle(parent).overflowX;
        if (overflow === 'visible') continue;
        const frame = parent.getBoundingClientRect();
        if (overflow === 'auto' || overflow === 'scroll') {
          // Scrolled into view, the target must fit the region's width.
          left = frame.left - parent.scrollLeft;
          right = left + Math.max(parent.scrollWidth, frame.width);
          break;
        }
        left = Math.max(left, frame.left);
        right = Math.min(right, frame.right);
      }
      if (box.left >= left - 0.5 && box.right <= right + 0.5) continue;
      const text = (target.getAttribute('aria-label') ?? target.textContent ?? '').trim().slice(0, 40);
      clipped.push(`${target.tagName.toLowerCase()} "${text}" ${Math.round(box.left)}–${Math.round(box.right)}`);
    }
    return clipped;
  }, INTERACTIVE);
}

/**
 * Tabs from `start` (clicked first, as a person clicks beside a control, so Tab goes on from there) into `scope`
 * and through everything focusable inside it, at most `limit` stops: each stop must show a focus indicator (an outline at
 * least 2 px wide or a box shadow) and lie within the screen's width. Returns how many stops were made and the
 * stops that failed, each as "tag "text": why".
 */
export async function tabThrough(page: Page, scope: Locator, start: Locator, limit = 40) {
  await start.click();
  const scopeHandle = await scope.elementHandle();
  const problems: string[] = [];
  const seen = new Set<string>();
  let stops = 0;
  for (let i = 0; i < limit; i += 1) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate((region) => {
      const active = document.activeElement as HTMLElement | null;
      if (!active || !region?.contains(active) || active === region) return { outside: true as const };
      const style = getComputedStyle(active);
      const box = active.getBoundingClientRect();
      const outlined = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) >= 2;
      const shadowed = style.boxShadow !== 'none';
      const name = (active.getAttribute('aria-label') ?? active.textContent ?? active.id).trim().slice(0, 40);
      const why: string[] = [];
      if (!active.matches(':focus-visible')) why.push('not :focus-visible');
      if (!outlined && !shadowed) why.push('no outline or shadow');
      if (box.left < -0.5 || box.right > document.documentElement.clientWidth + 0.5) why.push('off screen');
      // Identity within this walk: its path in the document, so a focus that comes round again ends the walk.
      const path: number[] = [];
      for (let node: Element | null = active; node?.parentElement; node = node.parentElement)
        path.push(Array.prototype.indexOf.call(node.parentElement.children, node));
      return { outside: false as const, key: path.join('.'), label: `${active.tagName.toLowerCase()} "${name}"`, why };
    }, scopeHandle);
    // Tab may pass controls before the scope; once inside, leaving it (or coming round again) ends the walk.
    if (stop.outside) {
      if (stops > 0) break;
      continue;
    }
    if (seen.has(stop.key)) break;
    seen.add(stop.key);
    stops += 1;
    if (stop.why.length > 0) problems.push(`${stop.label}: ${stop.why.join(', ')}`);
  }
  return { stops, problems };
}

/**
 * Every check a step of a narrow-screen (or desktop) walk makes, on the page as it stands: nothing scrolls sideways,
 * no control is cut off, every target is at least 24×24 px, axe finds no serious violation, and Tab from `start` (by
 * default the scope's first heading) through `scope` shows the focus at every stop. `axe: 'every'` counts axe's
 * minor and moderate violations too. Soft: one run lists every problem of every step.
 */
export async function expectUsable(
  page: Page,
  step: string,
  scope: Locator,
  start: Locator = scope.getByRole('heading').first(),
  { axe = 'serious' }: { axe?: 'serious' | 'every' } = {},
): Promise<void> {
  expect.soft(await sideScroll(page), `${step}: scrolls sideways`).toEqual([]);
  expect.soft(await clippedTargets(page), `${step}: controls cut off`).toEqual([]);
  expect.soft(await smallTargets(page), `${step}: targets under 24×24 px`).toEqual([]);
  const violations = axe === 'every' ? await axeViolations(page) : await seriousViolations(page);
  expect.soft(violations, `${step}: axe`).toEqual([]);
  const focus = await tabThrough(page, scope, start);
  expect.soft(focus.stops, `${step}: Tab reaches nothing`).toBeGreaterThan(0);
  expect.soft(focus.problems, `${step}: focus not visible`).toEqual([]);
}
