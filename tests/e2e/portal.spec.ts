import { expect, test, type Locator, type Page } from '@playwright/test';
import { PORTAL_AUTH_MESSAGES as AUTH } from '../../shared/src/portal-auth';
import { REQUEST_MESSAGES as M } from '../../shared/src/portal-requests';
import { seriousViolations } from './support/axe';
import { openCodeEntry, signInToPortal } from './support/portal-helpers';

// The demo registry (DEMO_DATA=1, api/src/features/registry/demo-registry.ts). The database is shared
// by every spec and test: no list is assumed empty, each check looks for its own reference number.
const DANA = { code: 'DEMO01', account: '100200300' } as const; // 1,500 shares
const MARCUS = { code: 'DEMO02', account: '200300400' } as const; // 12,000 shares
const TRUST = { code: 'DEMO03', account: '300400500' } as const; // 44,000 shares on certificates after the demo ledger's sale

test.use({ viewport: { width: 375, height: 812 }, serviceWorkers: 'block' });

async function openForm(page: Page, type: string) {
  await page.getByRole('button', { name: type, exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: type })).toBeVisible();
  return page.getByRole('form', { name: type });
}

/** Submits, waits for the success banner and returns the reference number it shows. */
async function submitAndReadReference(page: Page, form: Locator, pattern: RegExp): Promise<string> {
  await form.getByRole('button', { name: 'Submit Request' }).click();
  const banner = page.getByRole('status').filter({ hasText: 'Request submitted' });
  await expect(banner).toBeVisible();
  // A banner from an earlier request may still be up: wait for this request's reference.
  await expect(banner).toContainText(pattern);
  await expect(banner).toContainText('We will process it in 2-3 business days and send you a confirmation e-mail.');
  const reference = (await banner.textContent())?.match(pattern)?.[0];
  expect(reference, 'reference number in the banner').toBeTruthy();
  expect(await page.evaluate(() => sessionStorage.getItem('lastReferenceNumber'))).toBe(reference);
  // The form has closed: the request types are back.
  await expect(page.getByRole('heading', { level: 2, name: 'What would you like to do?' })).toBeVisible();
  return reference!;
}

/** Files a DWAC transfer of 250 shares from the signed-in portal; the app goes on to /verify. */
async function submitDwacTransfer(page: Page) {
  const form = await openForm(page, 'Transfer Request');
  await form.getByLabel('Transfer type').selectOption('dwac');
  await form.getByLabel('Receiving firm name').fill('Example Securities LLC');
  await form.getByLabel('DTC number (optional)').fill('0123');
  await form.getByLabel('Receiving account number').fill('ACCT-77');
  await form.getByLabel('Account registration name').fill('Bell Family Trust');
  await form.getByLabel('Number of shares').fill('250');
  await form.getByLabel('Your tax ID', { exact: true }).fill('12-3456789');
  await form.getByLabel('Preferred contact (email or phone)').fill('trustee@example.com');
  await form.getByRole('button', { name: 'Submit Request' }).click();
}

/** The holding card is on screen and starts below the sticky header (not under it). */
async function expectHoldingCardInView(page: Page) {
  const card = page.getByRole('region', { name: /^Welcome, / });
  await expect(card).toBeInViewport();
  await expect
    .poll(async () => {
      const header = await page.locator('.site-header').boundingBox();
      const box = await card.boundingBox();
      return box && header ? Math.round(box.y - (header.y + header.height)) : -1;
    })
    .toBeGreaterThanOrEqual(0);
}

async function expectInMyRequests(page: Page, reference: string, type: string, status: string) {
  const item = page.getByRole('region', { name: 'Your requests' }).getByRole('listitem').filter({ hasText: reference });
  await expect(item).toHaveCount(1);
  await expect(item).toContainText(type);
  await expect(item).toContainText(status);
  await expect(item).toContainText(
    new Date().toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' }),
  );
}

