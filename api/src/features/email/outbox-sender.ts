import { and, eq, inArray, isNull, lte } from 'drizzle-orm';
import { emailOutbox } from '@ledgerwell/db/schema';
import type { AppDeps } from '../../lib/context';
import { fieldContext } from '../../lib/field-encryption';
import type { MailTransport } from './smtp-transport';

export { smtpTransport, type MailTransport, type OutgoingMail } from './smtp-transport';

/**
 * The Message-ID of an outbox row's e-mail: the same on every attempt, so an operator's resend of an
 * unconfirmed e-mail is recognisable as the same e-mail (by receiving MTAs that suppress duplicates,
 * and by the fault-injection suite that counts them).
 */
export const outboxMessageId = (emailId: string) => `<${emailId}@outbox.ledgerwell>`;

export const EMAIL_MAX_ATTEMPTS = 10;
const LEASE_MS = 2 * 60 * 1000;
const backoffMs = (attempts: number) => Math.min(2 ** attempts * 30 * 1000, 6 * 60 * 60 * 1000);

/** E-mails sent at once by one process (the SMTP transport keeps as many connections). */
const SEND_CONCURRENCY = 4;

/** Why an e-mail was set aside: kept in its last_error for the mail log. */
export const UNCONFIRMED_ERROR =
  'Sending stopped after the e-mail was handed to the mail server, which may have accepted it: not sent again automatically (check the mail server, then Retry if it never arrived)';

type OutboxRow = typeof emailOutbox.$inferSelect;

/** Has the server answered (refused the message), rather than the connection failing mid-way? */
const serverAnswered = (error: unknown) => typeof (error as { responseCode?: unknown })?.responseCode === 'number';

async function runWithConcurrency<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, lane));
}

/**
 * Sends the e-mails that are due. Without SMTP (a newcomer's machine) each is written to the log
 * instead and marked LOGGED. Rows are claimed with SKIP LOCKED and a lease, so several processes
 * never send one twice; a failure is retried with backoff and never touches the request it announces.
 *
 * At most once: the moment an e-mail is handed to the mail server (handed_over_at, recorded under the
 * lease before SMTP's final dot) divides a clean failure, retried, from an unknown outcome. A lease
 * that ran out after the hand-over means the process died while the server may have accepted it: the
 * e-mail becomes UNCONFIRMED, for the operator, instead of going out twice.
 */
export async function deliverDueEmails(deps: AppDeps, transport: MailTransport | null, limit = 20) {
  const now = deps.clock.now();
  const leaseUntil = new Date(now.getTime() + LEASE_MS);
  const claimed = await deps.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: emailOutbox.id, handedOverAt: emailOutbox.handedOverAt })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.status, 'PENDING'), lte(emailOutbox.nextAttemptAt, now)))
      .orderBy(emailOutbox.nextAttemptAt)
      .limit(limit)
      .for('update', { skipLocked: true });
    const interrupted = due.filter((d) => d.handedOverAt !== null).map((d) => d.id);
    if (interrupted.length > 0) {
      await tx
        .update(emailOutbox)
        .set({ status: 'UNCONFIRMED', lastError: UNCONFIRMED_ERROR })
        .where(inArray(emailOutbox.id, interrupted));
      deps.logger.warn(
        { emailIds: interrupted },
        'e-mails whose sender stopped after handing them to the mail server: set aside as UNCONFIRMED',
      );
    }
    const toSend = due.filter((d) => d.handedOverAt === null).map((d) => d.id);
    if (toSend.length === 0) return [];
    return tx.update(emailOutbox).set({ nextAttemptAt: leaseUntil }).where(inArray(emailOutbox.id, toSend)).returning();
  });

  let sent = 0;
  await runWithConcurrency(claimed, transport ? SEND_CONCURRENCY : 1, async (mail) => {
    if (await deliverOne(deps, transport, mail, leaseUntil)) sent++;
  });
  return { sent, failed: claimed.length - sent };
}

