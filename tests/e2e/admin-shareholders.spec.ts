import { expect, test, type Locator, type Page } from '@playwright/test';
import { E2E_ADMIN } from './fixtures';

// The database is shared with the other specs: every code and account number here is fresh, and no total is assumed.
const HEADER =
  'code,name,email,phone,tax_id,address_line1,city,state,postal_code,account_number,registration_name,issuer,share_class,shares_held,holding_type,certificate_numbers';

function unique(): string {
  return String(Math.floor(100_000 + Math.random() * 900_000));
}

async function openShareholders(page: Page) {
  await page.goto('/admin/login');
  await page.getByLabel('Username').fill(E2E_ADMIN.username);
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Shareholders' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Shareholders' })).toBeVisible();
}

async function search(page: Page, text: string) {
  await page.getByLabel('Search shareholders').fill(text);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
}

async function fillAccount(
  group: Locator,
  account: { number: string; shares: string; holding?: 'DRS' | 'CERTIFICATED'; certificates?: string },
) {
  await group.getByLabel('Account number').fill(account.number);
  await group.getByLabel('Registration name').fill('Jane Q Holder');
  await group.getByLabel('Issuer').fill('Acme Corp');
  await group.getByLabel('Share class').fill('Common');
  await group.getByLabel('Shares held').fill(account.shares);
  if (account.holding) await group.getByLabel('Holding type').selectOption(account.holding);
  if (account.certificates) await group.getByLabel(/Certificate numbers/).fill(account.certificates);
}

async function fillHolder(page: Page, code: string, postalCode = '10001') {
  const form = page.getByRole('region', { name: 'Add shareholder' });
  await form.getByLabel('Code', { exact: true }).fill(code);
  await form.getByLabel('Name', { exact: true }).fill('Jane Q Holder');
  await form.getByLabel('E-mail').fill(`${code.toLowerCase()}@example.com`);
  await form.getByLabel('Tax ID (optional)').fill('123-45-6789');
  await form.getByLabel('Street address').fill('1 Main Street');
  await form.getByLabel('City').fill('New York');
  await form.getByLabel('State').fill('NY');
  await form.getByLabel('ZIP code').fill(postalCode);
  return form;
}

function csvFile(lines: string[]) {
  return { name: 'holders.csv', mimeType: 'text/csv', buffer: Buffer.from([HEADER, ...lines].join('\n') + '\n') };
}

