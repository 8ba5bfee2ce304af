import { randomUUID } from 'node:crypto';
import Big from 'big.js';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '@ledgerwell/db/client';
import {
  certificates,
  controlBooks,
  issuers,
  ledgerLegs,
  ledgerPositions,
  ledgerTransactions,
  shareClasses,
} from '@ledgerwell/db/ledger-schema';
import { shareholderAccounts } from '@ledgerwell/db/schema';
import { LEDGER_MESSAGES as M, type HoldingForm, type TransactionType } from '@ledgerwell/shared/ledger';
import { AppError } from '../../lib/errors';
import type { Actor } from '../activity/record-activity';
import { announceAdvices, type AdviceDeps } from './advice-delivery';

/**
 * The posting core: every ledger transaction is written through here, inside the caller's database
 * transaction, so the journal, the positions, the certificates and the control book change together or
 * not at all. Locks are taken in one order (positions by account id, then the control book, then the
 * issuer's certificate counter), so concurrent postings serialize without deadlocks.
 */

export interface PostingClass {
  id: string;
  issuerId: string;
  timeZone: string;
}

export interface LockedPosition {
  accountId: string;
  drs: Big;
  certificated: Big;
}

export async function loadClass(tx: Db, classId: string): Promise<PostingClass> {
  const [row] = await tx
    .select({ id: shareClasses.id, issuerId: shareClasses.issuerId, timeZone: issuers.timeZone })
    .from(shareClasses)
    .innerJoin(issuers, eq(issuers.id, shareClasses.issuerId))
    .where(eq(shareClasses.id, classId));
  if (!row) throw new AppError('NOT_FOUND', 'Share class not found');
  return row;
}

/** The accounts a posting touches, each of which must exist and belong to the class. */
export async function loadAccounts(tx: Db, classId: string, accountIds: string[]) {
  const rows = await tx
    .select({
      id: shareholderAccounts.id,
      classId: shareholderAccounts.classId,
      registrationName: shareholderAccounts.registrationName,
      accountNumber: shareholderAccounts.accountNumber,
    })
    .from(shareholderAccounts)
    .where(inArray(shareholderAccounts.id, accountIds));
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const id of accountIds) {
    const row = byId.get(id);
    if (!row) throw new AppError('NOT_FOUND', 'Account not found');
    if (row.classId !== classId) throw new AppError('CLASS_MISMATCH', M.classMismatch);
  }
  return byId;
}

/** Locks the accounts' positions in account-id order (the one order every posting uses) and reads them. */
export async function lockPositions(tx: Db, accountIds: string[]): Promise<Map<string, LockedPosition>> {
  const ids = [...new Set(accountIds)].sort();
  const rows = await tx
    .select({
      accountId: ledgerPositions.accountId,
      drs: ledgerPositions.drsShares,
      certificated: ledgerPositions.certificatedShares,
    })
    .from(ledgerPositions)
    .where(inArray(ledgerPositions.accountId, ids))
    .orderBy(asc(ledgerPositions.accountId))
    .for('update');
  if (rows.length !== ids.length) throw new Error('an account has no position row');
  return new Map(
    rows.map((row) => [row.accountId, { ...row, drs: Big(row.drs), certificated: Big(row.certificated) }]),
  );
}

export interface JournalHeader {
  type: TransactionType;
  postingClass: PostingClass;
  effectiveDate: string;
  actor: Actor;
  memo?: string | undefined;
  sourceRequestId?: string | null;
  authorizedShares?: Big | null;
  reversesId?: string | null;
}

export async function insertTransaction(tx: Db, header: JournalHeader): Promise<string> {
  const id = randomUUID();
  await tx.insert(ledgerTransactions).values({
    id,
    type: header.type,
    classId: header.postingClass.id,
    effectiveDate: header.effectiveDate,
    postedBy: header.actor.id,
    postedByUsername: header.actor.username,
    memo: header.memo || null,
    sourceRequestId: header.sourceRequestId ?? null,
    authorizedShares: header.authorizedShares?.toFixed(6) ?? null,
    reversesId: header.reversesId ?? null,
  });
  return id;
}

export interface Leg {
  accountId: string;
  /** Signed: negative debits. */
  quantity: Big;
  form: HoldingForm;
  certificateId?: string | null;
}

/**
 * Writes the legs, moves each account's position by them (the positions must be locked already) and announces the
 * posting's advice to every holder it touched (advice-delivery.ts): every posting path comes through here, so none
 * can forget the holder. `advise` is null only for an opening balance, which carries a holding the holder already
 * had onto our books and is no transaction of theirs.
 */
