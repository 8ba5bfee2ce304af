import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@ledgerwell/db/client';
import { adviceDeliveries } from '@ledgerwell/db/ledger-schema';
import type { AdviceChannel } from '@ledgerwell/shared/advice-delivery';
import { QUESTIONS_LINE } from '@ledgerwell/shared/contact-facts';
import type { TransactionType } from '@ledgerwell/shared/ledger';
import { adviceDocumentId } from '@ledgerwell/shared/portal-documents';
import { POSTING_TYPE_LABELS } from '@ledgerwell/shared/portal-holdings';
import type { AppDeps } from '../../lib/context';
import { queueEmail, type OutgoingEmail } from '../email/queue-email';

/**
 * Every posting to a holder's account announces the holder's transaction advice, once per (posting, account),
 * in the posting's own transaction: `writeLegs` calls `announceAdvices` for every posting path, and the
 * one-statement transfer writes the same rows itself. The holder's e-delivery choice decides how: electronic
 * consent and an address give an e-mail that the advice is in the portal; anything else (paper, no choice yet,
 * no address) marks the advice for paper mailing (decision 022).
 */

export type AdviceDeps = Pick<AppDeps, 'cipher' | 'clock' | 'config'>;

/** A holder an advice is for, with what its e-mail says; the column names are SQL's. */
export interface AdviceRecipient {
  account_id: string;
  account_number: string;
  shareholder_id: string;
  name: string;
  email: string;
  electronic: boolean;
  issuer_name: string;
  class_name: string;
}

export interface AdvisedPosting {
  transactionId: string;
  type: TransactionType;
  effectiveDate: string;
  /** The posting reverses an earlier one: the e-mail says so. */
  reversal: boolean;
}

/**
 * The holders of the accounts `accountIds` (an SQL list) names, each with their current e-delivery choice: the
 * newest of their append-only choices (by time, then id, as the portal reads it), false when they never chose.
 * The class's depository nominee (Cede & Co.) is left out: the depository settles through its own systems.
 */
export const adviceRecipientsSql = (accountIds: SQL) => sql`
  select a.id as account_id, a.account_number, a.shareholder_id, h.name, h.email,
         i.legal_name as issuer_name, c.name as class_name,
         coalesce((select d.electronic from delivery_preference_choices d where d.shareholder_id = a.shareholder_id
                   order by d.created_at desc, d.id desc limit 1), false) as electronic
  from shareholder_accounts a
  join shareholders h on h.id = a.shareholder_id
  join share_classes c on c.id = a.class_id
  join issuers i on i.id = c.issuer_id
  where a.id in (${accountIds}) and c.nominee_account_id is distinct from a.id`;

export async function readAdviceRecipients(db: Db, accountIds: string[]): Promise<AdviceRecipient[]> {
  if (accountIds.length === 0) return [];
  const list = sql.join(
    accountIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const result = await db.execute(adviceRecipientsSql(list));
  return (result as unknown as { rows: AdviceRecipient[] }).rows;
}

/** Electronic delivery needs the holder's consent and an address to send to; every other advice goes by post. */
export const adviceChannel = (recipient: AdviceRecipient): AdviceChannel =>
  recipient.electronic && recipient.email.trim() !== '' ? 'EMAIL' : 'PAPER';

/**
 * The notice that an advice is ready: issuer, class, the account's last four digits, date and type, and the
 * portal's address. Never the PDF (the advice stays behind the holder's sign-in), never the full account number,
 * never the other side of the posting.
 */
export function adviceEmail(deps: AdviceDeps, posting: AdvisedPosting, recipient: AdviceRecipient): OutgoingEmail {
  const ending = recipient.account_number.slice(-4);
  const type = POSTING_TYPE_LABELS[posting.type] + (posting.reversal ? ' (reversal of an earlier posting)' : '');
  return {
    to: recipient.email,
    kind: 'TRANSACTION_ADVICE',
    relatedId: adviceDocumentId(posting.transactionId, recipient.account_id),
    subject: `Transaction advice: ${type}, account ending ${ending}`,
    lines: [
      `Dear ${recipient.name},`,
      '',
      `A transaction advice for your account ending ${ending} is ready in the shareholder portal:`,
      `Issuer: ${recipient.issuer_name}`,
      `Class: ${recipient.class_name}`,
      `Type: ${type}`,
      `Effective date: ${posting.effectiveDate}`,
      '',
      `Sign in to read it under "Your documents": ${deps.config.publicUrl}/shareholder-requests`,
      '',
      QUESTIONS_LINE,
    ],
  };
}

/**
 * Announces the posting's advice to each holder whose account it touched, in the posting's transaction. The
 * (posting, account) key of `advice_deliveries` makes a second call for the same posting announce nothing.
 */
export async function announceAdvices(
  tx: Db,
  deps: AdviceDeps,
  posting: AdvisedPosting,
  accountIds: string[],
): Promise<void> {
  const recipients = await readAdviceRecipients(tx, [...new Set(accountIds)].sort());
  if (recipients.length === 0) return;
  const recorded = await tx
    .insert(adviceDeliveries)
    .values(
      recipients.map((recipient) => ({
        transactionId: posting.transactionId,
        accountId: recipient.account_id,
        channel: adviceChannel(recipient),
      })),
    )
    .onConflictDoNothing()
    .returning({ accountId: adviceDeliveries.accountId, channel: adviceDeliveries.channel });
  const toEmail = new Set(recorded.filter((row) => row.channel === 'EMAIL').map((row) => row.accountId));
  for (const recipient of recipients.filter((r) => toEmail.has(r.account_id)))
    await queueEmail(deps, tx, adviceEmail(deps, posting, recipient));
}
