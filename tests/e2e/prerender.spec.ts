import { expect, test, type Page } from '@playwright/test';

/** Each prerendered public page (web/src/app/prerender-pages.ts) and its headline. */
const PAGES = [
  ['/', 'Next Evolution in Modern Equity Management'],
  ['/about', 'Built by Transfer Agency Practitioners'],
  ['/features', 'Platform Features'],
  ['/transfer-services', 'Transfer Services'],
  ['/contact', 'Talk to Our Team'],
  ['/shareholder-requests', 'Shareholder Portal'],
  ['/issuer-portal', 'Become a Ledgerwell issuer client'],
  ['/privacy-policy', 'Privacy Policy'],
  ['/terms-of-service', 'Terms of Service'],
  ['/cookie-policy', 'Cookie Policy'],
] as const;

test.describe('prerendered pages without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the home page shows its headline, and a link leads to About with its own', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: PAGES[0][1] })).toBeVisible();
    await page.getByRole('navigation', { name: 'Quick links' }).getByRole('link', { name: 'About Us' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Built by Transfer Agency Practitioners' })).toBeVisible();
    await expect(page).toHaveTitle(/About/);
  });

  // Playwright turns script execution off but not the parser's scripting flag, so Chromium still reads
  // <noscript> as raw text here: the note is checked in the page's HTML, the form on screen.
  for (const [path, note] of [
    ['/contact', 'This form needs JavaScript.'],
    ['/shareholder-requests', 'Signing in to the portal needs JavaScript.'],
    ['/issuer-portal', 'The onboarding form needs JavaScript.'],
  ] as const) {
    test(`${path}: its form says that it needs JavaScript`, async ({ page }) => {
      const response = await page.goto(path);
      expect(await response?.text()).toContain(`<noscript><p class="notice notice--info">${note}`);
    });
  }

  test('/verify/{code} shows its frame before any script: header, heading and the link check', async ({ page }) => {
    await page.goto('/verify/ABC123');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Identity Verification' })).toBeVisible();
    await expect(page.getByRole('status', { name: 'Checking your verification link' })).toBeVisible();
  });

  test('the contact form is on the page', async ({ page }) => {
    await page.goto('/contact');
    await expect(page.getByRole('form', { name: 'Request a consultation' })).toBeVisible();
  });
});

/** Console errors and warnings that mention hydration (React 19: "Hydration failed…", "…hydrated but some attributes…"). */
// The production build reports a mismatch as a minified error: 418 (text or tree), 419 (a boundary the
// prerender could not finish), 421/422/423/425 (other hydration failures).
const HYDRATION_PROBLEM = /hydrat|Minified React error #(418|419|421|422|423|425)\b/i;

function watchHydration(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if ((message.type() === 'error' || message.type() === 'warning') && HYDRATION_PROBLEM.test(message.text()))
      problems.push(message.text());
  });
  page.on('pageerror', (error) => {
    if (HYDRATION_PROBLEM.test(error.message)) problems.push(error.message);
  });
  return problems;
}

test.describe('hydration', () => {
  for (const [path, headline] of PAGES) {
    test(`${path} hydrates without a mismatch`, async ({ page }) => {
      const problems = watchHydration(page);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: headline })).toBeVisible();
      // Hydrated: React has attached its handlers to the prerendered root.
      await expect
        .poll(() =>
          page.evaluate(() =>
            Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer')),
          ),
        )
        .toBe(true);
      // The page's lazy chunk has arrived and its part of the tree is hydrated too (a mismatch is reported then).
      await page.waitForLoadState('networkidle');
      expect(problems).toEqual([]);
    });
  }

  test('the portal hydrates as its first view when the tab holds a session, then checks it', async ({ page }) => {
    const problems = watchHydration(page);
    // A token this tab kept from earlier (expired): the HTML shows the first view, the tab knows more.
    await page.addInitScript(() => sessionStorage.setItem('shareholderPortalToken', 'expired-token'));
    await page.goto('/shareholder-requests');
    await expect(page.getByRole('button', { name: 'Access Portal' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => sessionStorage.getItem('shareholderPortalToken'))).toBeNull();
    expect(problems).toEqual([]);
  });

  test('a client-side link after hydration still renders the next page', async ({ page }) => {
    const problems = watchHydration(page);
    await page.goto('/about');
    await page.waitForLoadState('networkidle');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Features' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Platform Features' })).toBeVisible();
    expect(problems).toEqual([]);
  });
});