export async function writeLegs(
  tx: Db,
  transactionId: string,
  header: Pick<JournalHeader, 'type' | 'postingClass' | 'effectiveDate' | 'reversesId'>,
  legs: Leg[],
  advise: AdviceDeps | null,
): Promise<void> {
  await tx.insert(ledgerLegs).values(
    legs.map((leg) => ({
      transactionId,
      accountId: leg.accountId,
      classId: header.postingClass.id,
      effectiveDate: header.effectiveDate,
      // The ledger_legs_copy_sequence trigger copies the transaction's own.
      transactionSequence: sql`default`,
      quantity: leg.quantity.toFixed(6),
      form: leg.form,
      certificateId: leg.certificateId ?? null,
    })),
  );
  const deltas = new Map<string, { drs: Big; certificated: Big }>();
  for (const leg of legs) {
    const delta = deltas.get(leg.accountId) ?? { drs: Big(0), certificated: Big(0) };
    if (leg.form === 'DRS') delta.drs = delta.drs.plus(leg.quantity);
    else delta.certificated = delta.certificated.plus(leg.quantity);
    deltas.set(leg.accountId, delta);
  }
  for (const [accountId, delta] of [...deltas].sort(([a], [b]) => (a < b ? -1 : 1))) {
    await tx
      .update(ledgerPositions)
      .set({
        drsShares: sql`${ledgerPositions.drsShares} + ${delta.drs.toFixed(6)}::numeric`,
        certificatedShares: sql`${ledgerPositions.certificatedShares} + ${delta.certificated.toFixed(6)}::numeric`,
        updatedAt: sql`now()`,
      })
      .where(eq(ledgerPositions.accountId, accountId));
  }
  if (advise) {
    const posting = {
      transactionId,
      type: header.type,
      effectiveDate: header.effectiveDate,
      reversal: Boolean(header.reversesId),
    };
    await announceAdvices(
      tx,
      advise,
      posting,
      legs.map((leg) => leg.accountId),
    );
  }
}

/** Moves the class's control book by an issuance (positive) or a cancellation (negative), checking authorized. */
export async function moveControlBook(
  tx: Db,
  classId: string,
  change: { issued?: Big; cancelled?: Big },
  { requireAuthorized }: { requireAuthorized: boolean },
): Promise<void> {
  const [book] = await tx
    .select({
      authorized: controlBooks.authorizedShares,
      issued: controlBooks.issuedShares,
      cancelled: controlBooks.cancelledShares,
    })
    .from(controlBooks)
    .where(eq(controlBooks.classId, classId))
    .for('update');
  if (!book) throw new Error('the class has no control book');
  const issued = Big(book.issued).plus(change.issued ?? 0);
  const cancelled = Big(book.cancelled).plus(change.cancelled ?? 0);
  if (book.authorized === null) {
    if (requireAuthorized && change.issued) throw new AppError('AUTHORIZED_NOT_RECORDED', M.authorizedNotRecorded);
  } else if (issued.minus(cancelled).gt(book.authorized)) {
    throw new AppError('AUTHORIZED_EXCEEDED', M.authorizedExceeded);
  }
  await tx
    .update(controlBooks)
    .set({ issuedShares: issued.toFixed(6), cancelledShares: cancelled.toFixed(6), updatedAt: sql`now()` })
    .where(eq(controlBooks.classId, classId));
}

/** The next system certificate number of the issuer, such as "LW000042". */
async function nextCertificateNumber(tx: Db, issuerId: string): Promise<string> {
  const [row] = await tx
    .update(issuers)
    .set({ nextCertificateNumber: sql`${issuers.nextCertificateNumber} + 1` })
    .where(eq(issuers.id, issuerId))
    .returning({ next: issuers.nextCertificateNumber });
  if (!row) throw new Error('issuer vanished');
  return `LW${String(row.next - 1).padStart(6, '0')}`;
}

export interface NewCertificate {
  accountId: string;
  registration: string;
  shares: Big;
  number?: string | undefined;
  sourceCertificateId?: string | null;
}

