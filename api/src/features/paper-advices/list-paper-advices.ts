import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import {
  adviceDeliveries,
  adviceMailQueue,
  adviceMailings,
  issuers,
  ledgerTransactions,
  shareClasses,
} from '@ledgerwell/db/ledger-schema';
import { shareholderAccounts, shareholders } from '@ledgerwell/db/schema';
import type { PaperAdvice, PaperAdvicesPage, PaperAdvicesQuery } from '@ledgerwell/shared/paper-advices';
import { adviceDocumentId } from '@ledgerwell/shared/portal-documents';
import type { AppDeps } from '../../lib/context';

const d = adviceDeliveries;
const m = adviceMailings;
const q = adviceMailQueue;
const t = ledgerTransactions;
const accounts = shareholderAccounts;

/**
 * The paper advices to mail, oldest first, or those mailed, newest first. The page is cut from one table alone
 * (pending: the work list `advice_mail_queue` in its index order; mailed: `advice_mailings_mailed_idx` backwards),
 * and only its rows are joined to the posting, the account and the holder, so a page costs the same however many
 * advices there are. EXPLAIN (ANALYZE) on PostgreSQL with 200,000 advices mailed: an index scan of either table,
 * stopped at the page's last row.
 */
export async function listPaperAdvices(
  deps: AppDeps,
  { status, page, limit }: PaperAdvicesQuery,
): Promise<PaperAdvicesPage> {
  const offset = (page - 1) * limit;
  const pageOfAdvices =
    status === 'pending'
      ? deps.db.$with('page_of_advices').as(
          deps.db
            .select({
              transactionId: q.transactionId,
              accountId: q.accountId,
              queuedAt: q.queuedAt,
              mailedAt: sql<Date | null>`null::timestamptz`.as('mailed_at'),
              mailedBy: sql<string | null>`null::text`.as('mailed_by'),
            })
            .from(q)
            .orderBy(asc(q.queuedAt), asc(q.transactionId), asc(q.accountId))
            .limit(limit)
            .offset(offset),
        )
      : deps.db.$with('page_of_advices').as(
          deps.db
            .select({
              transactionId: m.transactionId,
              accountId: m.accountId,
              queuedAt: d.createdAt,
              mailedAt: sql<Date | null>`${m.mailedAt}`.as('mailed_at'),
              mailedBy: sql<string | null>`${m.mailedBy}`.as('mailed_by'),
            })
            .from(m)
            .innerJoin(d, and(eq(d.transactionId, m.transactionId), eq(d.accountId, m.accountId)))
            .orderBy(desc(m.mailedAt), desc(m.transactionId), desc(m.accountId))
            .limit(limit)
            .offset(offset),
        );
  const [rows, total] = await Promise.all([
    deps.db
      .with(pageOfAdvices)
      .select({
        transactionId: pageOfAdvices.transactionId,
        accountId: pageOfAdvices.accountId,
        queuedAt: pageOfAdvices.queuedAt,
        mailedAt: pageOfAdvices.mailedAt,
        mailedBy: pageOfAdvices.mailedBy,
        type: t.type,
        effectiveDate: t.effectiveDate,
        postedAt: t.postedAt,
        issuerName: issuers.legalName,
        className: shareClasses.name,
        accountNumber: accounts.accountNumber,
        registrationName: accounts.registrationName,
        holderName: shareholders.name,
        line1: shareholders.addressLine1,
        line2: shareholders.addressLine2,
        city: shareholders.city,
        state: shareholders.state,
        postalCode: shareholders.postalCode,
      })
      .from(pageOfAdvices)
      .innerJoin(t, eq(t.id, pageOfAdvices.transactionId))
      .innerJoin(shareClasses, eq(shareClasses.id, t.classId))
      .innerJoin(issuers, eq(issuers.id, shareClasses.issuerId))
      .innerJoin(accounts, eq(accounts.id, pageOfAdvices.accountId))
      .innerJoin(shareholders, eq(shareholders.id, accounts.shareholderId))
      // The page's own order again, on its few rows.
      .orderBy(
        ...(status === 'pending'
          ? [asc(pageOfAdvices.queuedAt), asc(pageOfAdvices.transactionId), asc(pageOfAdvices.accountId)]
          : [desc(pageOfAdvices.mailedAt), desc(pageOfAdvices.transactionId), desc(pageOfAdvices.accountId)]),
      ),
    countAdvices(deps, status),
  ]);
  const advices: PaperAdvice[] = rows.map((row) => ({
    id: adviceDocumentId(row.transactionId, row.accountId),
    transactionType: row.type,
    effectiveDate: row.effectiveDate,
    postedAt: new Date(row.postedAt).toISOString(),
    issuerName: row.issuerName,
    className: row.className,
    accountNumber: row.accountNumber,
    registrationName: row.registrationName,
    holderName: row.holderName,
    // The address on file now: the envelope goes where the holder lives today, not where they lived at posting.
    address: { line1: row.line1, line2: row.line2, city: row.city, state: row.state, postalCode: row.postalCode },
    queuedAt: new Date(row.queuedAt).toISOString(),
    mailedAt: row.mailedAt ? new Date(row.mailedAt).toISOString() : null,
    mailedBy: row.mailedBy,
  }));
  return { advices, pagination: { page, limit, totalPages: Math.max(1, Math.ceil(total / limit)), totalCount: total } };
}

async function countAdvices(deps: AppDeps, status: PaperAdvicesQuery['status']): Promise<number> {
  const [row] = await deps.db.select({ n: count() }).from(status === 'pending' ? q : m);
  return row!.n;
}
