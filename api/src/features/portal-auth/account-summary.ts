import type { InferSelectModel } from 'drizzle-orm';
import type { shareholderAccounts } from '@ledgerwell/db/schema';

/** What a signed-in holder is told of the account the session is for. */
export function accountSummary(account: InferSelectModel<typeof shareholderAccounts>) {
  return {
    accountNumber: account.accountNumber,
    registrationName: account.registrationName,
    issuer: account.issuer,
    shareClass: account.shareClass,
    sharesHeld: account.sharesHeld,
    holdingType: account.holdingType,
  };
}
