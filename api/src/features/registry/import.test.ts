import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { asc, eq, like } from 'drizzle-orm';
import { adminActivity, shareholderAccounts, shareholders } from '@ledgerwell/db/schema';
import { certificates as ledgerCertificates, ledgerPositions } from '@ledgerwell/db/ledger-schema';
import { apiErrorSchema } from '@ledgerwell/shared/api-error';
import { createAdminUser, createTestApp, loginToken, type TestApp } from '../../test/test-app';
import { insertLegacyAccount } from '../../test/registry-fixtures';
import { IMPORT_IDS_PER_ACTIVITY } from './import-activity';
import { fieldContext } from '../../lib/field-encryption';
import { IMPORT_COLUMNS, REGISTRY_MESSAGES } from '@ledgerwell/shared/registry';

const PASSWORD = 'Correct-Horse-7';
const HEADER = IMPORT_COLUMNS.join(',');
const row = (over: Partial<Record<(typeof IMPORT_COLUMNS)[number], string>> = {}) => {
  const base: Record<string, string> = {
    code: 'WH4821',
    name: 'Dana Whitfield',
    email: 'dana@example.com',
    phone: '+1 555 010 2000',
    tax_id: '123-45-6789',
    address_line1: '1 Main St',
    city: 'Fresno',
    state: 'CA',
    postal_code: '93721',
    account_number: '100200300',
    registration_name: 'Dana Whitfield',
    issuer: 'Acme Corp',
    share_class: 'Common',
    shares_held: '1500',
    holding_type: 'DRS',
    certificate_numbers: '',
    ...over,
  };
  return IMPORT_COLUMNS.map((c) => (/[",]/.test(base[c]!) ? `"${base[c]!.replace(/"/g, '""')}"` : base[c])).join(',');
};
const csv = (...rows: string[]) => [HEADER, ...rows].join('\n') + '\n';

describe('POST /api/admin/shareholders/import', () => {
  let t: TestApp;
  let token: string;
  beforeEach(async () => {
    t = await createTestApp();
    await createAdminUser(t.deps, { username: 'registrar', password: PASSWORD, role: 'ADMIN' });
    token = await loginToken(t, 'registrar', PASSWORD);
  });
  afterEach(() => t.close());

  const upload = async (body: string, contentType = 'text/csv', as = token) => {
    const res = await t.app.request('/api/admin/shareholders/import', {
      method: 'POST',
      headers: { Authorization: `Bearer ${as}`, 'Content-Type': contentType },
      body,
    });
    return { status: res.status, json: (await res.json()) as any };
  };

  it('creates shareholders with several accounts, then updates them from a second file', async () => {
    const first = await upload(
      csv(
        row(),
        row({
          account_number: '100200301',
          holding_type: 'certificated',
          certificate_numbers: 'C-001; C-002',
          shares_held: '200',
        }),
        row({
          code: 'gh1906',
          name: 'Grace Hopper',
          email: 'grace@example.com',
          tax_id: '',
          account_number: '77001000',
          registration_name: 'Grace Hopper',
        }),
      ),
    );
    expect(first.status).toBe(200);
    expect(first.json.data).toEqual({ created: 2, updated: 0, accounts: 3 });
    const certificated = await t.deps.db
      .select()
      .from(shareholderAccounts)
      .where(eq(shareholderAccounts.accountNumber, '100200301'));
    expect(certificated[0]).toMatchObject({
      holdingType: 'CERTIFICATED',
      certificateNumbers: ['C-001', 'C-002'],
      sharesHeld: 200,
    });

    const second = await upload(csv(row({ address_line1: '9 Oak Ave' })));
    expect(second.json.data).toEqual({ created: 0, updated: 1, accounts: 1 });
    const [dana] = await t.deps.db.select().from(shareholders).where(eq(shareholders.code, 'WH4821'));
    expect(dana!.addressLine1).toBe('9 Oak Ave');
    expect(t.deps.cipher.decrypt(dana!.taxIdEncrypted!, fieldContext.shareholderTaxId(dana!.id))).toBe('123-45-6789');
    const [account] = await t.deps.db
      .select()
      .from(shareholderAccounts)
      .where(eq(shareholderAccounts.accountNumber, '100200300'));
    expect(account!.sharesHeld).toBe(1500);
    expect(
      await t.deps.db.select().from(adminActivity).where(eq(adminActivity.actionType, 'SHAREHOLDERS_IMPORTED')),
    ).toHaveLength(2);
  });

  it('needs 8 letters or digits in a new account number; a line may still update an older shorter one', async () => {
    const weak = await upload(csv(row(), row({ account_number: '12-34-56' })));
    expect(weak.status).toBe(400);
    expect(weak.json.errors).toEqual([{ line: 3, message: `account_number: ${REGISTRY_MESSAGES.accountNumberWeak}` }]);
    expect(await t.deps.db.select().from(shareholders)).toHaveLength(0);

    expect((await upload(csv(row()))).status).toBe(200);
    // An account from before the rule, as an older release stored it.
    const [dana] = await t.deps.db.select().from(shareholders).where(eq(shareholders.code, 'WH4821'));
    await insertLegacyAccount(t, {
      shareholderId: dana!.id,
      accountNumber: '4321',
      registrationName: 'Dana Whitfield',
      issuer: 'Acme Corp',
      shareClass: 'Common',
      sharesHeld: 5,
      holdingType: 'DRS',
    });
    const update = await upload(
      csv(row(), row({ account_number: '4321', shares_held: '5', registration_name: 'Dana Whitfield TTEE' })),
    );
    expect(update.status).toBe(200);
    const [old] = await t.deps.db
      .select()
      .from(shareholderAccounts)
      .where(eq(shareholderAccounts.accountNumber, '4321'));
    expect(old!.registrationName).toBe('Dana Whitfield TTEE');
  });

  it('changes nothing when one line is bad, and names each bad line', async () => {
    const res = await upload(
      csv(
        row(),
        row({ code: 'OK2', account_number: '5555', shares_held: '12.5' }),
        row({ code: 'X', account_number: '6666', postal_code: '1' }),
      ),
    );
    expect(res.status).toBe(400);
    expect(res.json.message).toBe('The file has 3 problems; nothing was imported.');
    expect(apiErrorSchema.safeParse(res.json).success).toBe(true);
    expect(res.json.errors).toEqual([
      { line: 3, message: 'shares_held: Shares held must be a whole number of zero or more' },
      { line: 4, message: 'code: Shareholder code must be 3 to 10 letters or digits' },
      { line: 4, message: 'postal_code: ZIP code must be 5 digits or 5+4' },
    ]);
    expect(await t.deps.db.select().from(shareholders)).toHaveLength(0);
    expect(await t.deps.db.select().from(shareholderAccounts)).toHaveLength(0);
  });

  it("puts new accounts on the ledger, and refuses a line that would change a holding or an account's class", async () => {
    const first = await upload(
      csv(
        row(),
        row({
          account_number: '100200301',
          holding_type: 'certificated',
          certificate_numbers: 'c-001; C-002; C-003',
          shares_held: '200',
        }),
      ),
    );
    expect(first.status).toBe(200);
    const certificates = await t.deps.db.select().from(ledgerCertificates).orderBy(asc(ledgerCertificates.number));
    expect(certificates.map((c) => [c.number, c.shares, c.status])).toEqual([
      ['C-001', '68.000000', 'OUTSTANDING'],
      ['C-002', '66.000000', 'OUTSTANDING'],
      ['C-003', '66.000000', 'OUTSTANDING'],
    ]);
    const positions = await t.deps.db.select().from(ledgerPositions);
    expect(positions.map((p) => [p.drsShares, p.certificatedShares]).sort()).toEqual([
      ['0.000000', '200.000000'],
      ['1500.000000', '0.000000'],
    ]);

    const moved = await upload(
      csv(
        row({ shares_held: '1250' }),
        row({
          account_number: '100200301',
          share_class: 'Preferred',
          shares_held: '200',
          holding_type: 'certificated',
          certificate_numbers: 'C-001',
        }),
      ),
    );
    expect(moved.status).toBe(400);
    expect(moved.json.errors).toEqual([
      { line: 2, message: `shares_held: ${REGISTRY_MESSAGES.holdingOnLedger('1500')}` },
      { line: 3, message: `issuer: ${REGISTRY_MESSAGES.classFixed('Acme Corp', 'Common')}` },
    ]);
    expect((await t.deps.db.select().from(ledgerPositions)).map((p) => p.drsShares).sort()).toEqual([
      '0.000000',
      '1500.000000',
    ]);
  });

  it('posts opening balances as of the effective_date column when the file has it, and refuses a future or bad one', async () => {
    const dated = (...rows: string[]) => [`${HEADER},effective_date`, ...rows].join('\n') + '\n';
    const bad = await upload(dated(`${row()},2999-01-01`, `${row({ account_number: '100200301' })},2026-02-30`));
    expect(bad.json.errors).toEqual([
      { line: 2, message: `effective_date: ${REGISTRY_MESSAGES.effectiveDateInvalid}` },
      { line: 3, message: `effective_date: ${REGISTRY_MESSAGES.effectiveDateInvalid}` },
    ]);
    expect((await upload(dated(row()))).json.errors[0]).toEqual({ line: 2, message: 'Expected 17 columns, found 16' });

    const good = await upload(
      dated(
        `${row({ holding_type: 'CERTIFICATED', certificate_numbers: 'C-7' })},2024-06-30`,
        `${row({ account_number: '100200301', shares_held: '20' })},`,
      ),
    );
    expect(good.status, JSON.stringify(good.json)).toBe(200);
    const [dana] = (await t.request('GET', '/api/admin/shareholders?search=WH4821', { token })).json.shareholders;
    const first = dana.accounts.find((a: { accountNumber: string }) => a.accountNumber === '100200300');
    const asOf = (date: string) =>
      t.request('GET', `/api/admin/ledger/accounts/${first.id}/position?asOf=${date}`, { token });
    expect((await asOf('2024-06-29')).json.data.totalShares).toBe('0');
    expect((await asOf('2024-06-30')).json.data).toMatchObject({ totalShares: '1500', certificatedShares: '1500' });
    const [certificate] = await t.deps.db.select().from(ledgerCertificates).where(eq(ledgerCertificates.number, 'C-7'));
    expect(certificate!.issueDate).toBe('2024-06-30');
  });

  it('refuses a wrong header, a short row, conflicting holder details, a repeated account and an account of another holder', async () => {
    expect((await upload('code,name\nA,B\n')).json.errors).toEqual([
      { line: 1, message: `The header must be: ${HEADER} (optionally ,effective_date last)` },
    ]);
    expect((await upload(csv('WH4821,Dana'))).json.errors[0]).toEqual({
      line: 2,
      message: 'Expected 16 columns, found 2',
    });
    expect(
      (await upload(csv(row(), row({ account_number: '100200301', email: 'other@example.com' })))).json.errors,
    ).toEqual([{ line: 3, message: 'The holder details differ from line 2 for code WH4821' }]);
    expect((await upload(csv(row(), row()))).json.errors).toEqual([
      { line: 3, message: 'account_number: 100200300 is already on line 2' },
    ]);

    expect((await upload(csv(row()))).status).toBe(200);
    const stolen = await upload(csv(row({ code: 'NEW01', account_number: '100200300' })));
    expect(stolen.status).toBe(400);
    expect(stolen.json.errors).toEqual([
      { line: 2, message: 'account_number: 100200300 belongs to shareholder WH4821' },
    ]);
    expect(await t.deps.db.select().from(shareholders)).toHaveLength(1);
  });

  it('records in the activity log which shareholders it created or changed, in parts of bounded size', async () => {
    const importRows = async () =>
      (
        await t.deps.db
          .select()
          .from(adminActivity)
          .where(eq(adminActivity.actionType, 'SHAREHOLDERS_IMPORTED'))
          .orderBy(asc(adminActivity.id))
      ).map((a) => a.details as Record<string, any>);
    const idOf = async (code: string) =>
      (await t.deps.db.select({ id: shareholders.id }).from(shareholders).where(eq(shareholders.code, code)))[0]!.id;

    expect(
      (
        await upload(
          csv(
            row(),
            row({
              code: 'GH1906',
              name: 'Grace Hopper',
              account_number: '77001000',
              registration_name: 'Grace Hopper',
            }),
          ),
        )
      ).status,
    ).toBe(200);
    expect(await importRows()).toEqual([
      {
        created: 2,
        updated: 0,
        accounts: 2,
        rows: 2,
        part: 1,
        parts: 1,
        createdIds: [await idOf('WH4821'), await idOf('GH1906')],
        updatedIds: [],
      },
    ]);

    // One holder changed and a part's worth created: the ids spill into a second row.
    const bulk = Array.from({ length: IMPORT_IDS_PER_ACTIVITY }, (_, i) =>
      row({
        code: `BULK${i}`,
        account_number: `90${String(i).padStart(6, '0')}`,
        name: `Bulk Holder ${i}`,
        registration_name: `Bulk Holder ${i}`,
      }),
    );
    expect((await upload(csv(row({ address_line1: '9 Oak Ave' }), ...bulk))).json.data).toEqual({
      created: IMPORT_IDS_PER_ACTIVITY,
      updated: 1,
      accounts: IMPORT_IDS_PER_ACTIVITY + 1,
    });
    const parts = (await importRows()).slice(1);
    expect(
      parts.map(({ part, parts: of, created, updated, accounts, rows }) => ({
        part,
        of,
        created,
        updated,
        accounts,
        rows,
      })),
    ).toEqual([
      {
        part: 1,
        of: 2,
        created: IMPORT_IDS_PER_ACTIVITY,
        updated: 1,
        accounts: IMPORT_IDS_PER_ACTIVITY + 1,
        rows: IMPORT_IDS_PER_ACTIVITY + 1,
      },
      {
        part: 2,
        of: 2,
        created: IMPORT_IDS_PER_ACTIVITY,
        updated: 1,
        accounts: IMPORT_IDS_PER_ACTIVITY + 1,
        rows: IMPORT_IDS_PER_ACTIVITY + 1,
      },
    ]);
    const bulkIds = (
      await t.deps.db.select({ id: shareholders.id }).from(shareholders).where(like(shareholders.code, 'BULK%'))
    ).map((s) => s.id);
    expect(parts.flatMap((p) => p.createdIds).sort()).toEqual(bulkIds.sort());
    expect(parts.flatMap((p) => p.updatedIds)).toEqual([await idOf('WH4821')]);
    for (const part of parts) {
      expect(part.createdIds.length + part.updatedIds.length).toBeLessThanOrEqual(IMPORT_IDS_PER_ACTIVITY);
      expect(JSON.stringify(part).length).toBeLessThan(25_000);
    }
  });

  it('needs text/csv and the ADMIN role', async () => {
    expect((await upload(csv(row()), 'application/json')).status).toBe(400);
    await createAdminUser(t.deps, { username: 'checker', password: PASSWORD, role: 'REVIEWER' });
    const reviewer = await loginToken(t, 'checker', PASSWORD);
    expect((await upload(csv(row()), 'text/csv', reviewer)).status).toBe(403);
  });

  it('accepts files over the JSON limit, up to 5 MB', async () => {
    // Long addresses make the file big with few holders: each holder opens a ledger account, which is what costs.
    const street = `${'Suite 100, The Long Office Park Building '.repeat(4)}1 Main St`.slice(0, 200);
    const rows = Array.from({ length: 450 }, (_, i) =>
      row({
        code: `BULK${i}`,
        account_number: `90${String(i).padStart(6, '0')}`,
        name: `Bulk Holder ${i}`,
        registration_name: `Bulk Holder ${i}`,
        address_line1: street,
      }),
    );
    const body = csv(...rows);
    expect(body.length).toBeGreaterThan(100 * 1024);
    const res = await upload(body);
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual({ created: 450, updated: 0, accounts: 450 });
    expect((await upload('x'.repeat(5 * 1024 * 1024 + 10))).status).toBe(413);
  });
});
