import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { preparedStatement } from '@ledgerwell/db/client';
import { normalizeDecimal, type TransactionView, type TransferInput } from '@ledgerwell/shared/ledger';
import type { AppDeps, RequestMeta } from '../../lib/context';
import type { Actor } from '../activity/record-activity';
import { outboxRow } from '../email/queue-email';
import { adviceChannel, adviceEmail, adviceRecipientsSql, readAdviceRecipients } from './advice-delivery';

interface PostedRow {
  sequence: string;
  posted_at: string | Date;
  from_number: string;
  from_name: string;
  to_number: string;
  to_name: string;
}

/** A transfer the one-statement path can post: DRS to DRS, no certificates, dated the issuer's today. */
export const isPlainDrsTransfer = (input: TransferInput) =>
  input.toForm === 'DRS' && (input.certificateNumbers?.length ?? 0) === 0;

/** The statement's values, by placeholder. */
type PlainTransferValues = Record<
  | 'actorId'
  | 'actorUsername'
  | 'advices'
  | 'classId'
  | 'debit'
  | 'details'
  | 'effectiveDate'
  | 'first'
  | 'from'
  | 'id'
  | 'ip'
  | 'memo'
  | 'now'
  | 'requestId'
  | 'second'
  | 'shares'
  | 'to'
  | 'userAgent',
  string | null
>;

const p = (name: keyof PlainTransferValues) => sql.placeholder(name);

const plainDrsTransfer = preparedStatement<PostedRow, PlainTransferValues>(
  'ledger-plain-drs-transfer',
  sql`
    with planned as (
      select * from jsonb_to_recordset(${p('advices')}::jsonb) as x(
        account_id uuid, shareholder_id uuid, email text, electronic boolean, channel advice_channel,
        outbox_id uuid, subject text, body text, related_id text)
    ),
    recipients as (${adviceRecipientsSql(sql`${p('first')}::uuid, ${p('second')}::uuid`)}),
    locked as (
      select account_id, drs_shares from ledger_positions
      where account_id in (${p('first')}::uuid, ${p('second')}::uuid)
      order by account_id
      for update
    ),
    accounts as (
      select id, account_number, registration_name from shareholder_accounts
      where id in (${p('from')}::uuid, ${p('to')}::uuid) and class_id = ${p('classId')}::uuid
    ),
    allowed as (
      select 1 from share_classes c join issuers i on i.id = c.issuer_id
      where c.id = ${p('classId')}::uuid
        and (${p('now')}::timestamptz at time zone i.time_zone)::date = ${p('effectiveDate')}::date
        and (select count(*) from accounts) = 2
        and (select count(*) from locked) = 2
        and (select drs_shares from locked where account_id = ${p('from')}::uuid) >= ${p('shares')}::numeric
        -- The advices were planned from the holders as read just before: unchanged, or the general path runs.
        and not exists (
          select 1 from recipients r full join planned x on x.account_id = r.account_id
          where (r.shareholder_id, r.email, r.electronic) is distinct from (x.shareholder_id, x.email, x.electronic)
        )
    ),
    posted as (
      insert into ledger_transactions (id, type, class_id, effective_date, posted_by, posted_by_username, memo)
      select ${p('id')}::uuid, 'TRANSFER', ${p('classId')}::uuid, ${p('effectiveDate')}::date, ${p('actorId')}::uuid,
             ${p('actorUsername')}, ${p('memo')}
      from allowed
      returning sequence, posted_at
    ),
    moves (account_id, quantity) as (
      values (${p('from')}::uuid, ${p('debit')}::numeric), (${p('to')}::uuid, ${p('shares')}::numeric)
    ),
    legs as (
      insert into ledger_legs (transaction_id, account_id, class_id, effective_date, quantity, form)
      select ${p('id')}::uuid, moves.account_id, ${p('classId')}::uuid, ${p('effectiveDate')}::date, moves.quantity, 'DRS'
      from posted, moves
    ),
    moved as (
      update ledger_positions p set drs_shares = p.drs_shares + moves.quantity, updated_at = now()
      from posted, moves
      where p.account_id = moves.account_id
    ),
    activity as (
      insert into admin_activity (admin_user_id, admin_username, action_type, resource_type, resource_id, details,
                                  ip_address, user_agent, request_id)
      select ${p('actorId')}::uuid, ${p('actorUsername')}, 'LEDGER_TRANSFER_POSTED', 'ledger', ${p('id')}, ${p('details')}::jsonb,
             ${p('ip')}, ${p('userAgent')}, ${p('requestId')}
      from posted
    ),
    advised as (
      insert into advice_deliveries (transaction_id, account_id, channel)
      select ${p('id')}::uuid, x.account_id, x.channel from posted, planned x
    ),
    mailed as (
      insert into email_outbox (id, to_address, subject, body_encrypted, kind, related_id)
      select x.outbox_id, x.email, x.subject, x.body, 'TRANSACTION_ADVICE', x.related_id
      from posted, planned x where x.channel = 'EMAIL'
    )
    select posted.sequence::text, posted.posted_at,
           f.account_number as from_number, f.registration_name as from_name,
           t.account_number as to_number, t.registration_name as to_name
    from posted
    join accounts f on f.id = ${p('from')}::uuid
    join accounts t on t.id = ${p('to')}::uuid`,
);

