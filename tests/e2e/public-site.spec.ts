import { expect, test, type Page } from '@playwright/test';
import { CONTACT_BUTTON_LABELS as LABELS, CONTACT_MESSAGES as M } from '../../shared/src/contact';

// No service worker in the way, so page.route sees every request.
test.use({ serviceWorkers: 'block' });

const HEADLINES: Record<string, string> = {
  '/': 'Next Evolution in Modern Equity Management',
  '/about': 'Built by Transfer Agency Practitioners',
  '/features': 'Platform Features',
  '/transfer-services': 'Transfer Services',
  '/contact': 'Talk to Our Team',
  '/privacy-policy': 'Privacy Policy',
  '/terms-of-service': 'Terms of Service',
  '/cookie-policy': 'Cookie Policy',
};

async function inViewport(page: Page, selector: string) {
  await expect(page.locator(selector)).toBeInViewport();
}

test.describe('public pages', () => {
  test('every public route renders its headline, title and description', async ({ page }) => {
    const titles = new Set<string>();
    for (const [route, headline] of Object.entries(HEADLINES)) {
      await page.goto(route);
      await expect(page.getByRole('heading', { level: 1 }), route).toHaveText(headline);
      await expect(page.getByRole('heading', { level: 1 }), route).toHaveCount(1);
      const title = await page.title();
      expect(title, route).toMatch(/\| Ledgerwell$/);
      titles.add(title);
      const description = await page.locator('meta[name="description"]').getAttribute('content');
      expect(description?.length ?? 0, route).toBeGreaterThan(40);
    }
    expect(titles.size).toBe(Object.keys(HEADLINES).length);
  });

  test('home shows the orbit badges, the sections and the calls to action', async ({ page }) => {
    await page.goto('/');
    for (const badge of [
      'Equity Management',
      'Shareholder Records',
      'DTC Connection',
      'Digital Ledger Tech',
      'Compliance Documentation',
    ]) {
      await expect(page.locator('.orbit__badge', { hasText: badge })).toHaveCount(1);
    }
    await expect(page.getByRole('heading', { level: 2, name: 'Supporting Companies at Every Stage' })).toBeVisible();
    for (const card of [
      'Reliable Transaction Records',
      'Direct DTC Access',
      'Process Automation',
      'A Complete Solution',
      'Professional-Grade Infrastructure',
      'Real Support Not Just Software',
      'Built to Grow With You',
    ]) {
      await expect(page.getByRole('heading', { level: 3, name: card })).toBeVisible();
    }
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'Schedule a Demo' }).first()).toHaveAttribute('href', '/contact');
    await expect(main.getByRole('link', { name: 'Explore All Features' })).toHaveAttribute('href', '/features');
    await main.getByRole('link', { name: 'Explore Features' }).first().click();
    await expect(page).toHaveURL(/\/features$/);
  });

  test('the orbit turns in 40 s on wide screens, 50 s on narrow ones, and stops for reduced motion', async ({
    page,
  }) => {
    const duration = () => page.locator('.orbit__track').evaluate((el) => getComputedStyle(el).animationDuration);
    const name = () => page.locator('.orbit__track').evaluate((el) => getComputedStyle(el).animationName);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    expect(await duration()).toBe('40s');
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await duration()).toBe('50s');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    expect(await name()).toBe('none');
  });

  test('legal pages carry their dates, and the terms their key clauses', async ({ page }) => {
    for (const route of ['/privacy-policy', '/terms-of-service', '/cookie-policy']) {
      await page.goto(route);
      await expect(page.getByRole('main'), route).toContainText('Effective March 1, 2025');
      await expect(page.getByRole('main'), route).toContainText('Updated June 15, 2025');
    }
    await page.goto('/terms-of-service');
    const main = page.getByRole('main');
    await expect(main).toContainText("30 days' notice");
    await expect(main).toContainText('12 months');
    await expect(main).toContainText('at least 18 years old');
  });

  test('contact page shows the address, e-mail, phone and two social links', async ({ page }) => {
    await page.goto('/contact');
    const main = page.getByRole('main');
    await expect(main.getByText('Irvine, CA 92612')).toBeVisible();
    await expect(main.getByRole('link', { name: 'info@ledgerwell.com' })).toHaveAttribute(
      'href',
      'mailto:info@ledgerwell.com',
    );
    await expect(main.getByRole('link', { name: '1-800-555-0148' })).toHaveAttribute('href', 'tel:+18005550148');
    await expect(main.getByRole('link', { name: /opens in a new tab/ })).toHaveCount(2);
  });

  test('footer has its sections, badge, version and year', async ({ page }) => {
    await page.goto('/about');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByText('SEC Compatible / DTCC Integrated')).toBeVisible();
    for (const name of [
      'Home',
      'About Us',
      'Features',
      'Transfer Services',
      'Shareholder Requests',
      'Issuer Portal',
      'Privacy Policy',
      'Terms of Service',
      'Cookie Policy',
    ]) {
      await expect(footer.getByRole('link', { name, exact: true }), name).toBeVisible();
    }
    await expect(footer.getByRole('link', { name: /opens in a new tab/ })).toHaveCount(2);
    await expect(footer.getByText('v1.0.0807.0314')).toBeVisible();
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Ledgerwell`);
  });
});

test.describe('in-page anchors', () => {
  for (const [route, anchor] of [
    ['/features', 'solutions'],
    ['/features', 'technology'],
    ['/transfer-services', 'service-types'],
    ['/transfer-services', 'processing'],
  ] as const) {
    test(`${route}#${anchor} scrolls to its section, and so does the in-page link`, async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 500 });
      await page.goto(`${route}#${anchor}`);
      await inViewport(page, `#${anchor} h2`);
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect(page.locator(`#${anchor} h2`)).not.toBeInViewport();
      await page.getByRole('navigation', { name: 'On this page' }).locator(`a[href="#${anchor}"]`).click();
      await inViewport(page, `#${anchor} h2`);
      // The sticky header does not cover the section's heading.
      const top = await page.locator(`#${anchor} h2`).evaluate((el) => el.getBoundingClientRect().top);
      expect(top).toBeGreaterThanOrEqual(80);
    });
  }
});

