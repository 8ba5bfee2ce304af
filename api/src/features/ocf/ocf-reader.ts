import { and, asc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '@ledgerwell/db/client';
import {
  certificates,
  controlBooks,
  issuers,
  ledgerLegs,
  ledgerTransactions,
  shareClasses,
} from '@ledgerwell/db/ledger-schema';
import { adminActivity, issuerApplications, shareholderAccounts } from '@ledgerwell/db/schema';
import { normalizeDecimal } from '@ledgerwell/shared/ledger';
import { notFound } from '../../lib/errors';
import type { LedgerEntry } from './security-book';

/** How many journal entries (with their legs) and accounts one read brings: memory holds one page. */
const JOURNAL_PAGE = 500;
const ACCOUNT_PAGE = 1000;

const decimalOrNull = (value: string | null) => (value === null ? null : normalizeDecimal(value));

/** The issuer, with what its application said of its formation, and the journal's extent at this moment. */
export async function readIssuer(db: Db, issuerId: string) {
  const [issuer] = await db
    .select({
      id: issuers.id,
      legalName: issuers.legalName,
      timeZone: issuers.timeZone,
      createdAt: issuers.createdAt,
      incorporationDate: issuerApplications.incorporationDate,
      incorporationState: issuerApplications.incorporationState,
    })
    .from(issuers)
    .leftJoin(issuerApplications, eq(issuerApplications.id, issuers.issuerApplicationId))
    .where(eq(issuers.id, issuerId));
  if (!issuer) throw notFound('Issuer not found');
  const classes = await db
    .select({
      id: shareClasses.id,
      name: shareClasses.name,
      cusip: shareClasses.cusip,
      parValue: shareClasses.parValue,
      nomineeAccountId: shareClasses.nomineeAccountId,
      authorizedShares: controlBooks.authorizedShares,
      outstandingShares: sql<string>`(${controlBooks.issuedShares} - ${controlBooks.cancelledShares})::text`,
      // The figure the class was created with, which a later adjustment replaced in the control book.
      createdAuthorized: sql<string | null>`(select a.details->>'authorizedShares' from ${adminActivity} a
        where a.resource_type = 'ledger' and a.resource_id = ${shareClasses.id}::text
          and a.action_type = 'SHARE_CLASS_CREATED' order by a.id limit 1)`,
      adjusted: sql<boolean>`exists (select 1 from ${ledgerTransactions} t
        where t.class_id = ${shareClasses.id} and t.type = 'AUTHORIZED_ADJUSTMENT')`,
    })
    .from(shareClasses)
    .innerJoin(controlBooks, eq(controlBooks.classId, shareClasses.id))
    .where(eq(shareClasses.issuerId, issuerId))
    .orderBy(asc(shareClasses.createdAt), asc(shareClasses.id));
  const classIds = classes.map((c) => c.id);
  // Entries posted after this point are left to the next export: the bundle is the journal as it stood.
  const [extent] = classIds.length
    ? await db
        .select({
          upTo: sql<string | null>`max(${ledgerTransactions.sequence})::text`,
          firstDate: sql<string | null>`min(${ledgerTransactions.effectiveDate})::text`,
        })
        .from(ledgerTransactions)
        .where(inArray(ledgerTransactions.classId, classIds))
    : [];
  return {
    issuer,
    classes: classes.map((c) => ({
      ...c,
      parValue: decimalOrNull(c.parValue),
      authorizedShares: decimalOrNull(c.authorizedShares),
      outstandingShares: normalizeDecimal(c.outstandingShares),
      initialAuthorized: c.adjusted ? decimalOrNull(c.createdAuthorized) : decimalOrNull(c.authorizedShares),
    })),
    upToSequence: Number(extent?.upTo ?? 0),
    firstDate: extent?.firstDate ?? null,
  };
}
export type IssuerSnapshot = Awaited<ReturnType<typeof readIssuer>>;

/** Every account of the issuer's classes, in keyset pages of id. */
export async function* accountPages(db: Db, classIds: string[]) {
  let after: string | null = null;
  for (;;) {
    const rows = await db
      .select({
        id: shareholderAccounts.id,
        accountNumber: shareholderAccounts.accountNumber,
        registrationName: shareholderAccounts.registrationName,
      })
      .from(shareholderAccounts)
      .where(and(inArray(shareholderAccounts.classId, classIds), after ? gt(shareholderAccounts.id, after) : undefined))
      .orderBy(asc(shareholderAccounts.id))
      .limit(ACCOUNT_PAGE);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < ACCOUNT_PAGE) return;
    after = rows.at(-1)!.id;
  }
}

/**
 * The issuer's journal in posting order, up to `upTo`, a keyset page of entries (with their legs) at a time. The
 * next page is read while the caller turns this one into OCF objects: the database works on one core while the
 * export works on another, where reading only when asked left the export idle for each page's two queries.
 * Memory holds two pages.
 */
export async function* journalPages(db: Db, classIds: string[], upTo: number): AsyncGenerator<LedgerEntry[]> {
  let pending = upTo > 0 ? journalPage(db, classIds, 0, upTo) : null;
  while (pending) {
    const page = await pending;
    if (!page) return;
    pending = page.last < upTo ? journalPage(db, classIds, page.last, upTo) : null;
    // A read that fails while nobody awaits it yet must not be an unhandled rejection: it is awaited next turn.
    pending?.catch(() => {});
    yield page.entries;
  }
}

/** One keyset page of the journal after sequence `after`: its entries with their legs, and its last sequence. */
async function journalPage(db: Db, classIds: string[], after: number, upTo: number) {
  const entries = await db
    .select({
      id: ledgerTransactions.id,
      sequence: ledgerTransactions.sequence,
      type: ledgerTransactions.type,
      classId: ledgerTransactions.classId,
      effectiveDate: ledgerTransactions.effectiveDate,
      memo: ledgerTransactions.memo,
      reversesId: ledgerTransactions.reversesId,
      authorizedShares: ledgerTransactions.authorizedShares,
    })
    .from(ledgerTransactions)
    .where(
      and(
        inArray(ledgerTransactions.classId, classIds),
        gt(ledgerTransactions.sequence, after),
        lte(ledgerTransactions.sequence, upTo),
      ),
    )
    .orderBy(asc(ledgerTransactions.sequence))
    .limit(JOURNAL_PAGE);
  if (entries.length === 0) return null;
  const legs = await db
    .select({
      transactionId: ledgerLegs.transactionId,
      accountId: ledgerLegs.accountId,
      quantity: ledgerLegs.quantity,
      form: ledgerLegs.form,
      certificateId: ledgerLegs.certificateId,
      number: certificates.number,
    })
    .from(ledgerLegs)
    .leftJoin(certificates, eq(certificates.id, ledgerLegs.certificateId))
    .where(
      inArray(
        ledgerLegs.transactionId,
        entries.map((e) => e.id),
      ),
    )
    .orderBy(asc(ledgerLegs.id));
  const byEntry = new Map<string, LedgerEntry['legs']>(entries.map((e) => [e.id, []]));
  for (const { transactionId, ...leg } of legs) byEntry.get(transactionId)!.push(leg);
  const page = entries.map((entry) => ({
    id: entry.id,
    type: entry.type,
    classId: entry.classId,
    effectiveDate: entry.effectiveDate,
    memo: entry.memo,
    reversesId: entry.reversesId,
    authorizedShares: entry.authorizedShares,
    legs: byEntry.get(entry.id)!,
  }));
  return { entries: page, last: entries.at(-1)!.sequence };
}