/**
 * Holds back every script of the app until `release` is called: the page shows its prerendered HTML
 * and nothing handles a click yet, as on a slow phone before its chunks arrive.
 */
async function holdScripts(page: Page) {
  let release = () => undefined as void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test.describe('before hydration', () => {
  // A phone's width: the menu toggle is hidden on a wide screen.
  test.use({ viewport: { width: 375, height: 812 } });
  // A control that needs React is disabled in the HTML (a click on it would be lost), and enabled
  // once the page is hydrated. Links need nothing: they are real <a href>.
  for (const [path, name] of [
    ['/shareholder-requests', 'Access Portal'],
    ['/shareholder-requests', 'Need Help'],
    ['/', 'Open menu'],
    ['/about', 'Open menu'],
  ] as const) {
    test(`${path}: "${name}" is disabled in the HTML and enabled once hydrated`, async ({ page, request }) => {
      const html = await (await request.get(path)).text();
      const button =
        html.match(new RegExp(`<button[^>]*>(?:(?!</button>)[\\s\\S])*${name}`))?.[0] ??
        html.match(new RegExp(`<button[^>]*aria-label="${name}"[^>]*>`))?.[0];
      expect(button, `a button "${name}" in the HTML of ${path}`).toBeDefined();
      expect(button).toMatch(/^<button[^>]* disabled=""/);
      await page.goto(path);
      await expect(page.getByRole('button', { name, exact: true })).toBeEnabled();
    });
  }

  test('/contact: the submit button is disabled in the HTML, and enabled by a complete form once hydrated', async ({
    page,
    request,
  }) => {
    const html = await (await request.get('/contact')).text();
    expect(html).toMatch(/<button type="submit"[^>]* disabled=""[^>]*>Complete Required Fields<\/button>/);
    await page.goto('/contact');
    await page.getByLabel('Full name').fill('Ada Lovelace');
    await page.getByLabel('Email').fill('ada@example.com');
    await page
      .getByLabel('How can we help?')
      .fill('We would like to move our shareholder registry to you next quarter.');
    await expect(page.getByRole('button', { name: 'Request Consultation' })).toBeEnabled();
  });

  test('a click on Access Portal made before the scripts arrive opens the code step once they do', async ({ page }) => {
    const release = await holdScripts(page);
    // Not 'domcontentloaded': that waits for the (held) module scripts.
    await page.goto('/shareholder-requests', { waitUntil: 'commit' });
    const access = page.getByRole('button', { name: 'Access Portal' });
    await expect(access).toBeVisible();
    await expect(access).toBeDisabled();
    // The visitor clicks now: Playwright waits for the button to be enabled, as the visitor's click
    // cannot go to a handler that is not there yet. Then the scripts arrive.
    const click = access.click();
    release();
    await click;
    await expect(page.getByRole('heading', { level: 2, name: /Step 1 of 2/ })).toBeVisible();
  });

  test('what is typed into the contact form before the scripts arrive is kept once they do', async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto('/contact', { waitUntil: 'commit' });
    await page.getByLabel('Full name').fill('Ada Lovelace');
    await page.getByLabel('Email').fill('ada@example.com');
    await page
      .getByLabel('How can we help?')
      .fill('We would like to move our shareholder registry to you next quarter.');
    await expect(page.getByRole('button', { name: 'Complete Required Fields' })).toBeDisabled();
    release();
    // Hydrated with the typed values: the form counts as complete, and still shows them.
    await expect(page.getByRole('button', { name: 'Request Consultation' })).toBeEnabled();
    await expect(page.getByLabel('Full name')).toHaveValue('Ada Lovelace');
  });

  test('a contact field filled and left before the scripts arrive shows its error once they do', async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto('/contact', { waitUntil: 'commit' });
    const name = page.getByLabel('Full name');
    await name.fill('A');
    await name.blur();
    release();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Name must be at least 2 characters')).toBeVisible();
  });

  test('on a phone, the menu toggle waits for the scripts, then opens the menu', async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto('/about', { waitUntil: 'commit' });
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await expect(toggle).toBeDisabled();
    const click = toggle.click();
    release();
    await click;
    await expect(
      page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Features' }),
    ).toBeVisible();
  });
});

