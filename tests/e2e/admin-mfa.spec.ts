import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { MFA_MESSAGES } from '../../shared/src/admin-mfa';
import { newAdminWithOwnPassword, submitLoginForm } from './support/admin-helpers';
import { expectNoSideScroll, seriousViolations } from './support/axe';
import { nextCode, wrongCode } from './support/totp';

/*
 * The authenticator-app second factor in the browser: enrolment on the Security screen, then the
 * sign-in's code step with an app code and with a recovery code. The e2e server runs with
 * ADMIN_MFA_ROLES='' (no role requires a factor); the forced enrolment has a server of its own
 * (admin-mfa-enrolment.spec.ts).
 */

// axe is injected as an inline script, which the CSP forbids: bypassed here only.
test.use({ bypassCSP: true, serviceWorkers: 'block', reducedMotion: 'reduce', viewport: { width: 360, height: 800 } });

async function signOut(page: Page) {
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
}

test.describe('authenticator app second factor', () => {
  test('enrol on the Security screen, sign out, sign in with an app code, then with a recovery code (used once); axe-clean at 360 px', async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const who = await newAdminWithOwnPassword(request, 'mfa');
    await submitLoginForm(page, who);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);

    // Every admin finds the Security screen in the menu.
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Security' }).click();
    await expect(page).toHaveURL(/\/admin\/security$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Security' })).toBeVisible();
    const facts = page.getByRole('region', { name: 'Second factor' });
    await expect(facts.getByText('Not set up')).toBeVisible();
    await expect(facts.getByRole('definition').first()).toHaveText('No');

    await page.getByRole('button', { name: 'Set up authenticator app' }).click();
    await expect(page.getByRole('heading', { name: 'Set up your authenticator app' })).toBeFocused();
    await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    const shown = (await page.locator('.totp-secret').innerText()).trim();
    // Groups of 4 on screen; the app takes it without the spaces.
    expect(shown).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
    const secret = shown.replace(/\s+/g, '');
    expect(await seriousViolations(page)).toEqual([]);
    await expectNoSideScroll(page);

    // A wrong code is refused in plain words; the right one turns the app on.
    const codeField = page.getByLabel('Code from the app');
    await codeField.fill(await wrongCode(baseURL, secret));
    await page.getByRole('button', { name: 'Verify and turn on' }).click();
    await expect(page.getByText(MFA_MESSAGES.codeInvalid)).toBeVisible();
    await expect(codeField).toHaveAttribute('aria-invalid', 'true');
    const used = { step: 0 };
    await codeField.fill(await nextCode(baseURL, secret, used));
    await page.getByRole('button', { name: 'Verify and turn on' }).click();

    // The ten recovery codes, once, with Copy and Download.
    await expect(page.getByRole('heading', { name: 'Your recovery codes' })).toBeFocused();
    await expect(page.getByRole('status').getByText(MFA_MESSAGES.totpEnabled)).toBeVisible();
    const list = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect(list).toHaveCount(10);
    const recoveryCodes = (await list.allInnerTexts()).map((text) => text.trim());
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`ledgerwell-recovery-codes-${who.username}.txt`);
    const file = fs.readFileSync(await download.path(), 'utf8');
    for (const code of recoveryCodes) expect(file).toContain(code);
    await expect(page.getByRole('button', { name: 'Copy codes' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await expectNoSideScroll(page);
    await page.getByRole('button', { name: 'I have saved these codes' }).click();
    await expect(list).toHaveCount(0);
    await expect(facts.getByText(/^On since /)).toBeVisible();
    await expect(facts.getByText('10 of 10')).toBeVisible();

    // Sign out; the password alone opens no session now: the code step asks for the app's code.
    await signOut(page);
    await submitLoginForm(page, who);
    await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
    const appCode = page.getByLabel('Authentication code');
    await expect(appCode).toBeFocused();
    await expect(appCode).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(appCode).toHaveAttribute('inputmode', 'numeric');
    await expect(appCode).toHaveAttribute('maxlength', '6');
    expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeNull();
    expect(await seriousViolations(page)).toEqual([]);
    await expectNoSideScroll(page);

    await appCode.fill(await wrongCode(baseURL, secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText(MFA_MESSAGES.codeInvalid)).toBeVisible();
    await appCode.fill(await nextCode(baseURL, secret, used));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeTruthy();

    // With a recovery code instead of the app.
    await signOut(page);
    await submitLoginForm(page, who);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    const recoveryField = page.getByLabel('Recovery code');
    await expect(recoveryField).toBeFocused();
    await expect(recoveryField).toHaveAttribute('placeholder', 'xxxxx-xxxxx');
    await recoveryField.fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);

    // The same recovery code does not work twice; 'Back to sign in' returns to the password.
    await signOut(page);
    await submitLoginForm(page, who);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText(MFA_MESSAGES.recoveryCodeInvalid)).toBeVisible();
    await page.getByRole('button', { name: 'Back to sign in' }).click();
    await expect(page.getByLabel('Username')).toHaveValue(who.username);
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');

    // A second recovery code signs in, then regenerates the codes and removes the app from the Security screen.
    await page.getByLabel('Password', { exact: true }).fill(who.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(recoveryCodes[1]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await page.goto('/admin/security');
    await expect(facts.getByText('8 of 10')).toBeVisible();

    await page.getByRole('button', { name: 'Regenerate recovery codes' }).click();
    const regenerate = page.getByRole('dialog', { name: 'Regenerate recovery codes' });
    await expect(regenerate.getByLabel('Authenticator app code or recovery code')).toBeFocused();
    expect(await seriousViolations(page)).toEqual([]);
    await regenerate.getByLabel('Authenticator app code or recovery code').fill(recoveryCodes[0]!);
    await regenerate.getByRole('button', { name: 'Create new codes' }).click();
    await expect(regenerate.getByText(MFA_MESSAGES.recoveryCodeInvalid)).toBeVisible();
    await regenerate.getByLabel('Authenticator app code or recovery code').fill(await nextCode(baseURL, secret, used));
    await regenerate.getByRole('button', { name: 'Create new codes' }).click();
    await expect(regenerate).toHaveCount(0);
    await expect(page.getByRole('status').getByText(MFA_MESSAGES.recoveryCodesRegenerated)).toBeVisible();
    const fresh = (await list.allInnerTexts()).map((text) => text.trim());
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(recoveryCodes[2]);
    await page.getByRole('button', { name: 'I have saved these codes' }).click();

    await page.getByRole('button', { name: 'Remove authenticator app' }).click();
    const remove = page.getByRole('dialog', { name: 'Remove authenticator app' });
    // The old codes are void now.
    await remove.getByLabel('Authenticator app code or recovery code').fill(recoveryCodes[2]!);
    await remove.getByRole('button', { name: 'Remove' }).click();
    await expect(remove.getByText(MFA_MESSAGES.recoveryCodeInvalid)).toBeVisible();
    await remove.getByLabel('Authenticator app code or recovery code').fill(fresh[0]!);
    await remove.getByRole('button', { name: 'Remove' }).click();
    await expect(remove).toHaveCount(0);
    await expect(page.getByRole('status').getByText(MFA_MESSAGES.totpDisabled)).toBeVisible();
    await expect(facts.getByText('Not set up')).toBeVisible();

    // The password alone signs in again.
    await signOut(page);
    await submitLoginForm(page, who);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });
});