test.describe('narrow-screen menu', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('opens with focus inside, locks scrolling, and closes on Escape with focus back on the toggle', async ({
    page,
  }) => {
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await expect(menu).toBeHidden();

    await toggle.click();
    await expect(menu).toBeVisible();
    for (const name of ['Features', 'Transfer Services', 'Shareholder Portal', 'Issuer Portal', 'Contact Us']) {
      await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(page.locator('#mobile-menu').getByText('Call us at')).toBeVisible();
    await expect(page.locator('#mobile-menu').getByRole('link', { name: /^Call Ledgerwell/ })).toHaveAttribute(
      'href',
      /^tel:/,
    );
    await expect(page.locator('#mobile-menu').getByRole('link', { name: /^E-mail Ledgerwell/ })).toHaveAttribute(
      'href',
      /^mailto:/,
    );
    await expect(menu.getByRole('link', { name: 'Features' })).toBeFocused();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');

    // Scrolling is locked.
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');
    const before = await page.evaluate(() => window.scrollY);
    await page.mouse.move(180, 700);
    await page.mouse.wheel(0, 800);
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => window.scrollY)).toBe(before);

    // Overlay below the 80 px header; menu at most 85% of the viewport.
    const overlay = page.getByTestId('menu-overlay');
    expect((await overlay.boundingBox())?.y).toBe(80);
    expect(await overlay.evaluate((el) => getComputedStyle(el).transitionDuration)).toContain('0.3s');
    const menuHeight = await page.locator('#mobile-menu').evaluate((el) => getComputedStyle(el).maxHeight);
    expect(parseFloat(menuHeight)).toBeCloseTo(740 * 0.85, 0);

    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe('hidden');
  });

  test('closes on an overlay click and on the close button', async ({ page }) => {
    await page.goto('/about');
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(menu).toBeVisible();
    await page.mouse.click(187, 730);
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(menu).toBeVisible();
    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect(menu).toBeHidden();
  });

  test('opened far down the page, the header stays in view and closing leaves the page where it was (issue 29, item 3)', async ({
    page,
  }) => {
    await page.goto('/about');
    // Scrolled only once the page is live: while the prerendered page hydrates it can briefly be shorter, and the
    // browser would clamp the position before the menu is ever touched.
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeEnabled();
    await page.evaluate(() => window.scrollTo(0, 1200));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    const scrolled = await page.evaluate(() => window.scrollY);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
    // The header, its logo and the close button, on screen above the menu.
    expect((await page.getByRole('banner').boundingBox())?.y).toBe(0);
    await expect(page.getByRole('button', { name: 'Close menu' })).toBeInViewport();
    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeHidden();
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  });

  test('a link navigates and closes the menu', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Transfer Services' }).click();
    await expect(page).toHaveURL(/\/transfer-services$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Transfer Services' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeHidden();
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe('hidden');
  });
});

const VALID = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  company: 'Analytical Engines Inc.',
  phone: '+1 (555) 010-2000',
  message: 'We would like a demo of the platform for our cap table.',
};

async function fillValid(page: Page) {
  await page.getByLabel('Full name').fill(VALID.name);
  await page.getByLabel('Email').fill(VALID.email);
  await page.getByLabel('Company').fill(VALID.company);
  await page.getByLabel('Phone').fill(VALID.phone);
  await page.getByLabel('How can we help?').fill(VALID.message);
}