test.describe('the entry waits for the first paint', () => {
  // A script requested before the first paint is on screen looks, to Lighthouse, like one the paint
  // waited for: it then counts the entry's download in LCP (web/public/start.js).
  for (const path of ['/', '/issuer-portal', '/verify/ABC123', '/admin/login']) {
    test(`${path}: no script is requested before the first contentful paint`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const timings = () =>
        page.evaluate(() => ({
          paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
          scripts: performance
            .getEntriesByType('resource')
            .filter((entry) => /\/assets\/[^/]+\.js$/.test(new URL(entry.name).pathname))
            .map((entry) => ({ url: new URL(entry.name).pathname, requested: entry.startTime })),
        }));
      await expect.poll(async () => (await timings()).scripts.length).toBeGreaterThan(0);
      const { paint, scripts } = await timings();
      expect(paint, 'the first contentful paint').toBeDefined();
      for (const script of scripts) expect(script.requested, script.url).toBeGreaterThan(paint ?? Infinity);
    });
  }
});

test.describe("when the app's scripts fail to load", () => {
  /** Aborts the entry script's first `failures` requests; counts the page's own loads. */
  async function failEntry(page: Page, path: string, failures: number) {
    const html = await (await page.request.get(path)).text();
    const entry = html.match(/<meta name="ledgerwell-entry" content="([^"]+)">/)?.[1];
    expect(entry, `the entry named in the HTML of ${path}`).toMatch(/^\/assets\/.+\.js$/);
    let failed = 0;
    await page.route(`**${entry}`, (route) => (failed++ < failures ? route.abort() : route.continue()));
    const loads: string[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest()) loads.push(new URL(request.url()).pathname);
    });
    return loads;
  }

  test('a page whose entry fails once reloads itself once and then works', async ({ page }) => {
    const loads = await failEntry(page, '/shareholder-requests', 1);
    await page.goto('/shareholder-requests');
    await expect(page.getByRole('button', { name: 'Access Portal' })).toBeEnabled();
    expect(loads).toEqual(['/shareholder-requests', '/shareholder-requests']);
    await expect(page.getByRole('alert')).toHaveCount(0);
    // The reload is spent only on a failure: a later one may reload again.
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
  });

  test('a page whose entry keeps failing reloads once, then tells the visitor', async ({ page }) => {
    const loads = await failEntry(page, '/contact', 99);
    await page.goto('/contact');
    await expect(page.getByRole('alert')).toContainText('could not load all of its parts');
    expect(loads).toEqual(['/contact', '/contact']);
    // Its text is still there, and the controls that need the scripts stay disabled.
    await expect(page.getByRole('heading', { level: 1, name: 'Talk to Our Team' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Complete Required Fields' })).toBeDisabled();
  });
});

test('offline, the service worker answers /about with its prerendered page', async ({ page, context }) => {
  await page.goto('/');
  await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  const precached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
  expect(precached).toEqual(expect.arrayContaining(['/about.html', '/contact.html', '/app-shell.html']));

  await context.setOffline(true);
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1, name: 'Built by Transfer Agency Practitioners' })).toBeVisible();
  expect(await page.locator('#root').getAttribute('data-prerendered')).toBe('');
  await context.setOffline(false);
});
