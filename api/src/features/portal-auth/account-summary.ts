import type { InferSelectModel } from 'drizzle-orm';
import type { Db } from '@ledgerwell/db/client';
import type { shareholderAccounts } from '@ledgerwell/db/schema';
import type { PortalAccount } from '@ledgerwell/shared/portal-auth';
import { holdingOf } from '../ledger/holdings';

/** What a signed-in holder is told of the account the session is for; the holding as the ledger has it. */
export async function accountSummary(
  db: Db,
  account: InferSelectModel<typeof shareholderAccounts>,
): Promise<PortalAccount> {
  const holding = await holdingOf(db, account.id);
  return {
    accountNumber: account.accountNumber,
    registrationName: account.registrationName,
    issuer: account.issuer,
    shareClass: account.shareClass,
    sharesHeld: holding.sharesHeld,
    holdingType: account.holdingType,
  };
}
