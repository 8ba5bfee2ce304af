import { expect, test } from '@playwright/test';

// Fresh contexts without a service worker in the way, so page.route sees every request.
test.use({ serviceWorkers: 'block' });

test.describe('app shell', () => {
  test('every public route of the spec renders its page with one h1, header and footer', async ({ page }) => {
    const routes = [
      '/',
      '/about',
      '/features',
      '/transfer-services',
      '/shareholder-requests',
      '/contact',
      '/issuer-portal',
      '/verify/ABC123',
      '/privacy-policy',
      '/terms-of-service',
      '/cookie-policy',
    ];
    for (const route of routes) {
      await page.goto(route);
      await expect(page.getByRole('heading', { level: 1 }), route).toHaveCount(1);
      await expect(page.getByRole('contentinfo').getByText('v1.0.0807.0314'), route).toBeVisible();
      await expect(page.getByRole('contentinfo'), route).toContainText(String(new Date().getFullYear()));
    }
    await page.goto('/verify');
    await expect(page).toHaveURL(/\/$/);
  });

  test('the home page downloads no admin, portal, verification or onboarding code', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((s) => /admin|portal|shareholder|verify|issuer|onboarding/.test(s))).toEqual([]);
  });

  test("the portal's first view loads no sign-in code until the visitor reaches for Access Portal", async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/shareholder-requests');
    const access = page.getByRole('button', { name: 'Access Portal' });
    await expect(access).toBeEnabled();
    await page.waitForLoadState('networkidle');
    // The sign-in's chunk, its rules (zod) and the API client come later: evaluated on arrival, they
    // were the longest task of this page's load on a phone.
    const signInCode = /portal-sign-in|portal-auth|api-client|portal-dashboard/;
    expect(scripts.some((script) => script.includes('shareholder-requests'))).toBe(true);
    expect(scripts.filter((script) => signInCode.test(script))).toEqual([]);
    await access.hover();
    await expect.poll(() => scripts.some((script) => script.includes('portal-sign-in'))).toBe(true);
    await access.click();
    await expect(page.getByRole('heading', { level: 2, name: /Step 1 of 2/ })).toBeFocused();
  });

  test('the onboarding wizard opens and starts its session without loading zod', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    const started = page.waitForResponse((response) => response.url().endsWith('/api/issuer-onboarding/start'));
    await page.goto('/issuer-portal');
    await expect(page.getByRole('heading', { level: 3, name: /Step 1 of 5/ })).toBeVisible();
    expect((await started).ok()).toBe(true);
    await page.waitForLoadState('networkidle');
    // Its rules are zod-free and the API client loads zod only for a failed answer: evaluated at load,
    // zod was the longest task of this page on a phone (Lighthouse TBT).
    expect(scripts.some((script) => script.includes('wizard-shell'))).toBe(true);
    expect(scripts.filter((script) => /\/zod-/.test(script))).toEqual([]);
  });

  test('no page breaks its own Content-Security-Policy (zod builds its parsers without eval)', async ({ page }) => {
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) =>
        seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}`),
      );
    });
    for (const route of [
      '/',
      '/shareholder-requests',
      '/contact',
      '/issuer-portal',
      '/verify/ABC123',
      '/admin/login',
    ]) {
      await page.goto(route);
      await expect(page.getByRole('heading', { level: 1 }), route).toHaveCount(1);
      await page.waitForLoadState('networkidle');
      expect(
        await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
        route,
      ).toEqual([]);
    }
  });

  test('a route change scrolls back to the top', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => {
      document.body.style.minHeight = '5000px';
      window.scrollTo(0, 2000);
    });
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.getByRole('banner').getByRole('link', { name: 'Features' }).first().click();
    await expect(page).toHaveURL(/\/features$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('a render failure shows the Unexpected Application Error! screen', async ({ page }) => {
    await page.route('**/assets/staff/admin-area-*.js', (route) => route.abort());
    await page.goto('/admin/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Unexpected Application Error!' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible();
  });
});
