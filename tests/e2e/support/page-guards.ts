import type { Page } from '@playwright/test';

/**
 * Records what a page must never do: a request to another origin (the proof-of-work widget and its
 * worker come from ours), and a Content-Security-Policy violation (reported on the console).
 * Call before the page loads anything; assert both lists empty at the end.
 */
export function guardPage(page: Page, origin: string): { foreign: string[]; violations: string[] } {
  const foreign: string[] = [];
  const violations: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (/^https?:$/.test(url.protocol) && url.origin !== origin) foreign.push(request.url());
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return { foreign, violations };
}
