import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '@ledgerwell/db/client';
import { certificates, ledgerLegs, ledgerTransactions } from '@ledgerwell/db/ledger-schema';
import { shareholderAccounts } from '@ledgerwell/db/schema';
import { normalizeDecimal, type TransactionView } from '@ledgerwell/shared/ledger';
import { notFound } from '../../lib/errors';

type TransactionRow = typeof ledgerTransactions.$inferSelect;

/** Transactions as the API answers them, with their legs (debits first), in the order given. */
export async function transactionViews(tx: Db, rows: TransactionRow[]): Promise<TransactionView[]> {
  if (rows.length === 0) return [];
  const legs = await tx
    .select({
      transactionId: ledgerLegs.transactionId,
      accountId: ledgerLegs.accountId,
      accountNumber: shareholderAccounts.accountNumber,
      registrationName: shareholderAccounts.registrationName,
      quantity: ledgerLegs.quantity,
      form: ledgerLegs.form,
      certificateNumber: certificates.number,
    })
    .from(ledgerLegs)
    .innerJoin(shareholderAccounts, eq(shareholderAccounts.id, ledgerLegs.accountId))
    .leftJoin(certificates, eq(certificates.id, ledgerLegs.certificateId))
    .where(
      inArray(
        ledgerLegs.transactionId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(ledgerLegs.id));
  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    classId: row.classId,
    effectiveDate: row.effectiveDate,
    postedAt: row.postedAt.toISOString(),
    postedBy: row.postedByUsername,
    sourceRequestId: row.sourceRequestId,
    memo: row.memo,
    reversesId: row.reversesId,
    authorizedShares: row.authorizedShares === null ? null : normalizeDecimal(row.authorizedShares),
    legs: legs
      .filter((leg) => leg.transactionId === row.id)
      .map(({ transactionId: _, quantity, ...leg }) => ({
        ...leg,
        shares: quantity.startsWith('-') ? `-${normalizeDecimal(quantity.slice(1))}` : normalizeDecimal(quantity),
      })),
  }));
}

export async function readTransaction(tx: Db, id: string): Promise<TransactionView> {
  const rows = await tx.select().from(ledgerTransactions).where(eq(ledgerTransactions.id, id));
  const [view] = await transactionViews(tx, rows);
  if (!view) throw notFound('Transaction not found');
  return view;
}
