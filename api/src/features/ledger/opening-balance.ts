import Big from 'big.js';
import type { Db } from '@ledgerwell/db/client';
import { ledgerPositions } from '@ledgerwell/db/ledger-schema';
import type { HoldingType } from '@ledgerwell/shared/registry';
import type { AppDeps } from '../../lib/context';
import type { Actor } from '../activity/record-activity';
import { issuerToday } from './effective-date';
import type { PostingClass } from './journal';
import { issueShares } from './post-issuance';

/**
 * A certificated holding the registry gives as a total and a list of numbers is split evenly over them (it
 * never says how), the remainder on the first; with fewer shares than certificates, the first holds them all.
 * Migration 0027 split the holdings it carried over the same way.
 */
export function splitOverCertificates(shares: Big, numbers: string[]): { number: string; shares: Big }[] {
  const each = shares.div(numbers.length).round(0, Big.roundDown);
  if (each.eq(0)) return [{ number: numbers[0]!, shares }];
  return numbers.map((number, i) => ({
    number,
    shares: i === 0 ? shares.minus(each.times(numbers.length - 1)) : each,
  }));
}

export interface OpeningHolding {
  accountId: string;
  accountNumber: string;
  holdingType: HoldingType;
  sharesHeld: number;
  certificateNumbers: string[];
  /** The day the holding took effect (an import's effective_date); absent: the issuer's today. */
  effectiveDate?: string | undefined;
}

/** Puts a new registry account on the ledger: its position, and its holding as an opening-balance ISSUANCE. */
export async function openLedgerAccount(
  tx: Db,
  deps: Pick<AppDeps, 'clock'>,
  actor: Actor,
  postingClass: PostingClass,
  holding: OpeningHolding,
): Promise<void> {
  await tx.insert(ledgerPositions).values({ accountId: holding.accountId, classId: postingClass.id });
  if (holding.sharesHeld <= 0) return;
  const shares = Big(holding.sharesHeld);
  const numbers = [...new Set(holding.certificateNumbers.map((n) => n.trim().toUpperCase()))];
  const certificated = holding.holdingType === 'CERTIFICATED';
  await issueShares(tx, postingClass, actor, {
    accountId: holding.accountId,
    shares,
    certificates: certificated
      ? splitOverCertificates(
          shares,
          numbers.length > 0 ? numbers : [`UNNUMBERED-${holding.accountNumber.toUpperCase()}`],
        )
      : [],
    effectiveDate: holding.effectiveDate ?? issuerToday(deps, postingClass),
    memo: `Opening balance from the registry for account ${holding.accountNumber}`,
    requireAuthorized: false,
    advise: null,
  });
}
