import type { AccountInput } from '@ledgerwell/shared/registry';
import { shareholderAccounts } from '@ledgerwell/db/schema';
import { createShareholder } from '../features/registry/create-shareholder';
import { classForRegistry } from '../features/ledger/issuers';
import { openLedgerAccount } from '../features/ledger/opening-balance';
import { createAdminUser, type TestApp } from './test-app';

/** Dana Whitfield's DRS account, the registry's usual first holding in the tests. */
export const DANA_DRS_ACCOUNT: AccountInput = {
  accountNumber: '100200300',
  registrationName: 'Dana Whitfield',
  issuer: 'Acme Corp',
  shareClass: 'Common',
  sharesHeld: 1500,
  holdingType: 'DRS',
  certificateNumbers: [],
};

/** Registers Dana Whitfield (code WH4821, dana@example.com) with these accounts, as a registrar would. */
export async function registerDana(t: TestApp, accounts: AccountInput[] = [DANA_DRS_ACCOUNT]) {
  const registrar = await createAdminUser(t.deps, { username: 'registrar', password: 'Correct-Horse-7' });
  return createShareholder(
    t.deps,
    { id: registrar.id, username: registrar.username },
    {
      code: 'WH4821',
      name: 'Dana Whitfield',
      email: 'dana@example.com',
      address: { line1: '1 Main St', city: 'Fresno', state: 'CA', postalCode: '93721' },
      accounts,
    },
    { requestId: 'test-request', ip: '127.0.0.1', userAgent: null },
  );
}

/**
 * An account as an older release stored it (straight into the table, before a rule of today), carried onto
 * the ledger as migration 0027 carried every account: a class by its names and an opening balance.
 */
export async function insertLegacyAccount(
  t: TestApp,
  values: Omit<typeof shareholderAccounts.$inferInsert, 'classId'>,
): Promise<void> {
  await t.deps.db.transaction(async (tx) => {
    const postingClass = await classForRegistry(tx, values.issuer, values.shareClass);
    const [row] = await tx
      .insert(shareholderAccounts)
      .values({ ...values, classId: postingClass.id })
      .returning();
    await openLedgerAccount(tx, t.deps, { id: null, username: null }, postingClass, {
      accountId: row!.id,
      accountNumber: row!.accountNumber,
      holdingType: row!.holdingType,
      sharesHeld: row!.sharesHeld,
      certificateNumbers: row!.certificateNumbers,
    });
  });
}