/** Issues a certificate in the posting; a number the issuer already used is a 409. */
export async function issueCertificate(
  tx: Db,
  transactionId: string,
  header: Pick<JournalHeader, 'postingClass' | 'effectiveDate'>,
  certificate: NewCertificate,
): Promise<{ id: string; number: string }> {
  const number = certificate.number ?? (await nextCertificateNumber(tx, header.postingClass.issuerId));
  const [taken] = await tx
    .select({ id: certificates.id })
    .from(certificates)
    .where(and(eq(certificates.issuerId, header.postingClass.issuerId), eq(certificates.number, number)));
  if (taken) throw new AppError('CONFLICT', M.certificateNumberTaken, { certificateNumber: M.certificateNumberTaken });
  const id = randomUUID();
  await tx.insert(certificates).values({
    id,
    issuerId: header.postingClass.issuerId,
    classId: header.postingClass.id,
    number,
    accountId: certificate.accountId,
    shares: certificate.shares.toFixed(6),
    registration: certificate.registration,
    issueDate: header.effectiveDate,
    issuedBy: transactionId,
    sourceCertificateId: certificate.sourceCertificateId ?? null,
  });
  return { id, number };
}

export interface ConsumedCertificate {
  id: string;
  number: string;
  shares: Big;
}

/**
 * Cancels the named certificates of an account, each whole and at most once: the UPDATE matches only
 * an OUTSTANDING certificate, so a second posting of the same one finds nothing and is told why.
 */
export async function consumeCertificates(
  tx: Db,
  transactionId: string,
  header: Pick<JournalHeader, 'postingClass' | 'effectiveDate'>,
  accountId: string,
  numbers: string[],
): Promise<ConsumedCertificate[]> {
  const consumed = await tx
    .update(certificates)
    .set({ status: 'CANCELLED', cancelledBy: transactionId, cancellationDate: header.effectiveDate })
    .where(
      and(
        eq(certificates.issuerId, header.postingClass.issuerId),
        eq(certificates.classId, header.postingClass.id),
        eq(certificates.accountId, accountId),
        inArray(certificates.number, numbers),
        eq(certificates.status, 'OUTSTANDING'),
        // A back-dated posting cannot surrender a certificate issued after its date.
        lte(certificates.issueDate, header.effectiveDate),
      ),
    )
    .returning({ id: certificates.id, number: certificates.number, shares: certificates.shares });
  if (consumed.length < numbers.length) {
    const found = new Set(consumed.map((c) => c.number));
    const missing = numbers.filter((n) => !found.has(n));
    const rows = await tx
      .select({ number: certificates.number, status: certificates.status, accountId: certificates.accountId })
      .from(certificates)
      .where(and(eq(certificates.issuerId, header.postingClass.issuerId), inArray(certificates.number, missing)));
    const first = missing[0]!;
    const row = rows.find((r) => r.number === first);
    const field = { certificateNumbers: `${first}: ` };
    if (row?.accountId === accountId && row.status === 'STOPPED')
      throw new AppError('CERTIFICATE_STOPPED', `${first}: ${M.certificateStopped}`, {
        certificateNumbers: field.certificateNumbers + M.certificateStopped,
      });
    if (row?.accountId === accountId && row.status === 'CANCELLED')
      throw new AppError('CERTIFICATE_CANCELLED', `${first}: ${M.certificateCancelled}`, {
        certificateNumbers: field.certificateNumbers + M.certificateCancelled,
      });
    throw new AppError('CERTIFICATE_NOT_HELD', `${first}: ${M.certificateNotHeld}`, {
      certificateNumbers: field.certificateNumbers + M.certificateNotHeld,
    });
  }
  // In the order named, so lineage (which certificate the balance was cut from) follows the request.
  const order = new Map(numbers.map((n, i) => [n, i]));
  return consumed
    .map((c) => ({ ...c, shares: Big(c.shares) }))
    .sort((a, b) => order.get(a.number)! - order.get(b.number)!);
}

/**
 * The least DRS balance the account had at the end of any day from `date` to now: what a posting dated
 * `date` may debit without making a holding as of some day in between negative.
 */
export async function leastDrsFrom(tx: Db, accountId: string, date: string): Promise<Big> {
  const [row] = await tx
    .execute(sql`
    with days as (
      select effective_date, sum(sum(quantity)) over (order by effective_date) as balance
      from ledger_legs where account_id = ${accountId} and form = 'DRS' group by effective_date
    )
    select least(
      coalesce((select balance from days where effective_date <= ${date}::date order by effective_date desc limit 1), 0),
      coalesce((select min(balance) from days where effective_date > ${date}::date), 'Infinity'::numeric)
    )::text as least`)
    .then((r) => (r as { rows: { least: string }[] }).rows);
  return Big(row!.least);
}
