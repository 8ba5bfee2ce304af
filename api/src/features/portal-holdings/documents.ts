import { and, count, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { certificates, issuers, ledgerLegs, ledgerTransactions, shareClasses } from '@ledgerwell/db/ledger-schema';
import { shareholderAccounts, shareholders } from '@ledgerwell/db/schema';
import { normalizeDecimal } from '@ledgerwell/shared/ledger';
import {
  adviceDocumentId,
  adviceTitle,
  type PortalDocument,
  type PortalDocumentsPage,
} from '@ledgerwell/shared/portal-documents';
import type { PortalPosting } from '@ledgerwell/shared/portal-holdings';
import type { AppDeps, RequestMeta } from '../../lib/context';
import { recordActivity } from '../activity/record-activity';
import type { PortalSession } from '../portal-auth/portal-sessions';
import { accountsOfHolder, type HolderScope } from './holdings';
import { accountPostings } from './postings';

const legs = ledgerLegs;
const t = ledgerTransactions;
const accounts = shareholderAccounts;

/** A transaction advice for every posting to one of the holder's accounts, newest first. */
export async function listDocuments(
  deps: AppDeps,
  session: PortalSession,
  { page, limit }: { page: number; limit: number },
): Promise<PortalDocumentsPage> {
  const mine = inArray(legs.accountId, accountsOfHolder(session.shareholderId));
  // The page is cut from the legs alone (journal order is on each leg), then only its rows are joined.
  const pageOfLegs = deps.db.$with('page_of_legs').as(
    deps.db
      .selectDistinct({
        transactionId: legs.transactionId,
        accountId: legs.accountId,
        effectiveDate: legs.effectiveDate,
        sequence: legs.transactionSequence,
      })
      .from(legs)
      .where(mine)
      .orderBy(desc(legs.effectiveDate), desc(legs.transactionSequence), legs.accountId)
      .limit(limit)
      .offset((page - 1) * limit),
  );
  const [rows, [total]] = await Promise.all([
    deps.db
      .with(pageOfLegs)
      .select({
        transactionId: pageOfLegs.transactionId,
        accountId: pageOfLegs.accountId,
        type: t.type,
        effectiveDate: pageOfLegs.effectiveDate,
        postedAt: t.postedAt,
        accountNumber: accounts.accountNumber,
        className: shareClasses.name,
        issuerName: issuers.legalName,
      })
      .from(pageOfLegs)
      .innerJoin(t, eq(t.id, pageOfLegs.transactionId))
      .innerJoin(accounts, eq(accounts.id, pageOfLegs.accountId))
      .innerJoin(shareClasses, eq(shareClasses.id, t.classId))
      .innerJoin(issuers, eq(issuers.id, shareClasses.issuerId))
      .orderBy(desc(pageOfLegs.effectiveDate), desc(pageOfLegs.sequence), pageOfLegs.accountId),
    deps.db
      .select({ n: count(sql`distinct (${legs.transactionId}, ${legs.accountId})`) })
      .from(legs)
      .where(mine),
  ]);
  const data: PortalDocument[] = rows.map((row) => ({
    id: adviceDocumentId(row.transactionId, row.accountId),
    kind: 'TRANSACTION_ADVICE',
    title: adviceTitle(row.type, row.effectiveDate),
    accountId: row.accountId,
    accountNumberEnding: row.accountNumber.slice(-4),
    issuerName: row.issuerName,
    className: row.className,
    transactionType: row.type,
    effectiveDate: row.effectiveDate,
    postedAt: new Date(row.postedAt).toISOString(),
  }));
  return { data, total: total!.n, page, limit };
}

/**
 * The posting as the holder's account saw it, with the balance after it; null when the posting has no leg on
 * the account. The caller has checked the account is the holder's.
 */
export async function postingOnAccount(
  deps: AppDeps,
  session: HolderScope,
  accountId: string,
  transactionId: string,
): Promise<PortalPosting | null> {
  const [posting] = await deps.db
    .select({ effectiveDate: legs.effectiveDate, sequence: legs.transactionSequence })
    .from(legs)
    .where(and(eq(legs.transactionId, transactionId), eq(legs.accountId, accountId)))
    .limit(1);
  if (!posting) return null;
  // Its rank among the account's postings up to its date, newest first, finds it in the one posting query.
  const [{ newer } = { newer: 0 }] = await deps.db
    .select({ newer: sql<number>`count(distinct ${legs.transactionId})::int` })
    .from(legs)
    .where(
      and(
        eq(legs.accountId, accountId),
        lte(legs.effectiveDate, posting.effectiveDate),
        sql`(${legs.effectiveDate}, ${legs.transactionSequence}) > (${posting.effectiveDate}, ${posting.sequence})`,
      ),
    );
  const { data } = await accountPostings(deps, session, accountId, {
    page: newer + 1,
    limit: 1,
    asOf: posting.effectiveDate,
  });
  return data[0]?.id === transactionId ? data[0] : null;
}

/** What the account held at the end of `asOf`, from the journal alone, and the certificates it held then. */
export async function holdingAsOf(deps: AppDeps, accountId: string, asOf: string) {
  const [sums, held] = await Promise.all([
    deps.db
      .select({
        drs: sql<string>`coalesce(sum(${legs.quantity}) filter (where ${legs.form} = 'DRS'), 0)::text`,
        certificated: sql<string>`coalesce(sum(${legs.quantity}) filter (where ${legs.form} = 'CERTIFICATE'), 0)::text`,
        total: sql<string>`coalesce(sum(${legs.quantity}), 0)::text`,
      })
      .from(legs)
      .where(and(eq(legs.accountId, accountId), lte(legs.effectiveDate, asOf))),
    deps.db
      .select({ number: certificates.number, shares: sql<string>`${certificates.shares}::text` })
      .from(certificates)
      .where(
        and(
          eq(certificates.accountId, accountId),
          lte(certificates.issueDate, asOf),
          sql`(${certificates.cancellationDate} is null or ${certificates.cancellationDate} > ${asOf})`,
        ),
      )
      .orderBy(certificates.number),
  ]);
  const sum = sums[0]!;
  return {
    drsShares: normalizeDecimal(sum.drs),
    certificatedShares: normalizeDecimal(sum.certificated),
    totalShares: normalizeDecimal(sum.total),
    certificates: held.map((c) => ({ number: c.number, shares: normalizeDecimal(c.shares) })),
  };
}

/** Every PDF a holder takes is on the record (issue 30): which, for which account, from where. */
export async function recordDownload(
  deps: AppDeps,
  session: PortalSession,
  details: { document: string; accountId: string; asOf?: string },
  meta: RequestMeta,
) {
  const [holder] = await deps.db
    .select({ code: shareholders.code })
    .from(shareholders)
    .where(eq(shareholders.id, session.shareholderId));
  await recordActivity(deps.db, {
    actor: { id: null, username: `shareholder ${holder?.code ?? session.shareholderId}` },
    action: 'PORTAL_DOCUMENT_DOWNLOADED',
    resourceType: 'shareholder',
    resourceId: session.shareholderId,
    details,
    meta,
  });
}
