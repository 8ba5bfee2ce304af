import Big from 'big.js';
import { LEDGER_MESSAGES as M } from '@ledgerwell/shared/ledger';
import type { Db } from '@ledgerwell/db/client';
import type { AppDeps } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { issuerToday } from './effective-date';
import {
  consumeCertificates,
  issueCertificate,
  leastDrsFrom,
  type JournalHeader,
  type Leg,
  type LockedPosition,
} from './journal';

export interface Debit {
  accountId: string;
  registration: string;
  shares: Big;
  /** Certificates surrendered; none: the shares come from the DRS position. */
  certificateNumbers: string[];
  /** The balance certificate's number when the caller knows it (an OCF import); else the issuer's next. */
  balanceNumber?: string | undefined;
}

/**
 * The debit side every movement shares (a transfer, a conversion, a cancellation): from named certificates, each
 * cancelled whole with any balance cut back to the holder on a new certificate, or from the DRS position, which
 * a back-dated debit must fit on every day since its date. Returns the legs and the last certificate surrendered
 * (the source of whatever the shares become, for lineage).
 */
export async function debit(
  tx: Db,
  deps: AppDeps,
  transactionId: string,
  header: JournalHeader,
  position: LockedPosition,
  from: Debit,
): Promise<{ legs: Leg[]; lastSource: string | null }> {
  const legs: Leg[] = [];
  if (from.certificateNumbers.length > 0) {
    const consumed = await consumeCertificates(tx, transactionId, header, from.accountId, from.certificateNumbers);
    const surrendered = consumed.reduce((sum, c) => sum.plus(c.shares), Big(0));
    if (surrendered.lt(from.shares)) throw new AppError('INSUFFICIENT_SHARES', M.certificatesTooSmall);
    for (const c of consumed)
      legs.push({ accountId: from.accountId, quantity: c.shares.neg(), form: 'CERTIFICATE', certificateId: c.id });
    const lastSource = consumed.at(-1)!.id;
    const balance = surrendered.minus(from.shares);
    if (balance.gt(0)) {
      const cut = await issueCertificate(tx, transactionId, header, {
        accountId: from.accountId,
        registration: from.registration,
        shares: balance,
        number: from.balanceNumber,
        sourceCertificateId: lastSource,
      });
      legs.push({ accountId: from.accountId, quantity: balance, form: 'CERTIFICATE', certificateId: cut.id });
    }
    return { legs, lastSource };
  }
  if (position.drs.lt(from.shares)) throw new AppError('INSUFFICIENT_SHARES', M.insufficientShares);
  // Back-dated, the debit must also fit every day from its date on: no list as of a past date may go negative.
  if (header.effectiveDate < issuerToday(deps, header.postingClass)) {
    const least = await leastDrsFrom(tx, from.accountId, header.effectiveDate);
    if (least.lt(from.shares)) throw new AppError('INSUFFICIENT_SHARES', M.insufficientSharesOnDate);
  }
  legs.push({ accountId: from.accountId, quantity: from.shares.neg(), form: 'DRS' });
  return { legs, lastSource: null };
}
