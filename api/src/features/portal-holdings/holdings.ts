import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  certificateStopOrders,
  certificates,
  issuers,
  ledgerPositions,
  shareClasses,
} from '@ledgerwell/db/ledger-schema';
import { shareholderAccounts } from '@ledgerwell/db/schema';
import { calendarDateIn, normalizeDecimal, type StopReason } from '@ledgerwell/shared/ledger';
import type { HoldingCertificate, PortalHolding } from '@ledgerwell/shared/portal-holdings';
import type { AppDeps } from '../../lib/context';
import { isUuid } from '../../lib/ids';
import type { PortalSession } from '../portal-auth/portal-sessions';

const accounts = shareholderAccounts;

/** The holder's accounts: a subquery, so each read is scoped to the session's holder in the database itself. */
export const accountsOfHolder = (shareholderId: string) =>
  sql`(select ${accounts.id} from ${accounts} where ${accounts.shareholderId} = ${shareholderId})`;

/**
 * Every account registered to the signed-in holder, with its position and certificates from the ledger
 * (decision 019): two queries, whatever the number of accounts. An account with no posting yet holds nothing.
 */
export async function holderHoldings(deps: AppDeps, session: PortalSession): Promise<PortalHolding[]> {
  const [rows, held] = await Promise.all([
    deps.db
      .select({
        id: accounts.id,
        accountNumber: accounts.accountNumber,
        registrationName: accounts.registrationName,
        className: shareClasses.name,
        issuerName: issuers.legalName,
        timeZone: issuers.timeZone,
        drs: sql<string>`coalesce(${ledgerPositions.drsShares}, 0)::text`,
        certificated: sql<string>`coalesce(${ledgerPositions.certificatedShares}, 0)::text`,
        // numeric adds exactly in PostgreSQL; the sum comes back as text like the parts.
        total: sql<string>`(coalesce(${ledgerPositions.drsShares}, 0) + coalesce(${ledgerPositions.certificatedShares}, 0))::text`,
      })
      .from(accounts)
      .innerJoin(shareClasses, eq(shareClasses.id, accounts.classId))
      .innerJoin(issuers, eq(issuers.id, shareClasses.issuerId))
      .leftJoin(ledgerPositions, eq(ledgerPositions.accountId, accounts.id))
      .where(eq(accounts.shareholderId, session.shareholderId))
      .orderBy(asc(issuers.legalName), asc(shareClasses.name), asc(accounts.accountNumber)),
    deps.db
      .select({
        accountId: certificates.accountId,
        number: certificates.number,
        shares: sql<string>`${certificates.shares}::text`,
        status: certificates.status,
        issueDate: certificates.issueDate,
        cancellationDate: certificates.cancellationDate,
        // The reason of the stop order in force: the newest placement (a release returns the status to OUTSTANDING).
        // The outer column is named with its table: in a select of one table drizzle writes columns bare, and a
        // bare "id" in the subquery would be the stop order's own.
        stopReason: sql<StopReason | null>`case when ${certificates.status} = 'STOPPED' then (
          select ${certificateStopOrders.reason} from ${certificateStopOrders}
          where ${certificateStopOrders.certificateId} = ${sql.raw('"certificates"."id"')}
            and ${certificateStopOrders.action} = 'PLACED'
          order by ${certificateStopOrders.createdAt} desc limit 1) end`,
      })
      .from(certificates)
      .where(inArray(certificates.accountId, accountsOfHolder(session.shareholderId)))
      .orderBy(asc(certificates.number)),
  ]);
  const byAccount = new Map<string, HoldingCertificate[]>(rows.map((row) => [row.id, []]));
  for (const { accountId, shares, ...certificate } of held) {
    byAccount.get(accountId)?.push({ ...certificate, shares: normalizeDecimal(shares) });
  }
  return rows.map((row) => ({
    accountId: row.id,
    accountNumberEnding: row.accountNumber.slice(-4),
    registrationName: row.registrationName,
    issuerName: row.issuerName,
    className: row.className,
    drsShares: normalizeDecimal(row.drs),
    certificatedShares: normalizeDecimal(row.certificated),
    totalShares: normalizeDecimal(row.total),
    certificates: byAccount.get(row.id) ?? [],
    signedInAccount: row.id === session.accountId,
    issuerToday: calendarDateIn(row.timeZone, deps.clock.now()),
  }));
}

/** Whose documents: the signed-in holder's, or (for staff mailing a paper advice) the account's holder. */
export type HolderScope = Pick<PortalSession, 'shareholderId'>;

/** What documents name of an account: its registration, class and issuer. */
export interface HoldersAccount {
  id: string;
  accountNumber: string;
  registrationName: string;
  className: string;
  issuerName: string;
  timeZone: string;
}

/**
 * The account when it is registered to the session's holder; null for anything else (another holder's,
 * unknown or malformed), which is, to this holder, not there.
 */
export async function holdersAccount(
  deps: AppDeps,
  session: HolderScope,
  accountId: string,
): Promise<HoldersAccount | null> {
  if (!isUuid(accountId)) return null;
  const [row] = await deps.db
    .select({
      id: accounts.id,
      accountNumber: accounts.accountNumber,
      registrationName: accounts.registrationName,
      className: shareClasses.name,
      issuerName: issuers.legalName,
      timeZone: issuers.timeZone,
    })
    .from(accounts)
    .innerJoin(shareClasses, eq(shareClasses.id, accounts.classId))
    .innerJoin(issuers, eq(issuers.id, shareClasses.issuerId))
    .where(and(eq(accounts.id, accountId), eq(accounts.shareholderId, session.shareholderId)));
  return row ?? null;
}