test.describe('admin shareholders', () => {
  test('adds a shareholder with two accounts through the form and finds it by search', async ({ page }) => {
    const n = unique();
    const code = `PW${n}`;
    await openShareholders(page);
    await page.getByRole('button', { name: 'Add shareholder' }).click();
    const form = await fillHolder(page, code);
    await fillAccount(form.getByRole('group', { name: 'Account 1' }), { number: `A${n}-1`, shares: '1500000' });
    await form.getByRole('button', { name: 'Add another account' }).click();
    await fillAccount(form.getByRole('group', { name: 'Account 2' }), {
      number: `A${n}-2`,
      shares: '250',
      holding: 'CERTIFICATED',
      certificates: 'C-1, C-2',
    });
    await form.getByRole('button', { name: 'Save shareholder' }).click();

    await expect(page.getByText(`Shareholder ${code} added`)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Add shareholder' })).toHaveCount(0);

    await search(page, `A${n}-2`);
    const row = page.getByRole('row').filter({ hasText: code });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Jane Q Holder');
    await expect(row).toContainText(`A${n}-1`);
    await expect(row).toContainText('1,500,000 shares');
    await expect(row).toContainText('CERTIFICATED');
    await expect(row).toContainText('***-**-6789');
    await expect(page.getByText(/^Showing 1 to 1 of 1$/)).toBeVisible();
    await expect(page.getByText('Page 1 of 1')).toBeVisible();
  });

  test('client validation shows the message under the field and sends nothing', async ({ page }) => {
    const n = unique();
    await openShareholders(page);
    let posts = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/api/admin/shareholders')) posts++;
    });
    await page.getByRole('button', { name: 'Add shareholder' }).click();
    const form = await fillHolder(page, `PW${n}`, '1234');
    await fillAccount(form.getByRole('group', { name: 'Account 1' }), { number: `A${n}-1`, shares: '10' });
    await form.getByRole('button', { name: 'Save shareholder' }).click();

    const zip = form.getByLabel('ZIP code');
    await expect(form.getByText('ZIP code must be 5 digits or 5+4')).toBeVisible();
    await expect(zip).toHaveAttribute('aria-invalid', 'true');
    await expect(zip).toBeFocused();
    await expect(form.getByRole('alert')).toContainText('Please correct the highlighted fields.');
    expect(posts).toBe(0);
  });

  test('a code already in use shows the 409 message', async ({ page }) => {
    const n = unique();
    const code = `PW${n}`;
    await openShareholders(page);
    const token = await page.evaluate(() => localStorage.getItem('adminToken'));
    const created = await page.request.post('/api/admin/shareholders', {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        code,
        name: 'First Holder',
        email: 'first@example.com',
        address: { line1: '1 Main Street', city: 'Boston', state: 'MA', postalCode: '02110' },
        accounts: [
          {
            accountNumber: `A${n}-1`,
            registrationName: 'First Holder',
            issuer: 'Acme Corp',
            shareClass: 'Common',
            sharesHeld: 5,
            holdingType: 'DRS',
            certificateNumbers: [],
          },
        ],
      },
    });
    expect(created.status()).toBe(201);

    await page.getByRole('button', { name: 'Add shareholder' }).click();
    const form = await fillHolder(page, code);
    await fillAccount(form.getByRole('group', { name: 'Account 1' }), { number: `B${n}-1`, shares: '10' });
    await form.getByRole('button', { name: 'Save shareholder' }).click();
    await expect(form.getByRole('alert')).toContainText('This shareholder code is already in use');
    await expect(form.getByLabel('Code', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(`Shareholder ${code} added`)).toHaveCount(0);
  });

  test('a CSV with one bad line lists it and imports nothing', async ({ page }) => {
    const n = unique();
    await openShareholders(page);
    await page.getByRole('button', { name: 'Import CSV' }).click();
    await page
      .getByLabel('CSV file')
      .setInputFiles(
        csvFile([
          `PW${n}A,Good Holder,good@example.com,,,1 Main Street,Austin,TX,73301,I${n}-1,Good Holder,Acme Corp,Common,100,DRS,`,
          `PW${n}B,Bad Holder,bad@example.com,,,2 Main Street,Austin,TX,73301,I${n}-2,Bad Holder,Acme Corp,Common,lots,DRS,`,
        ]),
      );
    await page.getByRole('button', { name: 'Import', exact: true }).click();

    const panel = page.getByRole('region', { name: 'Import CSV' }).getByRole('alert');
    await expect(panel).toContainText('Line 3: shares_held: Shares held must be a whole number of zero or more');
    await expect(panel).toContainText('Nothing was imported.');
    await expect(panel.getByRole('listitem')).toHaveCount(1);

    await search(page, `PW${n}`);
    await expect(page.getByText('No shareholders found.')).toBeVisible();
  });

  test('a good CSV shows the counts and its rows are searchable', async ({ page }) => {
    const n = unique();
    await openShareholders(page);
    await page.getByRole('button', { name: 'Import CSV' }).click();
    await page
      .getByLabel('CSV file')
      .setInputFiles(
        csvFile([
          `PW${n}A,Ann Importer,ann@example.com,,,1 Main Street,Austin,TX,73301,J${n}-1,Ann Importer,Acme Corp,Common,1200,DRS,`,
          `PW${n}A,Ann Importer,ann@example.com,,,1 Main Street,Austin,TX,73301,J${n}-2,Ann Importer,Acme Corp,Preferred,30,CERTIFICATED,C-9;C-10`,
          `PW${n}B,Bob Importer,bob@example.com,,987654321,2 Main Street,Austin,TX,73301-1234,J${n}-3,Bob Importer,Acme Corp,Common,7,DRS,`,
        ]),
      );
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(page.getByText('Imported: 2 created, 0 updated, 3 accounts')).toBeVisible();

    await search(page, `PW${n}`);
    await expect(page.getByRole('row').filter({ hasText: `PW${n}A` })).toContainText('1,200 shares');
    await expect(page.getByRole('row').filter({ hasText: `PW${n}B` })).toContainText('***-**-4321');
    await expect(page.getByText(/^Showing 1 to 2 of 2$/)).toBeVisible();

    await search(page, `J${n}-3`);
    await expect(page.getByRole('row').filter({ hasText: 'Bob Importer' })).toHaveCount(1);
    await expect(page.getByRole('row').filter({ hasText: 'Ann Importer' })).toHaveCount(0);
  });
});
