import type { InferSelectModel } from 'drizzle-orm';
import type { shareholderAccounts, shareholders } from '@ledgerwell/db/schema';
import type { DeliveryPreference } from '@ledgerwell/shared/delivery-preferences';
import { isWeakAccountNumber, maskTaxId, type ShareholderView } from '@ledgerwell/shared/registry';
import { NO_HOLDING, type LedgerHolding } from '../ledger/holdings';

export type ShareholderRow = InferSelectModel<typeof shareholders>;
export type AccountRow = InferSelectModel<typeof shareholderAccounts>;

/**
 * What admin screens see of a shareholder: the tax ID only masked, never decrypted here; each account's holding
 * as the ledger has it (`holdingsOf`); the holder's current delivery choice (`currentDeliveryPreferences`).
 */
export function toShareholderView(
  shareholder: ShareholderRow,
  accounts: AccountRow[],
  holdings: Map<string, LedgerHolding>,
  deliveryPreference: DeliveryPreference,
): ShareholderView {
  return {
    id: shareholder.id,
    code: shareholder.code,
    name: shareholder.name,
    email: shareholder.email,
    phone: shareholder.phone,
    taxIdMasked: maskTaxId(shareholder.taxIdLast4),
    address: {
      line1: shareholder.addressLine1,
      line2: shareholder.addressLine2,
      city: shareholder.city,
      state: shareholder.state,
      postalCode: shareholder.postalCode,
    },
    accounts: accounts.map((account) => {
      const holding = holdings.get(account.id) ?? NO_HOLDING;
      return {
        id: account.id,
        accountNumber: account.accountNumber,
        registrationName: account.registrationName,
        issuer: account.issuer,
        shareClass: account.shareClass,
        sharesHeld: holding.sharesHeld,
        drsShares: holding.drsShares,
        certificatedShares: holding.certificatedShares,
        holdingType: account.holdingType,
        certificateNumbers: holding.certificateNumbers,
        weakAccountNumber: isWeakAccountNumber(account.accountNumber),
      };
    }),
    createdAt: shareholder.createdAt.toISOString(),
    deliveryPreference,
  };
}
