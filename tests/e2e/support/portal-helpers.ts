import { expect, type Page } from '@playwright/test';

/** The portal's code entry, from the hero. */
export async function openCodeEntry(page: Page) {
  await page.goto('/shareholder-requests');
  await page.getByRole('button', { name: 'Access Portal' }).click();
  await expect(page.getByRole('heading', { level: 2, name: /Step 1 of 2/ })).toBeVisible();
}

/** Signs in through the portal's two steps, as a shareholder does. */
export async function signInToPortal(page: Page, holder: { code: string; account: string }) {
  await openCodeEntry(page);
  await page.getByLabel('Shareholder code').fill(holder.code);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 2, name: /Step 2 of 2/ })).toBeVisible();
  await page.getByLabel('Statement account number').fill(holder.account);
  await page.getByRole('button', { name: 'Verify Account' }).click();
  await expect(page.getByRole('heading', { level: 2, name: /^Welcome, / })).toBeVisible();
}