/**
 * The advices the transfer announces (advice-delivery.ts), with each e-mail's outbox row made (its body encrypted)
 * before the statement, which writes them only if it posts. The holders are read just before; the statement
 * checks they are unchanged.
 */
async function plannedAdvices(deps: AppDeps, transactionId: string, input: TransferInput, accountIds: string[]) {
  const posting = { transactionId, type: 'TRANSFER' as const, effectiveDate: input.effectiveDate, reversal: false };
  const recipients = await readAdviceRecipients(deps.db, accountIds);
  return recipients.map((recipient) => {
    const channel = adviceChannel(recipient);
    const email = channel === 'EMAIL' ? outboxRow(deps, adviceEmail(deps, posting, recipient)) : null;
    return {
      account_id: recipient.account_id,
      shareholder_id: recipient.shareholder_id,
      email: recipient.email,
      electronic: recipient.electronic,
      channel,
      outbox_id: email?.id ?? null,
      subject: email?.subject ?? null,
      body: email?.bodyEncrypted ?? null,
      related_id: email?.relatedId ?? null,
    };
  });
}

/**
 * The common posting, DRS shares from one holder to another dated today, in ONE statement without BEGIN and
 * COMMIT: the positions locked in account-id order (the order of every posting), then the transaction, its two
 * legs, both positions, the activity row and the holders' advices, written only when the class, both accounts and the debited balance
 * allow it. Each round trip to the database costs far more than the work here (decision 019, throughput), and the
 * general path takes thirteen. Nothing is written when a rule is not met: the answer is then null, and the caller
 * takes the general path, which says exactly which rule (or posts, if the holding changed meanwhile). The
 * positions' CHECK (never below zero) stands behind it as behind every posting.
 */
export async function postPlainDrsTransfer(
  deps: AppDeps,
  actor: Actor,
  input: TransferInput,
  meta: RequestMeta | null,
): Promise<TransactionView | null> {
  const id = randomUUID();
  const shares = normalizeDecimal(input.shares);
  const debit = `-${shares}`;
  const [first, second] = [input.fromAccountId, input.toAccountId].sort() as [string, string];
  const advices = await plannedAdvices(deps, id, input, [first, second]);
  const details = { classId: input.classId, shares: input.shares, effectiveDate: input.effectiveDate };
  const rows = await plainDrsTransfer(deps.db, {
    first,
    second,
    from: input.fromAccountId,
    to: input.toAccountId,
    classId: input.classId,
    now: deps.clock.now().toISOString(),
    effectiveDate: input.effectiveDate,
    shares,
    debit,
    id,
    actorId: actor.id,
    actorUsername: actor.username,
    advices: JSON.stringify(advices),
    memo: input.memo || null,
    details: JSON.stringify(details),
    ip: meta?.ip ?? null,
    userAgent: meta?.userAgent ?? null,
    requestId: meta?.requestId ?? null,
  });
  const [row] = rows;
  if (!row) return null;
  const leg = (accountId: string, accountNumber: string, registrationName: string, quantity: string) => ({
    accountId,
    accountNumber,
    registrationName,
    shares: quantity,
    form: 'DRS' as const,
    certificateNumber: null,
  });
  return {
    id,
    type: 'TRANSFER',
    classId: input.classId,
    effectiveDate: input.effectiveDate,
    postedAt: new Date(row.posted_at).toISOString(),
    postedBy: actor.username,
    sourceRequestId: null,
    memo: input.memo || null,
    reversesId: null,
    authorizedShares: null,
    legs: [
      leg(input.fromAccountId, row.from_number, row.from_name, debit),
      leg(input.toAccountId, row.to_number, row.to_name, shares),
    ],
  };
}