test.describe('contact form', () => {
  test('from empty to Thank You: labels, errors after blur only, payload, cleared form', async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let payload: unknown;
    await page.route('**/api/contact', async (route) => {
      payload = route.request().postDataJSON();
      await held;
      await route.fulfill({ status: 201, json: { success: true, message: 'Received', id: 'c-1' } });
    });
    await page.goto('/contact');
    const button = page.getByRole('button', { name: LABELS.invalid });
    await expect(button).toBeDisabled();

    const name = page.getByLabel('Full name');
    await name.fill('A');
    // Not touched yet: no error.
    await expect(page.getByText(M.nameTooShort)).toHaveCount(0);
    await name.blur();
    await expect(page.getByText(M.nameTooShort)).toBeVisible();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toHaveAccessibleDescription(M.nameTooShort);
    await name.fill('');
    await expect(page.getByText(M.nameRequired)).toBeVisible();

    const email = page.getByLabel('Email');
    await email.fill('ada@example');
    await email.blur();
    await expect(page.getByText(M.emailInvalid)).toBeVisible();

    const phone = page.getByLabel('Phone');
    await phone.fill('12345');
    await phone.blur();
    await expect(page.getByText(M.phoneInvalid)).toBeVisible();

    const message = page.getByLabel('How can we help?');
    await message.fill('too short');
    await message.blur();
    await expect(page.getByText(M.messageTooShort)).toBeVisible();
    await message.fill('');
    await expect(page.getByText(M.messageRequired)).toBeVisible();

    await fillValid(page);
    for (const text of [M.nameRequired, M.emailInvalid, M.phoneInvalid, M.messageRequired])
      await expect(page.getByText(text)).toHaveCount(0);
    await expect(name).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('.field--valid')).toHaveCount(5);
    const submit = page.getByRole('button', { name: LABELS.valid });
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(page.getByRole('button', { name: LABELS.submitting })).toBeDisabled();
    release();

    const panel = page.getByRole('status').filter({ hasText: 'Thank You' });
    await expect(panel).toBeVisible();
    await expect(panel).toContainText(M.success);
    await expect(panel).toBeFocused();
    expect(payload).toEqual(VALID);
    for (const label of ['Full name', 'Email', 'Company', 'Phone', 'How can we help?'])
      await expect(page.getByLabel(label)).toHaveValue('');
    await expect(page.getByRole('button', { name: LABELS.invalid })).toBeDisabled();
    // Touched flags were reset: no errors on the empty form.
    await expect(page.locator('.field__error')).toHaveCount(0);
  });

  test('207 shows the partial-success panel and clears the form', async ({ page }) => {
    await page.route('**/api/contact', (route) =>
      route.fulfill({ status: 207, json: { success: true, message: 'Stored', id: 'c-2' } }),
    );
    await page.goto('/contact');
    await fillValid(page);
    await page.getByRole('button', { name: LABELS.valid }).click();
    await expect(page.getByRole('status')).toContainText(M.partialSuccess);
    await expect(page.getByLabel('Full name')).toHaveValue('');
  });

  test('400 shows the server field errors and a Submission Error panel', async ({ page }) => {
    await page.route('**/api/contact', (route) =>
      route.fulfill({
        status: 400,
        json: {
          success: false,
          code: 'VALIDATION_ERROR',
          message: 'Please check the highlighted fields',
          errors: { email: 'This address cannot receive mail' },
        },
      }),
    );
    await page.goto('/contact');
    await fillValid(page);
    await page.getByRole('button', { name: LABELS.valid }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Submission Error');
    await expect(alert).toContainText('Please check the highlighted fields');
    await expect(alert).toContainText(M.unableToSubmit);
    await expect(page.getByText('This address cannot receive mail')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    // The form keeps what was typed.
    await expect(page.getByLabel('Full name')).toHaveValue(VALID.name);
  });

  test('429 and 500 show the server message, or the fallback without one', async ({ page }) => {
    let answer = { status: 429, json: { success: false, code: 'RATE_LIMITED', message: M.tooMany } as unknown };
    await page.route('**/api/contact', (route) => route.fulfill(answer));
    await page.goto('/contact');
    await fillValid(page);
    await page.getByRole('button', { name: LABELS.valid }).click();
    await expect(page.getByRole('alert')).toContainText(M.tooMany);
    await expect(page.getByRole('alert')).toContainText(M.unableToSubmit);

    answer = { status: 500, json: 'not our error shape' };
    await page.getByRole('button', { name: LABELS.valid }).click();
    await expect(page.getByRole('alert')).toContainText(M.failed);
    await expect(page.getByRole('alert')).toContainText(M.unableToSubmit);
  });

  test('a network failure shows the unexpected-error message', async ({ page }) => {
    await page.route('**/api/contact', (route) => route.abort('internetdisconnected'));
    await page.goto('/contact');
    await fillValid(page);
    await page.getByRole('button', { name: LABELS.valid }).click();
    await expect(page.getByRole('alert')).toContainText(M.unexpected);
  });

  test('a real submission reaches the server and shows Thank You', async ({ page }) => {
    await page.goto('/contact');
    await fillValid(page);
    await page.getByRole('button', { name: LABELS.valid }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Thank You' })).toContainText(M.success);
    await expect(page.getByLabel('How can we help?')).toHaveValue('');
  });
});