test.describe('shareholder portal', () => {
  test('the hero leads to code entry, and Need Help to the support section', async ({ page }) => {
    await page.goto('/shareholder-requests');
    await expect(page.getByRole('heading', { level: 1, name: 'Shareholder Portal' })).toBeVisible();
    await expect(page.getByText('Secure Portal', { exact: true })).toBeVisible();
    await expect(page).toHaveTitle('Shareholder Portal | Ledgerwell');

    await page.getByRole('button', { name: 'Need Help' }).click();
    const support = page.getByRole('heading', { level: 2, name: 'Need help with the portal?' });
    await expect(support).toBeFocused();
    await expect(support).toBeInViewport();
    const region = page.getByRole('region', { name: 'Need help with the portal?' });
    await expect(region.getByRole('link', { name: '1-800-555-0148' })).toHaveAttribute('href', 'tel:+18005550148');
    await expect(region.getByRole('link', { name: 'info@ledgerwell.com' })).toHaveAttribute(
      'href',
      'mailto:info@ledgerwell.com',
    );
    await expect(region).toContainText('We reply within one business day.');
    await expect(page.getByRole('main').getByRole('link', { name: 'Contact Us', exact: true })).toHaveAttribute(
      'href',
      '/contact',
    );

    await page.getByRole('button', { name: 'Access Portal' }).click();
    await expect(page.getByRole('heading', { level: 2, name: /Step 1 of 2/ })).toBeFocused();
    await expect(page.getByRole('main').getByRole('link', { name: 'Contact us', exact: true })).toHaveAttribute(
      'href',
      '/contact',
    );
  });

  test('a malformed or unknown shareholder code is refused with the spec messages', async ({ page }) => {
    await openCodeEntry(page);
    const continueButton = page.getByRole('button', { name: 'Continue' });
    await expect(continueButton).toBeDisabled();

    const field = page.getByLabel('Shareholder code');
    await field.fill('ab');
    await continueButton.click();
    await expect(page.getByText(AUTH.codeFormat)).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toBeFocused();

    await field.fill('NOPE99');
    await expect(page.getByText(AUTH.codeFormat)).toHaveCount(0);
    await continueButton.click();
    await expect(page.getByText('Invalid shareholder code', { exact: true })).toBeVisible();
    await expect(field).toHaveAccessibleDescription('Invalid shareholder code');
    await expect(page.getByRole('heading', { level: 2, name: /Step 1 of 2/ })).toBeVisible();
  });

  test('the code is case-insensitive; a wrong account number is refused; Back returns to the code', async ({
    page,
  }) => {
    await openCodeEntry(page);
    await page.getByLabel('Shareholder code').fill('demo01');
    await page.getByRole('button', { name: 'Continue' }).click();
    const step2 = page.getByRole('heading', { level: 2, name: /Step 2 of 2/ });
    await expect(step2).toBeVisible();
    await expect(step2).toBeFocused();

    await page.getByLabel('Statement account number').fill('999999999');
    await page.getByRole('button', { name: 'Verify Account' }).click();
    await expect(page.getByText('Invalid account number', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Statement account number')).toBeFocused();

    await page.getByRole('button', { name: 'Back to shareholder code' }).click();
    await expect(page.getByRole('heading', { level: 2, name: /Step 1 of 2/ })).toBeVisible();
    await expect(page.getByLabel('Shareholder code')).toHaveValue('demo01');

    // The account error was cleared: going forward again shows the step without it.
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(step2).toBeVisible();
    await expect(page.getByText('Invalid account number', { exact: true })).toHaveCount(0);
  });

  test('signed in, sends an address change, a certificate request and an inquiry', async ({ page }) => {
    await signInToPortal(page, DANA);
    const account = page.getByRole('region', { name: 'Welcome, Dana Whitfield' });
    await expect(account).toContainText('Acme Robotics Inc.');
    await expect(account).toContainText('Common');
    await expect(account).toContainText('1,500');
    for (const type of ['Transfer Request', 'Address Change', 'Certificate Request', 'General Inquiry']) {
      await expect(page.getByRole('button', { name: type, exact: true })).toBeVisible();
    }

    let form = await openForm(page, 'Address Change');
    await form.getByLabel('Street address').fill('9 Oak Ave');
    await form.getByLabel('City').fill('Fresno');
    await form.getByLabel('State').selectOption('CA');
    await form.getByLabel('ZIP code').fill('93721');
    const address = await submitAndReadReference(page, form, /AC-\d{4}-\d{6}/);
    await expectInMyRequests(page, address, 'Address Change', 'Pending');

    form = await openForm(page, 'Certificate Request');
    await form.getByLabel('Reason for the certificate').selectOption('replacement');
    await form.getByLabel('Delivery method').selectOption({ label: 'Certified mail (5-7 days)' });
    await form.getByLabel('Preferred contact (email or phone)').fill('555 010 2000');
    await form.getByLabel('Preferred contact (email or phone)').blur();
    await expect(form.getByLabel('Preferred contact (email or phone)')).toHaveValue('(555) 010-2000');
    const certificate = await submitAndReadReference(page, form, /CR-\d{4}-\d{6}/);
    await expectInMyRequests(page, certificate, 'Certificate Request', 'Pending');

    form = await openForm(page, 'General Inquiry');
    await form.getByLabel('Your message').fill('When is the next dividend paid?');
    const inquiry = await submitAndReadReference(page, form, /IQ-\d{4}-\d{6}/);
    await expectInMyRequests(page, inquiry, 'General Inquiry', 'Pending');

    await page.getByRole('button', { name: 'Dismiss' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Request submitted' })).toHaveCount(0);
  });

  test('an empty transfer shows every inline error; shares format as typed; ALL when ticked', async ({ page }) => {
    await signInToPortal(page, MARCUS);
    const form = await openForm(page, 'Transfer Request');
    await form.getByRole('button', { name: 'Submit Request' }).click();

    for (const message of [
      M.transferTypeRequired,
      M.firmNameRequired,
      M.receivingAccountRequired,
      M.receivingAccountNameRequired,
      M.sharesRequired,
      M.taxIdRequired,
      M.contactRequired,
    ]) {
      await expect(form.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(form.getByRole('alert')).toContainText('Please correct the highlighted fields.');
    await expect(form.getByLabel('Your tax ID', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    // 100 ms later the first invalid field has the focus.
    await expect(form.getByLabel('Transfer type')).toBeFocused();

    const shares = form.getByLabel('Number of shares');
    await shares.fill('12345');
    await expect(shares).toHaveValue('12,345');
    await shares.blur();
    await expect(form.getByText(M.sharesAboveHoldings)).toBeVisible();
    await shares.fill('1,2a00');
    await expect(shares).toHaveValue('1,200');
    await expect(form.getByText(M.sharesAboveHoldings)).toHaveCount(0);

    await form.getByLabel('Transfer all shares').check();
    await expect(shares).toHaveValue('ALL');
    await expect(shares).toBeDisabled();
    await form.getByLabel('Transfer all shares').uncheck();
    await expect(shares).toHaveValue('');
    await expect(shares).toBeEnabled();

    const contact = form.getByLabel('Preferred contact (email or phone)');
    await contact.fill('not a contact');
    await contact.blur();
    await expect(form.getByText(M.invalidContact)).toBeVisible();
    await contact.fill('marcus@example.com');
    await expect(form.getByText(M.invalidContact)).toHaveCount(0);

    await expect(form.getByLabel('Your tax ID', { exact: true })).toHaveAttribute('maxlength', '15');
    await expect(form.getByText('Your SSN or EIN, as the registered holder of these shares')).toBeVisible();
    await expect(form.getByLabel('DTC number (optional)')).toHaveAttribute('maxlength', '4');

    // The values outlast Back to Request Types.
    await form.getByLabel('Receiving firm name').fill('Example Securities LLC');
    await page.getByRole('button', { name: 'Back to Request Types' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'What would you like to do?' })).toBeFocused();
    const again = await openForm(page, 'Transfer Request');
    await expect(again.getByLabel('Receiving firm name')).toHaveValue('Example Securities LLC');
  });

  test('a private sale asks for the buyer instead of the firm and totals the price as typed', async ({ page }) => {
    await signInToPortal(page, TRUST);
    const form = await openForm(page, 'Transfer Request');
    await form.getByLabel('Transfer type').selectOption('sale');
    await expect(form.getByLabel('Receiving firm name')).toHaveCount(0);
    await expect(form.getByRole('group', { name: 'Buyer', exact: true })).toBeVisible();
    await expect(form.getByLabel('Buyer country')).toHaveValue('United States');

    await form.getByLabel('Individual').check();
    await expect(form.getByLabel('First name')).toBeVisible();
    await form.getByLabel('Entity (company, trust or fund)').check();
    await expect(form.getByLabel('Entity name')).toBeVisible();
    await expect(form.getByLabel('First name')).toHaveCount(0);

    await form.getByLabel('Number of shares').fill('1000');
    await form.getByLabel('Price per share (USD)').fill('12.50');
    await expect(form.getByText('Total: $12,500.00')).toBeVisible();
    // All 44,000 shares the trust holds on the ledger since the demo data's sale.
    await form.getByLabel('Transfer all shares').check();
    await expect(form.getByText('Total: $550,000.00')).toBeVisible();

    await form.getByRole('button', { name: 'Submit Request' }).click();
    for (const message of [M.buyerEmailInvalid, M.buyerTaxIdRequired, M.buyerEntityNameRequired, M.taxIdRequired]) {
      await expect(form.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(form.getByText(M.firmNameRequired)).toHaveCount(0);
    // The seller's own tax ID is named as the seller's, apart from the buyer's (issue 29, item 5).
    await expect(form.getByLabel("Seller's tax ID (yours)", { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByLabel('Tax ID', { exact: true })).toHaveCount(0);
  });

  test('a DWAC transfer goes to identity verification and the portal then asks for the photo ID', async ({ page }) => {
    await signInToPortal(page, TRUST);
    await submitDwacTransfer(page);

    await expect(page).toHaveURL(/\/verify\/[A-Z0-9]+$/i);
    const verifyPath = new URL(page.url()).pathname;
    const reference = await page.evaluate(() => sessionStorage.getItem('lastReferenceNumber'));
    expect(reference).toMatch(/^TR-\d{4}-\d{6}$/);

    // Back in the portal, still signed in: the transfer waits for the photo ID.
    await page.goto('/shareholder-requests');
    await expect(page.getByRole('heading', { level: 2, name: /^Welcome, / })).toBeVisible();
    const banner = page.getByRole('region', { name: 'Identity verification required' });
    const line = banner.getByRole('listitem').filter({ hasText: reference! });
    // Where it stands, from check-verification-status (bearer and X-CSRF-Token), and the way back to it.
    await expect(line).toContainText('0 of 3 photos received.');
    await expect(line.getByRole('link', { name: 'Continue verification' })).toHaveAttribute('href', verifyPath);
    await expectInMyRequests(page, reference!, 'Transfer Request', 'Awaiting verification');
  });

  test('after sign-in the holding card starts below the sticky header, and Back from /verify returns to it (issue 29, item 5)', async ({
    page,
  }) => {
    await signInToPortal(page, TRUST);
    await expectHoldingCardInView(page);

    await submitDwacTransfer(page);
    await expect(page).toHaveURL(/\/verify\/[A-Z0-9]+$/i);
    await expect(page.getByRole('heading', { level: 1, name: 'Identity Verification' })).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.goBack();
    await expect(page).toHaveURL(/\/shareholder-requests$/);
    await expectHoldingCardInView(page);
  });

  test('a reload keeps the session; Logout ends it and a reload stays signed out', async ({ page }) => {
    await signInToPortal(page, MARCUS);
    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: 'Welcome, Marcus Bell' })).toBeVisible();

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByRole('button', { name: 'Access Portal' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Shareholder Portal' })).toBeFocused();
    expect(await page.evaluate(() => sessionStorage.getItem('shareholderPortalToken'))).toBeNull();

    await page.reload();
    await expect(page.getByRole('button', { name: 'Access Portal' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: /^Welcome, / })).toHaveCount(0);
  });

  test('Use Different Code starts over from the hero', async ({ page }) => {
    await signInToPortal(page, MARCUS);
    await page.getByRole('button', { name: 'Use Different Code' }).click();
    await expect(page.getByRole('button', { name: 'Access Portal' })).toBeVisible();
    await page.getByRole('button', { name: 'Access Portal' }).click();
    await expect(page.getByLabel('Shareholder code')).toHaveValue('');
  });

  test('a call answered 401 sends the holder back to code entry with the session-expired message', async ({ page }) => {
    await signInToPortal(page, MARCUS);
    const form = await openForm(page, 'General Inquiry');
    // Another token than the server knows: as if the session had idled out.
    await page.evaluate(() =>
      sessionStorage.setItem('shareholderPortalToken', 'expired-token-expired-token-expired-token'),
    );
    await form.getByLabel('Your message').fill('Is my dividend reinvested?');
    await form.getByRole('button', { name: 'Submit Request' }).click();
    await expect(page.getByRole('heading', { level: 2, name: /Step 1 of 2/ })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText(AUTH.sessionExpired);
    expect(await page.evaluate(() => sessionStorage.getItem('shareholderPortalToken'))).toBeNull();
  });

  test('a network failure keeps the form and says so', async ({ page }) => {
    await signInToPortal(page, MARCUS);
    const form = await openForm(page, 'General Inquiry');
    await form.getByLabel('Your message').fill('Please call me about my account.');
    await page.route('**/api/shareholder-portal/submit-request', (route) => route.abort('internetdisconnected'));
    await form.getByRole('button', { name: 'Submit Request' }).click();
    await expect(form.getByRole('alert')).toHaveText('Network error. Please try again.');
    await expect(form.getByLabel('Your message')).toHaveValue('Please call me about my account.');

    // The retry of the same content carries the same Idempotency-Key.
    const keys: string[] = [];
    await page.unroute('**/api/shareholder-portal/submit-request');
    page.on('request', (request) => {
      if (request.url().endsWith('/api/shareholder-portal/submit-request'))
        keys.push(request.headers()['idempotency-key'] ?? '');
    });
    await page.route('**/api/shareholder-portal/submit-request', (route) => route.abort('internetdisconnected'));
    await form.getByRole('button', { name: 'Submit Request' }).click();
    await expect(form.getByRole('alert')).toHaveText('Network error. Please try again.');
    await page.unroute('**/api/shareholder-portal/submit-request');
    await submitAndReadReference(page, form, /IQ-\d{4}-\d{6}/);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
    expect(keys[1]).toBe(keys[0]);
  });
});

test.describe('shareholder portal accessibility', () => {
  // The CSP forbids inline scripts, and axe is injected as one: in this block only, the CSP is bypassed.
  test.use({ bypassCSP: true, reducedMotion: 'reduce' });

  for (const width of [375, 1280]) {
    test(`at ${width} px the hero, code entry with an error, the portal and a form with errors have no serious or critical violation`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 812 });
      await page.goto('/shareholder-requests');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByRole('button', { name: 'Access Portal' }).click();
      await page.getByLabel('Shareholder code').fill('ab');
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page.getByText(AUTH.codeFormat)).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);

      await signInToPortal(page, MARCUS);
      expect(await seriousViolations(page)).toEqual([]);
      const form = await openForm(page, 'Transfer Request');
      await form.getByLabel('Transfer type').selectOption('sale');
      await form.getByRole('button', { name: 'Submit Request' }).click();
      await expect(form.getByText(M.taxIdRequired, { exact: true })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});
