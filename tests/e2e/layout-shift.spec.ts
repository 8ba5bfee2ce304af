import { expect, test, type Page } from '@playwright/test';
import { MEASURED_PAGES, urlOf } from './support/measured-pages';
import { newVerificationCode } from './support/verification-code';

// Issue 19: no page may shift its layout while it loads (cumulative layout shift ≤ 0.01), measured
// as a phone sees it: 375 px wide, a first visit (no service worker, empty cache) over a slow
// network. On a fast local connection a lazy chunk can arrive before the first paint and hide a shift
// a phone would see (FACTS: it depends on timing), so the network is slowed like Lighthouse's mobile
// preset (150 ms round trip, 1.6 Mbit/s down).
test.use({ viewport: { width: 375, height: 812 }, serviceWorkers: 'block' });

const CLS_TARGET = 0.01;

interface Shift {
  value: number;
  hadRecentInput: boolean;
  /** The shifted elements: tag#id.class, with how far each moved up or down. */
  sources: string[];
}

/** Records every layout shift from the first paint on (buffered), before any script of the page runs. */
async function observeLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: Shift[] = [];
    (window as unknown as { __layoutShifts: Shift[] }).__layoutShifts = shifts;
    const name = (node: Node | null) => {
      if (!node) return '(a node since removed)';
      if (!(node instanceof Element)) return node.nodeName.toLowerCase();
      const classes = [...node.classList].map((c) => `.${c}`).join('');
      return `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}${classes}`;
    };
    type LayoutShiftEntry = PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as LayoutShiftEntry[]) {
        shifts.push({
          value: entry.value,
          hadRecentInput: entry.hadRecentInput,
          sources: entry.sources.map((s) => {
            // The rects are the parts in the viewport: empty when the element was, or went, off screen.
            if (!s.currentRect.height) return `${name(s.node)} (pushed out of view)`;
            if (!s.previousRect.height) return `${name(s.node)} (moved into view)`;
            const dy = Math.round(s.currentRect.y - s.previousRect.y);
            return `${name(s.node)} (${Math.abs(dy)} px ${dy < 0 ? 'up' : 'down'})`;
          }),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

async function slowNetwork(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
}

for (const name of MEASURED_PAGES) {
  test(`${name} does not shift its layout while it loads (CLS ≤ ${CLS_TARGET} at 375 px)`, async ({
    page,
    request,
  }) => {
    const url = await urlOf(name, () => newVerificationCode(request));
    await observeLayoutShifts(page);
    await slowNetwork(page);
    await page.goto(url);
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    // Down to the footer and back: whatever loads on the way (images, lazy parts) may shift too.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(300);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(300);

    const shifts = await page.evaluate(() => (window as unknown as { __layoutShifts: Shift[] }).__layoutShifts);
    // Shifts right after a tap or a key press are expected ones; nothing here gives input anyway.
    const counted = shifts.filter((s) => !s.hadRecentInput);
    const total = counted.reduce((sum, s) => sum + s.value, 0);
    const shifted = [...new Set(counted.flatMap((s) => s.sources))].join(', ') || 'none';
    expect(
      total,
      `${name}: cumulative layout shift ${total.toFixed(3)} (${counted.length} shifts); shifted: ${shifted}`,
    ).toBeLessThanOrEqual(CLS_TARGET);
  });
}
