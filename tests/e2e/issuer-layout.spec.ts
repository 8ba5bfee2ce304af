import { expect, test, type Page } from '@playwright/test';
import { addPasskey, approvedIssuerWithLedger, choosePassword, openInvitation } from './support/issuer-account';
import { expectUsable } from './support/layout';
import { virtualAuthenticator } from './support/virtual-authenticator';

/*
 * Every issuer screen on the narrowest phone the area supports and on a desktop: nothing scrolls the page sideways,
 * no control is cut off, every target is at least 24×24 px, the focus shows at every Tab stop, and axe finds no
 * violation of any impact. On the phone the company's name has a 40-letter word, so the header has to wrap it.
 */

const EVERY = { axe: 'every' } as const;

// axe is injected as an inline script, which the CSP forbids: bypassed in this file.
test.use({ bypassCSP: true, serviceWorkers: 'block', reducedMotion: 'reduce' });

/** The signed-in frame from the company's name on (a paragraph, so the click moves no focus), through the footer. */
async function expectScreenUsable(page: Page, step: string) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expectUsable(page, step, page.locator('body'), page.getByRole('banner').getByRole('paragraph').first(), EVERY);
}

/** A sign-in card's checks: from its heading through the card. */
const expectCardUsable = (page: Page, step: string) =>
  expectUsable(page, step, page.getByRole('main'), page.getByRole('heading', { level: 1 }), EVERY);

/** One of the area's screens through its nav, once its heading shows. */
async function openScreen(page: Page, link: string, heading: string | RegExp) {
  await page.getByRole('navigation', { name: 'Issuer portal' }).getByRole('link', { name: link }).click();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

for (const { long, ...screen } of [
  { width: 360, height: 740, long: true },
  { width: 1280, height: 800, long: false },
]) {
  test(`at ${screen.width} px every issuer screen fits, is big enough to tap, shows the focus and passes axe`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(screen);
    const name = long ? 'Nordwestdeutsche Energieversorgungsaktiengesellschaft Holdings' : 'Harbor Dynamics';
    const { ledger, link } = await approvedIssuerWithLedger(request, name);
    await virtualAuthenticator(page);

    await openInvitation(page, link);
    await expectCardUsable(page, 'invitation');
    await choosePassword(page);
    await expectCardUsable(page, 'security before a factor');
    await addPasskey(page);

    await expect(page.getByRole('region', { name: ledger.className, exact: true }).getByRole('table')).toBeVisible();
    await expectScreenUsable(page, 'cap table');

    await page.getByRole('link', { name: `Holders of record of ${ledger.className} on any date` }).click();
    await expect(page.getByRole('table', { name: /Holders of record on/ })).toBeVisible();
    await expectScreenUsable(page, 'holders');

    await openScreen(page, 'Journal', 'Journal');
    await expect(page.getByRole('table', { name: /Postings/ })).toBeVisible();
    await expectScreenUsable(page, 'journal');

    await openScreen(page, 'Requests', 'Requests');
    await expect(page.getByText('Your shareholders have made no request yet.')).toBeVisible();
    await expectScreenUsable(page, 'requests');

    await openScreen(page, 'Users', 'Users');
    await expect(page.getByRole('button', { name: 'Send invitation' })).toBeVisible();
    await expectScreenUsable(page, 'users');

    await openScreen(page, 'Security', 'Security');
    await expect(page.getByRole('region', { name: 'Passkeys' })).toContainText('Test laptop');
    await expectScreenUsable(page, 'security');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Issuer Portal' })).toBeVisible();
    await expectCardUsable(page, 'login');
  });
}
