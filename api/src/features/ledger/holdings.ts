import { and, asc, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '@ledgerwell/db/client';
import { certificates, ledgerPositions } from '@ledgerwell/db/ledger-schema';
import { normalizeDecimal } from '@ledgerwell/shared/ledger';

/** What an account holds today, read from the ledger (decision 019), never from `shareholder_accounts.shares_held`. */
export interface LedgerHolding {
  /** DRS and certificated together, an exact decimal string. */
  sharesHeld: string;
  drsShares: string;
  certificatedShares: string;
  /** The certificates the account holds, outstanding or stopped, by number. */
  certificateNumbers: string[];
}

export const NO_HOLDING: LedgerHolding = {
  sharesHeld: '0',
  drsShares: '0',
  certificatedShares: '0',
  certificateNumbers: [],
};

/** The holdings of the given accounts in two queries; an account not on the ledger holds nothing. */
export async function holdingsOf(db: Db, accountIds: string[]): Promise<Map<string, LedgerHolding>> {
  const holdings = new Map<string, LedgerHolding>();
  if (accountIds.length === 0) return holdings;
  const [positions, held] = await Promise.all([
    db
      .select({
        accountId: ledgerPositions.accountId,
        drs: sql<string>`${ledgerPositions.drsShares}::text`,
        certificated: sql<string>`${ledgerPositions.certificatedShares}::text`,
        // numeric adds exactly in PostgreSQL; the sum comes back as text like the parts.
        total: sql<string>`(${ledgerPositions.drsShares} + ${ledgerPositions.certificatedShares})::text`,
      })
      .from(ledgerPositions)
      .where(inArray(ledgerPositions.accountId, accountIds)),
    db
      .select({ accountId: certificates.accountId, number: certificates.number })
      .from(certificates)
      .where(and(inArray(certificates.accountId, accountIds), ne(certificates.status, 'CANCELLED')))
      .orderBy(asc(certificates.number)),
  ]);
  for (const position of positions) {
    holdings.set(position.accountId, {
      sharesHeld: normalizeDecimal(position.total),
      drsShares: normalizeDecimal(position.drs),
      certificatedShares: normalizeDecimal(position.certificated),
      certificateNumbers: [],
    });
  }
  for (const certificate of held) holdings.get(certificate.accountId)?.certificateNumbers.push(certificate.number);
  return holdings;
}

/** One account's holding (the portal's and the request screens' single account). */
export async function holdingOf(db: Db, accountId: string): Promise<LedgerHolding> {
  return (await holdingsOf(db, [accountId])).get(accountId) ?? NO_HOLDING;
}
