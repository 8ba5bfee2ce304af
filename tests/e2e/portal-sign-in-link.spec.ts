import { randomInt } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { PORTAL_AUTH_MESSAGES as M, PORTAL_THROTTLE } from '../../shared/src/portal-auth';
import { adminToken } from './support/admin-helpers';
import { linkInMail } from './support/mail-log';
import { openCodeEntry } from './support/portal-helpers';

// Decision 018 in the running app: past the day's account-number guesses for a code, the account step
// offers an e-mailed link, and the link opens the portal once.

/** A holder of its own: its code's day of guesses is spent by this test alone. */
async function newHolder(request: APIRequestContext) {
  const n = randomInt(100_000, 999_999);
  const holder = { code: `LK${n}`, account: `7${n}01`, email: `link-${n}@example.com` };
  const created = await request.post('/api/admin/shareholders', {
    headers: { Authorization: `Bearer ${await adminToken(request)}` },
    data: {
      code: holder.code,
      name: 'Lena Link',
      email: holder.email,
      address: { line1: '1 Main St', city: 'Austin', state: 'TX', postalCode: '73301' },
      accounts: [
        {
          accountNumber: holder.account,
          registrationName: 'Lena Link',
          issuer: 'Acme Corp',
          shareClass: 'Common',
          sharesHeld: 100,
          holdingType: 'DRS',
        },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return holder;
}

/** One wrong account number, evaluated: from an address of its own, with a solved challenge when one is asked. */
async function wrongGuess(request: APIRequestContext, code: string, index: number) {
  const headers = { 'X-Forwarded-For': `198.18.${Math.floor(index / 200)}.${(index % 200) + 1}` };
  const step1 = await request.post('/api/shareholder-portal/validate-code', { data: { code }, headers });
  expect(step1.status(), await step1.text()).toBe(200);
  const token = (await step1.json()).token as string;
  const send = (altcha?: string) =>
    request.post('/api/shareholder-portal/validate-account', {
      data: { accountNumber: `999${String(index).padStart(6, '0')}`, altcha },
      headers: { ...headers, Authorization: `Bearer ${token}` },
    });
  let answer = await send();
  if (answer.status() === 429) {
    const { challenge } = await answer.json();
    const solution = await solveChallenge({ challenge, deriveKey });
    answer = await send(Buffer.from(JSON.stringify({ challenge, solution })).toString('base64'));
  }
  expect(answer.status(), await answer.text()).toBe(401);
}

/** The link in the holder's e-mail. */
const signInLinkInMail = (request: APIRequestContext, email: string) =>
  linkInMail(request, { kind: 'PORTAL_SIGN_IN_LINK', email, link: /https?:\/\/[^\s#]+#sign-in-link=[A-Za-z0-9_-]+/ });

test('past the day of guesses, the account step offers a sign-in link by e-mail, and the link opens the portal once', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const holder = await newHolder(request);
  for (let i = 0; i < PORTAL_THROTTLE.accountGuessesPerCodePerDay; i++) await wrongGuess(request, holder.code, i);

  // The holder, with the right number: paused, said plainly, and the way in offered.
  await openCodeEntry(page);
  await page.getByLabel('Shareholder code').fill(holder.code);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Statement account number').fill(holder.account);
  await page.getByRole('button', { name: 'Verify Account' }).click();
  await expect(page.getByRole('alert')).toHaveText(M.guessesExhausted);
  await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
  await expect(page.getByRole('status').filter({ hasText: M.linkSent })).toBeVisible();

  // The link (its origin is PUBLIC_URL's; the test server's own is used) opens the portal, and leaves the address.
  const link = new URL(await signInLinkInMail(request, holder.email));
  const opened = `/shareholder-requests${link.hash}`;
  await page.goto(opened);
  await expect(page.getByRole('heading', { level: 2, name: 'Welcome, Lena Link' })).toBeVisible();
  expect(new URL(page.url()).hash).toBe('');

  // Once only: in another browser it is spent.
  const other = await browser.newPage();
  await other.goto(opened);
  await expect(other.getByText(M.linkInvalid)).toBeVisible();
  await expect(other.getByLabel('Shareholder code')).toBeVisible();
  await other.close();
});
