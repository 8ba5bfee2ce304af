import { randomInt } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { approveIssuerApplication, invitationLinkInMail, submitIssuerApplication } from './issuer-application';
import { issuerOfApplication, seedIssuerLedger, type SeededLedger } from './issuer-ledger';

export const ISSUER_PASSWORD = 'Granite-Harbor-Violet-73';

export interface ApprovedIssuer {
  company: string;
  email: string;
  issuer: { id: string; legalName: string; timeZone: string };
  /** The invitation e-mail's link to the contact. */
  link: URL;
}

/** An application of its own, submitted and approved by staff: the issuer exists and its contact is invited. */
async function submitAndApprove(request: APIRequestContext, name: string) {
  const tag = `${Date.now().toString(36)}${randomInt(1000)}`;
  const company = `${name} ${tag}`;
  const email = `cfo.${tag}@example.com`;
  const applicationId = await submitIssuerApplication(request, {
    company_name: company,
    contact_name: 'Cora Finch',
    contact_email: email,
  });
  await approveIssuerApplication(request, applicationId);
  return { company, email, issuer: await issuerOfApplication(request, applicationId) };
}

/** An approved issuer with nothing on the ledger; answers once the invitation e-mail is in the mail log. */
export async function approvedIssuer(request: APIRequestContext, name: string): Promise<ApprovedIssuer> {
  const approved = await submitAndApprove(request, name);
  return { ...approved, link: await invitationLinkInMail(request, approved.email) };
}

/**
 * An approved issuer to which, before its contact accepts the invitation, staff give a class with three holders
 * (support/issuer-ledger.ts). Answers once the invitation e-mail is in the mail log.
 */
export async function approvedIssuerWithLedger(
  request: APIRequestContext,
  name: string,
): Promise<ApprovedIssuer & { ledger: SeededLedger }> {
  const approved = await submitAndApprove(request, name);
  const ledger = await seedIssuerLedger(request, approved.issuer);
  return { ...approved, ledger, link: await invitationLinkInMail(request, approved.email) };
}

/** Opens an invitation link (the token leaves the address bar at once) and waits for its form. */
export async function openInvitation(page: Page, link: URL): Promise<void> {
  await page.goto(`${link.pathname}${link.hash}`);
  await expect(page.getByRole('button', { name: 'Create account' })).toBeVisible();
  await expect(page).toHaveURL(/\/issuer\/invitation$/);
}

/** Chooses the password on the open invitation: the account exists, and Security asks for a second factor. */
export async function choosePassword(page: Page): Promise<void> {
  await page.getByLabel('Password', { exact: true }).fill(ISSUER_PASSWORD);
  await page.getByLabel('Confirm password').fill(ISSUER_PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/issuer\/security$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Security' })).toBeVisible();
}

/** On Security, adds a passkey (the page's virtual authenticator must be on) and keeps the codes: the cap table. */
export async function addPasskey(page: Page): Promise<void> {
  await page.getByLabel('Passkey name (optional)').fill('Test laptop');
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByRole('heading', { name: 'Your recovery codes' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await page.getByRole('button', { name: 'I have saved these codes' }).click();
  await expect(page).toHaveURL(/\/issuer\/cap-table$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Cap table' })).toBeVisible();
}

/** The whole acceptance: link, password, passkey; ends on the cap table. */
export async function acceptInvitationWithPasskey(page: Page, link: URL): Promise<void> {
  await openInvitation(page, link);
  await choosePassword(page);
  await addPasskey(page);
}

/** Confirms the step-up dialog a sensitive call opened with the passkey; the dialog closes. */
export async function confirmStepUpWithPasskey(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(dialog).toBeHidden();
}
