import axe from 'axe-core';
import { expect, test, type Page } from '@playwright/test';
import { ONBOARDING_MESSAGES as M } from '../../shared/src/issuer-onboarding';
import { sampleOnboardingForm } from '../../shared/src/issuer-onboarding.fixtures';
import { E2E_ADMIN } from './fixtures';
import { signInAsAdmin } from './support/admin-helpers';
import { guardPage } from './support/page-guards';
import { drawSignature } from './support/signature';

// A phone: the wizard is built for 375 px first.
test.use({ viewport: { width: 375, height: 740 }, reducedMotion: 'reduce' });

const DB = 'ledgerwell-onboarding';
const DOCUMENTS = ['Service Agreement', 'Privacy Policy', 'Service Standards'] as const;

interface AxeViolation {
  id: string;
  impact?: string | null;
  nodes: { target: unknown[] }[];
}

/** axe-core (WCAG 2 A/AA and best practice) on what is on screen: no serious or critical violation. */
async function expectAccessible(page: Page, what: string) {
  // Evaluated through the DevTools protocol, so the page's CSP stays in force for everything else.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const violations = await page.evaluate(async () => {
    const result = await (
      window as unknown as { axe: { run(options: unknown): Promise<{ violations: AxeViolation[] }> } }
    ).axe.run({
      runOnly: ['wcag2a', 'wcag2aa', 'best-practice'],
    });
    return result.violations;
  });
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious,
    `${what}: ${serious.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`).join('\n')}`,
  ).toEqual([]);
}

/** What the onboarding database holds in one store (the app creates it on its first visit). */
async function storedCount(page: Page, store: 'outbox' | 'kv'): Promise<number> {
  return page.evaluate(
    ({ db, store }) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open(db);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const database = open.result;
          if (!database.objectStoreNames.contains(store)) return resolve(0);
          const count = database.transaction(store).objectStore(store).count();
          count.onsuccess = () => resolve(count.result);
          count.onerror = () => reject(count.error);
        };
      }),
    { db: DB, store },
  );
}

async function storedValue(page: Page, key: string): Promise<unknown> {
  return page.evaluate(
    ({ db, key }) =>
      new Promise<unknown>((resolve, reject) => {
        const open = indexedDB.open(db);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const get = open.result.transaction('kv').objectStore('kv').get(key);
          get.onsuccess = () => resolve(get.result);
          get.onerror = () => reject(get.error);
        };
      }),
    { db: DB, key },
  );
}

async function putStoredValue(page: Page, key: string, value: unknown): Promise<void> {
  await page.evaluate(
    ({ db, key, value }) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open(db);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('kv', 'readwrite');
          tx.objectStore('kv').put(value, key);
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
        };
      }),
    { db: DB, key, value },
  );
}

const stepHeading = (page: Page, label: string) => page.getByRole('heading', { level: 3, name: label });
const tabs = (page: Page) => page.getByRole('navigation', { name: 'Onboarding steps' });

/** Opens the wizard and waits until it has read the device (the first step or a restored one is on screen). */
async function openWizard(page: Page) {
  await page.goto('/issuer-portal');
  await expect(page.getByRole('heading', { level: 3, name: /^Step \d of 5: / })).toBeVisible();
}

async function fillGetStarted(page: Page, company: string, entityType = 'Corporation (C-Corp or S-Corp)') {
  await page.getByLabel('Company Name').fill(company);
  await page.getByLabel('Entity Type').selectOption({ label: entityType });
  await page.getByLabel('Primary Contact Name').fill('Ada Lovelace');
  await page.getByLabel('Phone').fill('5550102000');
  await expect(page.getByLabel('Phone')).toHaveValue('(555) 010-2000');
  await page.getByLabel('Email').fill('ada@acme.example');
}

async function reviewDocuments(page: Page, checkEach?: (title: string) => Promise<void>) {
  for (const title of DOCUMENTS) {
    const mark = page.getByRole('checkbox', { name: new RegExp(`^Mark as reviewed\\b.*${title}$`) });
    await expect(mark).toBeDisabled();
    await page.getByRole('button', { name: `Open ${title}` }).click();
    const dialog = page.getByRole('dialog', { name: title });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { level: 2, name: title })).toBeVisible();
    await checkEach?.(title);
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(dialog).toBeHidden();
    await mark.check();
  }
  await expect(page.getByText('3 of 3 required documents reviewed')).toBeVisible();
  await page.getByRole('checkbox', { name: /^I have reviewed and accept the Service Agreement/ }).check();
}

let address = 0;

test.describe('issuer onboarding at 375 px', () => {
  // Each test applies from an address of its own (the server throttles new applications per address; TRUST_PROXY=1).
  test.beforeEach(async ({ context }) => {
    await context.setExtraHTTPHeaders({ 'X-Forwarded-For': `198.51.100.${(++address % 250) + 1}` });
  });

  test('every step filled, offline half-way, reload, the draft resumes, submitted offline, sent once back online; print; axe on every step; then staff review it with a note', async ({
    page,
    context,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const guard = guardPage(page, new URL(baseURL!).origin);
    const company = `Acme Robotics ${Date.now()}`;

    // Offline reloads need the service worker in control (it serves the app shell and the wizard's chunk).
    await page.goto('/issuer-portal');
    await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    // Hero, trust blurbs, wizard chrome.
    await expect(page.getByRole('heading', { level: 1, name: 'Become a Ledgerwell issuer client' })).toBeVisible();
    for (const blurb of ['SEC Compliance', 'Bank-Grade Security', 'Setup in Days']) {
      await expect(page.getByRole('heading', { level: 2, name: blurb })).toBeVisible();
    }
    await expect(page.getByRole('heading', { level: 2, name: 'Issuer Onboarding Application' })).toBeVisible();
    await expect(stepHeading(page, "Step 1 of 5: Let's Get Started")).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Onboarding progress' })).toHaveAttribute('aria-valuenow', '20');
    await expect(tabs(page).getByRole('button', { name: "Let's Get Started" })).toHaveAttribute('aria-current', 'step');
    await expect(tabs(page).getByRole('button', { name: 'Review Documents' })).toBeDisabled();
    await expect(page.getByText('Your draft is saved on this device automatically every 30 seconds.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page, 'step 1');

    // Next on an empty step: the notice, every message under its field, the focus on the first one.
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('alert').filter({ hasText: M.validationNotice })).toBeVisible();
    for (const message of [
      M.companyNameRequired,
      M.entityTypeRequired,
      M.contactNameRequired,
      M.contactPhoneRequired,
      M.contactEmailRequired,
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(page.getByLabel('Company Name')).toBeFocused();
    await expect(page.getByLabel('Company Name')).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page, 'step 1 with its messages');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText(M.emailInvalid, { exact: true })).toBeVisible();

    // Step 1: a trust, so that step 3 lists the trust's documents. Values are trimmed on Next.
    await fillGetStarted(page, company, 'Trust');
    await page.getByLabel('Company Name').fill(`  ${company}  `);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(stepHeading(page, 'Step 2 of 5: Review Documents')).toBeFocused();
    await expect(page.getByRole('progressbar', { name: 'Onboarding progress' })).toHaveAttribute('aria-valuenow', '40');
    await expectAccessible(page, 'step 2');

    // Step 2: nothing reviewed yet; then each document opened (axe with the dialog open), reviewed, accepted.
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText(M.documentsReviewRequired, { exact: true })).toBeVisible();
    await reviewDocuments(page, async (title) => {
      if (title === 'Service Agreement') await expectAccessible(page, 'the Service Agreement dialog');
    });
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 3: the trust's notice; the messages of an empty step; the formatting aids.
    await expect(stepHeading(page, 'Step 3 of 5: Company Details')).toBeVisible();
    const trustNotice = page.getByRole('region', { name: 'Additional documents for trusts' });
    await expect(trustNotice).toContainText('trust agreement');
    await expect(trustNotice).toContainText('trustees');
    await expect(page.getByLabel('Country')).toHaveValue('United States');
    await expect(page.getByLabel('Country')).not.toBeEditable();
    await expect(page.getByText(M.usOnly)).toBeVisible();
    await expectAccessible(page, 'step 3');
    await page.getByRole('button', { name: 'Next' }).click();
    for (const message of [
      M.legalNameRequired,
      M.incorporationStateRequired,
      M.incorporationDateRequired,
      M.einRequired,
      M.addressRequired,
      M.cityRequired,
      M.stateRequired,
      M.zipRequired,
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(page.getByLabel('Legal Name')).toBeFocused();
    await page.getByLabel('Legal Name').fill('Acme Robotics Family Trust');
    await page.getByLabel('State of Incorporation').selectOption({ label: 'Delaware' });
    await page.getByLabel('Date of Incorporation').fill('2019-03-14');
    await page.getByLabel('Tax ID (EIN)').fill('123456789');
    await expect(page.getByLabel('Tax ID (EIN)')).toHaveValue('12-3456789');

    // Save Draft: the check mark, then the button again after 2 seconds.
    await page.getByRole('button', { name: 'Save Draft' }).click();
    await expect(page.getByRole('button', { name: 'Saved' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save Draft' })).toBeVisible({ timeout: 5_000 });

    // Offline half-way: reload; the draft comes back from the device.
    await context.setOffline(true);
    await page.reload();
    // Where the eye is: the notice and the step on screen, not a screen below the hero.
    await expect(page.getByRole('status').filter({ hasText: M.draftLoaded })).toBeInViewport();
    await expect(stepHeading(page, 'Step 3 of 5: Company Details')).toBeInViewport();
    await expect(page.getByLabel('Legal Name')).toHaveValue('Acme Robotics Family Trust');
    await expect(page.getByLabel('Tax ID (EIN)')).toHaveValue('12-3456789');

    // A completed step's tab goes back; later tabs stay closed until reached again.
    await tabs(page).getByRole('button', { name: "Let's Get Started" }).click();
    await expect(stepHeading(page, "Step 1 of 5: Let's Get Started")).toBeFocused();
    await expect(page.getByLabel('Company Name')).toHaveValue(company);
    await expect(tabs(page).getByRole('button', { name: 'Company Details' })).toBeDisabled();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('checkbox', { name: /^Mark as reviewed\b.*Privacy Policy$/ })).toBeChecked();
    await page.getByRole('button', { name: 'Next' }).click();

    await page.getByLabel('Street Address').fill('1 Main Street');
    await page.getByLabel('Address Line 2 (optional)').fill('Suite 400');
    await page.getByLabel('City').fill('Wilmington');
    await page.getByLabel('State', { exact: true }).selectOption({ label: 'Delaware' });
    await page.getByLabel('ZIP Code').fill('198011234');
    await expect(page.getByLabel('ZIP Code')).toHaveValue('19801-1234');
    await page.getByLabel('Business Description (optional)').fill('A family trust holding Acme Robotics shares.');
    await page.getByLabel('Expected Shareholders (optional)').selectOption({ label: '51-100 shareholders' });
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 4, still offline: the messages of an empty step, then the signature drawn with the mouse.
    await expect(stepHeading(page, 'Step 4 of 5: Electronic Signature')).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Onboarding progress' })).toHaveAttribute('aria-valuenow', '80');
    await expectAccessible(page, 'step 4');
    await page.getByRole('button', { name: 'Submit Application' }).click();
    for (const message of [
      M.signatureNameRequired,
      M.signatureTitleRequired,
      M.signatureRequired,
      M.agreementRequired,
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(page.getByLabel('Signatory Name')).toBeFocused();
    await expectAccessible(page, 'step 4 with its messages');
    await page.getByLabel('Signatory Name').fill('Ada Lovelace');
    await page.getByLabel('Signatory Title').fill('Trustee');
    await drawSignature(page);
    await page
      .getByRole('checkbox', { name: /I accept the Service Agreement \(the Transfer Agent agreement\)/ })
      .check();

    // Submitted offline: kept on the device, said plainly, nothing to resubmit by accident.
    await page.getByRole('button', { name: 'Submit Application' }).click();
    // The outcome beside the button just tapped, announced; the button says the application is queued.
    const queuedNote = page.getByRole('status').filter({ hasText: M.queued });
    const sendNow = page.getByRole('button', { name: 'Queued: Send Now' });
    await expect(queuedNote).toBeInViewport();
    await expect(sendNow).toBeInViewport();
    await expect(sendNow).toBeEnabled();
    await expect(sendNow).toHaveAccessibleDescription(M.queued);
    const [noteBox, buttonBox] = [await queuedNote.boundingBox(), await sendNow.boundingBox()];
    expect(buttonBox!.y - (noteBox!.y + noteBox!.height)).toBeGreaterThanOrEqual(0);
    expect(buttonBox!.y - (noteBox!.y + noteBox!.height)).toBeLessThan(48);
    await expect(page.getByLabel('Signatory Name')).toBeDisabled();
    expect(await storedCount(page, 'outbox')).toBe(1);
    await expectAccessible(page, 'step 4, queued');

    // Still queued after a reload offline.
    await page.reload();
    await expect(page.getByRole('status').filter({ hasText: M.queued })).toBeVisible();
    await expect(stepHeading(page, 'Step 4 of 5: Electronic Signature')).toBeVisible();

    // Back online: the `online` event sends it; the confirmation shows the application id.
    await context.setOffline(false);
    await expect(page.getByRole('heading', { name: 'Onboarding Complete!' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('status').filter({ hasText: M.submitted })).toBeVisible();
    await expect(stepHeading(page, 'Step 5 of 5: Confirmation')).toBeVisible();
    const idText = await page.getByText(/^Application ID:/).textContent();
    const applicationId = /issuer_\d{13}_[a-z0-9]{8,16}/.exec(idText ?? '')?.[0];
    expect(applicationId, idText ?? '').toBeTruthy();
    expect(await storedCount(page, 'outbox')).toBe(0);
    expect(await storedValue(page, 'issuer_onboarding_draft')).toBeUndefined();
    await expectAccessible(page, 'the confirmation');

    // Print: the confirmation alone, without the site's header, footer, navigation or buttons.
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('heading', { name: 'Onboarding Complete!' })).toBeVisible();
    await expect(page.getByText(applicationId!)).toBeVisible();
    await expect(page.getByRole('banner')).toBeHidden();
    await expect(page.getByRole('contentinfo')).toBeHidden();
    await expect(tabs(page)).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Print Confirmation' })).toBeHidden();
    await expect(page.getByRole('link', { name: 'Return to Home' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Start a New Application' })).toBeHidden();
    await page.emulateMedia({ media: 'screen' });
    await expect(page.getByRole('banner')).toBeVisible();

    // Staff (on a desktop) find it, review it with a note and see the note in the review history.
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInAsAdmin(page);
    await page.goto('/admin/issuer-applications');
    await expect(page.getByRole('heading', { level: 1, name: 'Issuer Applications' })).toBeVisible();
    await page.getByLabel('Search').fill(company);
    const table = page.getByRole('region', { name: 'Issuer applications' });
    await expect(table.getByRole('row')).toHaveCount(2);
    const row = table.getByRole('row').filter({ hasText: company });
    await expect(row).toContainText('Ada Lovelace');
    await expect(row).toContainText('SUBMITTED');
    await expect(row.getByRole('img', { name: 'Signed' })).toBeVisible();
    await row.getByRole('button', { name: /View/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Issuer Application' });
    const detail = (label: string) =>
      dialog.locator('.detail-list__row').filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) });
    await expect(detail('Confirmation ID')).toContainText(applicationId!);
    await expect(detail('Entity Type')).toContainText('Trust');
    await expect(detail('EIN')).toContainText('**-***6789');
    await expect(dialog).not.toContainText('12-3456789');
    await expect(dialog.getByRole('img', { name: 'Signature of Ada Lovelace' })).toBeVisible();
    const history = dialog.getByRole('list', { name: 'Review history, oldest first' });
    await expect(history.getByRole('listitem')).toHaveCount(1);
    await expect(history.getByRole('listitem').first()).toContainText('by Applicant');

    await dialog.getByLabel('Status', { exact: true }).selectOption('UNDER_REVIEW');
    await dialog
      .getByLabel('Note for the review history (optional)')
      .fill('Trust agreement requested from the trustee.');
    await dialog.getByRole('button', { name: 'Update Status' }).click();
    await expect(dialog.getByText('Status updated successfully')).toBeVisible();
    await expect(history.getByRole('listitem')).toHaveCount(2);
    const latest = history.getByRole('listitem').last();
    await expect(latest).toContainText('UNDER REVIEW');
    await expect(latest).toContainText('Trust agreement requested from the trustee.');
    await expect(latest).toContainText(`by ${E2E_ADMIN.username}`);
    expect(guard.violations).toEqual([]);
    expect(guard.foreign).toEqual([]);
  });

  test.describe('with page.route in front of the API', () => {
    // The service worker would otherwise see the calls first, and page.route would not.
    test.use({ serviceWorkers: 'block' });

    test('a refusal from the server keeps the visitor on the signature step with the spec’s notice and nothing queued', async ({
      page,
    }) => {
      await openWizard(page);
      await putStoredValue(page, 'issuer_onboarding_draft', {
        step: 3,
        data: { ...sampleOnboardingForm(), company_name: 'Refused Co', signatureData: null, agreement_accepted: false },
        savedAt: new Date().toISOString(),
      });
      await page.reload();
      await expect(page.getByRole('status').filter({ hasText: M.draftLoaded })).toBeVisible();
      await expect(stepHeading(page, 'Step 4 of 5: Electronic Signature')).toBeVisible();
      await drawSignature(page);
      await page
        .getByRole('checkbox', { name: /I accept the Service Agreement \(the Transfer Agent agreement\)/ })
        .check();

      let sends = 0;
      await page.route('**/api/issuer-onboarding/submit', async (route) => {
        sends++;
        await route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({
            success: false,
            code: 'VALIDATION_ERROR',
            message: 'Bad',
            errors: { signature_title: 'Title is required' },
            requestId: 'r',
          }),
        });
      });
      await page.getByRole('button', { name: 'Submit Application' }).click();
      await expect(page.getByRole('alert').filter({ hasText: M.submitFailed })).toBeVisible();
      await expect(page.getByRole('alert').filter({ hasText: M.submitFailed })).toBeFocused();
      await expect(stepHeading(page, 'Step 4 of 5: Electronic Signature')).toBeVisible();
      await expect(page.getByLabel('Signatory Name')).toHaveValue('Ada Lovelace');
      await expect(page.getByText('Title is required', { exact: true })).toBeVisible();
      expect(await storedCount(page, 'outbox')).toBe(0);
      expect(sends).toBe(1);

      // Sent again by the visitor: accepted this time.
      await page.unroute('**/api/issuer-onboarding/submit');
      await page.getByRole('button', { name: 'Submit Application' }).click();
      await expect(page.getByRole('heading', { name: 'Onboarding Complete!' })).toBeVisible();
      expect(sends).toBe(1);
    });

    test('no second submission while one runs', async ({ page }) => {
      await openWizard(page);
      await putStoredValue(page, 'issuer_onboarding_draft', {
        step: 3,
        data: { ...sampleOnboardingForm(), company_name: 'Patient Co', signatureData: null },
        savedAt: new Date().toISOString(),
      });
      await page.reload();
      await drawSignature(page);
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let sends = 0;
      await page.route('**/api/issuer-onboarding/submit', async (route) => {
        sends++;
        await held;
        await route.continue();
      });
      await page.getByRole('button', { name: 'Submit Application' }).click();
      const busy = page.getByRole('button', { name: 'Submitting...' });
      await expect(busy).toBeDisabled();
      await busy.dispatchEvent('click');
      await page.keyboard.press('Enter');
      release();
      await expect(page.getByRole('heading', { name: 'Onboarding Complete!' })).toBeVisible();
      expect(sends).toBe(1);
    });
  });

  test('Cancel saves the draft and goes home; Abandon deletes it; a corrupt draft is discarded', async ({ page }) => {
    await openWizard(page);
    await expect(page.getByRole('status').filter({ hasText: M.draftLoaded })).toHaveCount(0);
    await fillGetStarted(page, 'Come Back Later Co');

    await page.getByRole('button', { name: 'Cancel' }).click();
    const leave = page.getByRole('dialog', { name: 'Leave the onboarding?' });
    await expect(leave).toBeVisible();
    await expect(leave.getByRole('button', { name: 'Keep Going' })).toBeFocused();
    await expectAccessible(page, 'the cancel dialog');
    await leave.getByRole('button', { name: 'Keep Going' }).click();
    await expect(leave).toBeHidden();
    await expect(page.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page
      .getByRole('dialog', { name: 'Leave the onboarding?' })
      .getByRole('button', { name: 'Save and Leave' })
      .click();
    await expect(page).toHaveURL(/\/$/);

    await openWizard(page);
    await expect(page.getByRole('status').filter({ hasText: M.draftLoaded })).toBeVisible();
    await expect(page.getByLabel('Company Name')).toHaveValue('Come Back Later Co');

    await page.getByRole('button', { name: 'Abandon' }).click();
    const abandon = page.getByRole('dialog', { name: 'Abandon the onboarding?' });
    await expect(abandon).toContainText(M.abandonConfirm);
    await abandon.getByRole('button', { name: 'Abandon' }).click();
    await expect(page).toHaveURL(/\/$/);
    await openWizard(page);
    await expect(page.getByRole('status').filter({ hasText: M.draftLoaded })).toHaveCount(0);
    await expect(page.getByLabel('Company Name')).toHaveValue('');
    expect(await storedValue(page, 'issuer_onboarding_draft')).toBeUndefined();

    await putStoredValue(page, 'issuer_onboarding_draft', { step: 9, data: 'garbage', savedAt: 'never' });
    await page.reload();
    await expect(stepHeading(page, "Step 1 of 5: Let's Get Started")).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: M.draftLoaded })).toHaveCount(0);
    expect(await storedValue(page, 'issuer_onboarding_draft')).toBeUndefined();
    // The session token the start call announced.
    expect(await storedValue(page, 'issuerOnboardingSession')).toMatch(/^[A-Za-z0-9_-]{22,128}$/);
  });

  test('the draft keeps every keystroke: left through the menu at once, or reloaded after a pause, the fields come back (issue 29, item 8)', async ({
    page,
  }) => {
    await openWizard(page);
    await fillGetStarted(page, 'Every Keystroke Co');
    // Straight out through the phone's menu, before any timer could have run.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Contact Us' }).click();
    await expect(page).toHaveURL(/\/contact$/);
    // The device's database commits a moment after the wizard closed.
    await expect
      .poll(() => storedValue(page, 'issuer_onboarding_draft'))
      .toMatchObject({ step: 0, data: { company_name: 'Every Keystroke Co' } });
    await openWizard(page);
    // 'Draft loaded' where the eye is, with the step: not a screen below the hero.
    await expect(page.getByRole('status').filter({ hasText: M.draftLoaded })).toBeInViewport();
    await expect(page.getByLabel('Company Name')).toBeInViewport();
    await expect(page.getByLabel('Company Name')).toHaveValue('Every Keystroke Co');
    await expect(page.getByLabel('Email')).toHaveValue('ada@acme.example');

    // A pause in the typing is enough: no 30 seconds, no Save Draft.
    await page.getByLabel('Primary Contact Name').fill('Grace Hopper');
    await expect
      .poll(() => storedValue(page, 'issuer_onboarding_draft'))
      .toMatchObject({ step: 0, data: { contact_name: 'Grace Hopper' } });
    await page.reload();
    await expect(page.getByRole('status').filter({ hasText: M.draftLoaded })).toBeVisible();
    await expect(page.getByLabel('Primary Contact Name')).toHaveValue('Grace Hopper');
  });

  test('an application queued offline is sent when the app next opens on another page; the wizard then shows its confirmation', async ({
    page,
    context,
  }) => {
    await openWizard(page);
    await putStoredValue(page, 'issuer_onboarding_draft', {
      step: 3,
      data: { ...sampleOnboardingForm(), company_name: 'Later Co', signatureData: null },
      savedAt: new Date().toISOString(),
    });
    await page.reload();
    await drawSignature(page);
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await expect(page.getByRole('status').filter({ hasText: M.queued })).toBeVisible();
    await page.close();

    await context.setOffline(false);
    const next = await context.newPage();
    const submits: number[] = [];
    next.on('response', (response) => {
      if (response.url().endsWith('/api/issuer-onboarding/submit')) submits.push(response.status());
    });
    await next.goto('/about');
    await expect.poll(() => submits).toEqual([201]);
    await expect.poll(() => storedCount(next, 'outbox')).toBe(0);

    await next.goto('/issuer-portal');
    await expect(next.getByRole('heading', { name: 'Onboarding Complete!' })).toBeVisible();
    await expect(next.getByText(/^Application ID: issuer_\d{13}_/)).toBeVisible();
    // Kept through a reload (issue 29, item 9), until the visitor starts a new application.
    const idText = await next.getByText(/^Application ID:/).textContent();
    await next.reload();
    await expect(next.getByRole('heading', { name: 'Onboarding Complete!' })).toBeVisible();
    await expect(next.getByText(/^Application ID:/)).toHaveText(idText!);
    await next.getByRole('button', { name: 'Start a New Application' }).click();
    await expect(stepHeading(next, "Step 1 of 5: Let's Get Started")).toBeFocused();
    await expect(next.getByLabel('Company Name')).toHaveValue('');
    await next.reload();
    await expect(stepHeading(next, "Step 1 of 5: Let's Get Started")).toBeVisible();
    await expect(next.getByRole('heading', { name: 'Onboarding Complete!' })).toHaveCount(0);
    expect(submits).toEqual([201]);
  });
});
