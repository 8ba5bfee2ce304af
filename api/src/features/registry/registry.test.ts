import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { adminActivity, shareholderAccounts, shareholders } from '@ledgerwell/db/schema';
import { REGISTRY_MESSAGES as M, shareholderCreatedSchema, shareholderListSchema } from '@ledgerwell/shared/registry';
import { createAdminUser, createTestApp, loginToken, type TestApp } from '../../test/test-app';
import { insertLegacyAccount } from '../../test/registry-fixtures';
import { fieldContext } from '../../lib/field-encryption';

const PASSWORD = 'Correct-Horse-7';
const dana = {
  code: 'WH4821',
  name: 'Dana Whitfield',
  email: 'dana@example.com',
  phone: '+1 555 010 2000',
  taxId: '123-45-6789',
  address: { line1: '1 Main St', city: 'Fresno', state: 'CA', postalCode: '93721' },
  accounts: [
    {
      accountNumber: '100200300',
      registrationName: 'Dana Whitfield',
      issuer: 'Acme Corp',
      shareClass: 'Common',
      sharesHeld: 1500,
      holdingType: 'DRS',
      certificateNumbers: [],
    },
  ],
};

describe('admin shareholder registry', () => {
  let t: TestApp;
  let admin: string;
  beforeEach(async () => {
    t = await createTestApp();
    await createAdminUser(t.deps, { username: 'registrar', password: PASSWORD, role: 'ADMIN' });
    admin = await loginToken(t, 'registrar', PASSWORD);
  });
  afterEach(() => t.close());

  const create = (body: unknown, token = admin) => t.request('POST', '/api/admin/shareholders', { token, body });

  it('creates a shareholder with accounts, the tax ID encrypted at rest and masked in the answer', async () => {
    const res = await create({ ...dana, code: 'wh4821' });
    expect(res.status).toBe(201);
    expect(res.json.data).toMatchObject({ code: 'WH4821', name: 'Dana Whitfield', taxIdMasked: '***-**-6789' });
    expect(res.json.data.accounts).toEqual([
      expect.objectContaining({ accountNumber: '100200300', sharesHeld: '1500', holdingType: 'DRS' }),
    ]);
    expect(JSON.stringify(res.json)).not.toContain('123-45-6789');
    expect(shareholderCreatedSchema.safeParse(res.json).success).toBe(true);

    const [row] = await t.deps.db.select().from(shareholders);
    expect(row!.taxIdEncrypted).toMatch(/^v2:/);
    expect(row!.taxIdEncrypted).not.toContain('6789');
    expect(t.deps.cipher.decrypt(row!.taxIdEncrypted!, fieldContext.shareholderTaxId(row!.id))).toBe('123-45-6789');
    const activity = await t.deps.db
      .select()
      .from(adminActivity)
      .where(eq(adminActivity.actionType, 'SHAREHOLDER_CREATED'));
    expect(activity).toHaveLength(1);
    expect(JSON.stringify(activity)).not.toContain('123-45-6789');
  });

  it.each([
    ['code', { code: 'ab' }, 'code', M.codeInvalid],
    ['code with symbols', { code: 'WH-48' }, 'code', M.codeInvalid],
    ['tax ID over 15', { taxId: '1234567890123456' }, 'taxId', M.taxIdTooLong],
    ['postal code', { address: { ...dana.address, postalCode: '9372' } }, 'address.postalCode', M.postalCodeInvalid],
    ['no accounts', { accounts: [] }, 'accounts', M.accountsRequired],
    [
      'negative shares',
      { accounts: [{ ...dana.accounts[0], sharesHeld: -1 }] },
      'accounts.0.sharesHeld',
      M.sharesHeldInvalid,
    ],
    [
      'fractional shares',
      { accounts: [{ ...dana.accounts[0], sharesHeld: 1.5 }] },
      'accounts.0.sharesHeld',
      M.sharesHeldInvalid,
    ],
    [
      'holding type',
      { accounts: [{ ...dana.accounts[0], holdingType: 'PAPER' }] },
      'accounts.0.holdingType',
      M.holdingTypeInvalid,
    ],
    ['repeated account', { accounts: [dana.accounts[0], dana.accounts[0]] }, 'accounts', M.duplicateAccount],
  ])('refuses a bad %s with its message and stores nothing', async (_label, change, field, message) => {
    const res = await create({ ...dana, ...change });
    expect(res.status).toBe(400);
    expect(res.json.errors[field]).toBe(message);
    expect(await t.deps.db.select().from(shareholders)).toHaveLength(0);
  });

  it('refuses unknown fields', async () => {
    const res = await create({ ...dana, favouriteColour: 'blue' });
    expect(res.status).toBe(400);
  });

  it('answers 409 for a code already taken (in any case) or an account number in use, and adds nothing', async () => {
    expect((await create(dana)).status).toBe(201);
    const sameCode = await create({
      ...dana,
      code: 'wh4821',
      accounts: [{ ...dana.accounts[0], accountNumber: '999' + '000111' }],
    });
    expect(sameCode.status).toBe(409);
    expect(sameCode.json.message).toBe(M.codeTaken);
    const sameAccount = await create({ ...dana, code: 'OTHER1' });
    expect(sameAccount.status).toBe(409);
    expect(sameAccount.json.errors).toEqual({ 'accounts.0.accountNumber': M.accountTaken });
    expect(await t.deps.db.select().from(shareholders)).toHaveLength(1);
    expect(await t.deps.db.select().from(shareholderAccounts)).toHaveLength(1);
  });

  it('lets every admin role read, and only ADMIN and SUPER_ADMIN write', async () => {
    await createAdminUser(t.deps, { username: 'viewer', password: PASSWORD, role: 'READ_ONLY' });
    await createAdminUser(t.deps, { username: 'checker', password: PASSWORD, role: 'REVIEWER' });
    const viewer = await loginToken(t, 'viewer', PASSWORD);
    const checker = await loginToken(t, 'checker', PASSWORD);
    expect((await create(dana, viewer)).status).toBe(403);
    expect((await create(dana, checker)).status).toBe(403);
    expect((await t.request('GET', '/api/admin/shareholders', { token: viewer })).status).toBe(200);
    expect((await t.request('GET', '/api/admin/shareholders')).status).toBe(401);
  });

  it('needs 8 letters or digits in a new account number, dashes aside; older shorter ones are listed as weak', async () => {
    for (const accountNumber of ['1234', 'AB-12-34-5', '1234567']) {
      const res = await create({ ...dana, code: 'WEAK1', accounts: [{ ...dana.accounts[0], accountNumber }] });
      expect(res.status, accountNumber).toBe(400);
      expect(res.json.errors, accountNumber).toEqual({ 'accounts.0.accountNumber': M.accountNumberWeak });
    }
    expect(
      (await create({ ...dana, code: 'OK8', accounts: [{ ...dana.accounts[0], accountNumber: 'AB-123-456' }] })).status,
    ).toBe(201);
    // One entered before the rule, straight into the table as an older release did.
    const [holder] = await t.deps.db.select().from(shareholders).where(eq(shareholders.code, 'OK8'));
    await insertLegacyAccount(t, {
      shareholderId: holder!.id,
      accountNumber: '4321',
      registrationName: 'Old entry',
      issuer: 'Acme Corp',
      shareClass: 'Common',
      sharesHeld: 5,
      holdingType: 'DRS',
    });
    const list = await t.request('GET', '/api/admin/shareholders?search=OK8', { token: admin });
    const accounts = list.json.shareholders[0].accounts as { accountNumber: string; weakAccountNumber: boolean }[];
    expect(Object.fromEntries(accounts.map((a) => [a.accountNumber, a.weakAccountNumber]))).toEqual({
      'AB-123-456': false,
      '4321': true,
    });
  });

  it('searches by code, name or account number, and pages', async () => {
    for (let i = 1; i <= 25; i++) {
      const n = String(i).padStart(2, '0');
      expect(
        (
          await create({
            ...dana,
            code: `SH${n}`,
            name: i === 7 ? 'Grace Hopper' : `Holder ${n}`,
            accounts: [{ ...dana.accounts[0], accountNumber: `5000000${n}` }],
          })
        ).status,
      ).toBe(201);
    }
    const page2 = await t.request('GET', '/api/admin/shareholders?page=2&limit=10', { token: admin });
    expect(page2.json).toMatchObject({ total: 25, page: 2, totalPages: 3 });
    expect(shareholderListSchema.safeParse(page2.json).success).toBe(true);
    expect(page2.json.shareholders.map((s: { code: string }) => s.code)[0]).toBe('SH11');
    const byName = await t.request('GET', '/api/admin/shareholders?search=grace', { token: admin });
    expect(byName.json.shareholders.map((s: { code: string }) => s.code)).toEqual(['SH07']);
    const byAccount = await t.request('GET', '/api/admin/shareholders?search=500000013', { token: admin });
    expect(byAccount.json.shareholders.map((s: { code: string }) => s.code)).toEqual(['SH13']);
    const literal = await t.request('GET', `/api/admin/shareholders?search=${encodeURIComponent('%')}`, {
      token: admin,
    });
    expect(literal.json.total).toBe(0);
    const bad = await t.request('GET', '/api/admin/shareholders?limit=1000', { token: admin });
    expect(bad.status).toBe(400);
    expect(bad.json.errors.limit).toBe('Limit must be at most 100');
    const [{ count }] = (await t.deps.db
      .execute<{ count: number }>(sql`select count(*)::int as count from shareholder_accounts`)
      .then((r: any) => r.rows)) as any;
    expect(count).toBe(25);
  });
});