async function deliverOne(
  deps: AppDeps,
  transport: MailTransport | null,
  mail: OutboxRow,
  leaseUntil: Date,
): Promise<boolean> {
  const text = deps.cipher.decrypt(mail.bodyEncrypted, fieldContext.emailBody(mail.id));
  const ours = and(
    eq(emailOutbox.id, mail.id),
    eq(emailOutbox.status, 'PENDING'),
    eq(emailOutbox.nextAttemptAt, leaseUntil),
  );
  if (!transport) {
    // Development aid: the body (with any verification link) is logged only outside production.
    const body = deps.config.NODE_ENV === 'production' ? undefined : text;
    deps.logger.info(
      { emailId: mail.id, to: mail.toAddress, subject: mail.subject, kind: mail.kind, body },
      'e-mail (no SMTP_URL: logged, not sent)',
    );
    await deps.db
      .update(emailOutbox)
      .set({ status: 'LOGGED', attempts: mail.attempts + 1, sentAt: deps.clock.now() })
      .where(eq(emailOutbox.id, mail.id));
    return true;
  }
  let handedOver = false;
  const handOver = async () => {
    // The lease is the fence: a process that lost it (too slow) may not commit the message.
    const marked = await deps.db
      .update(emailOutbox)
      .set({ handedOverAt: deps.clock.now() })
      .where(and(ours, isNull(emailOutbox.handedOverAt)))
      .returning({ id: emailOutbox.id });
    if (marked.length === 0) throw new Error('the e-mail is no longer leased to this process');
    handedOver = true;
  };
  try {
    await transport.sendMail(
      {
        from: deps.config.MAIL_FROM,
        to: mail.toAddress,
        subject: mail.subject,
        text,
        messageId: outboxMessageId(mail.id),
      },
      handOver,
    );
    await deps.db
      .update(emailOutbox)
      .set({ status: 'SENT', attempts: mail.attempts + 1, sentAt: deps.clock.now(), lastError: null })
      .where(eq(emailOutbox.id, mail.id));
    return true;
  } catch (error) {
    const attempts = mail.attempts + 1;
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    deps.logger.warn({ emailId: mail.id, attempts, err: error }, 'sending an e-mail failed');
    if (handedOver && !serverAnswered(error)) {
      // The connection failed after the final dot may have gone out: as after a crash, not sent again.
      await deps.db
        .update(emailOutbox)
        .set({ status: 'UNCONFIRMED', attempts, lastError: `${UNCONFIRMED_ERROR}: ${message}`.slice(0, 500) })
        .where(eq(emailOutbox.id, mail.id));
      return false;
    }
    await deps.db
      .update(emailOutbox)
      .set({
        status: attempts >= EMAIL_MAX_ATTEMPTS ? 'FAILED' : 'PENDING',
        attempts,
        handedOverAt: null,
        nextAttemptAt: new Date(deps.clock.now().getTime() + backoffMs(attempts)),
        lastError: message,
      })
      // Not handed over: only while the lease is still ours (a lost lease means another process has it).
      .where(handedOver ? eq(emailOutbox.id, mail.id) : and(ours, isNull(emailOutbox.handedOverAt)));
    return false;
  }
}

/**
 * One sweep: batch after batch while full batches come back (up to `maxBatches`), so a burst of
 * e-mails leaves in one tick instead of 20 per process every 15 s. `stopping` ends it between
 * batches (the process is shutting down).
 */
export async function drainDueEmails(
  deps: AppDeps,
  transport: MailTransport | null,
  { batch = 20, maxBatches = 50, stopping = (): boolean => false } = {},
) {
  const total = { sent: 0, failed: 0 };
  for (let i = 0; i < maxBatches && !stopping(); i++) {
    const result = await deliverDueEmails(deps, transport, batch);
    total.sent += result.sent;
    total.failed += result.failed;
    if (result.sent + result.failed < batch) break;
  }
  return total;
}
