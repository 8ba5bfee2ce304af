import { and, eq, inArray, lte } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { emailOutbox } from '@ledgerwell/db/schema';
import type { AppConfig } from '../../config/env';
import type { AppDeps } from '../../lib/context';
import { fieldContext } from '../../lib/field-encryption';

/** What the outbox needs of a mail transport; nodemailer's SMTP transport in production, a fake in tests. */
export interface MailTransport {
  sendMail(mail: { from: string; to: string; subject: string; text: string; messageId: string }): Promise<unknown>;
}

/**
 * The Message-ID of an outbox row's e-mail: the same on every attempt, so a resend after a crash
 * between the SMTP server's acceptance and the row's update is recognisable as the same e-mail
 * (by receiving MTAs that suppress duplicates, and by the fault-injection suite that counts them).
 */
export const outboxMessageId = (emailId: string) => `<${emailId}@outbox.ledgerwell>`;

export function smtpTransport(config: Pick<AppConfig, 'SMTP_URL'>): MailTransport | null {
  return config.SMTP_URL ? nodemailer.createTransport(config.SMTP_URL) : null;
}

export const EMAIL_MAX_ATTEMPTS = 10;
const LEASE_MS = 2 * 60 * 1000;
const backoffMs = (attempts: number) => Math.min(2 ** attempts * 30 * 1000, 6 * 60 * 60 * 1000);

/**
 * Sends the e-mails that are due. Without SMTP (a newcomer's machine) each is written to the log
 * instead and marked LOGGED. Rows are claimed with SKIP LOCKED and a lease, so several processes
 * never send one twice; a failure is retried with backoff and never touches the request it announces.
 */
export async function deliverDueEmails(deps: AppDeps, transport: MailTransport | null, limit = 20) {
  const now = deps.clock.now();
  const claimed = await deps.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.status, 'PENDING'), lte(emailOutbox.nextAttemptAt, now)))
      .orderBy(emailOutbox.nextAttemptAt)
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(emailOutbox)
      .set({ nextAttemptAt: new Date(now.getTime() + LEASE_MS) })
      .where(inArray(emailOutbox.id, due.map((d) => d.id)))
      .returning();
  });

  let sent = 0;
  for (const mail of claimed) {
    const text = deps.cipher.decrypt(mail.bodyEncrypted, fieldContext.emailBody(mail.id));
    if (!transport) {
      // Development aid: the body (with any verification link) is logged only outside production.
      const body = deps.config.NODE_ENV === 'production' ? undefined : text;
      deps.logger.info({ emailId: mail.id, to: mail.toAddress, subject: mail.subject, kind: mail.kind, body }, 'e-mail (no SMTP_URL: logged, not sent)');
      await deps.db.update(emailOutbox).set({ status: 'LOGGED', attempts: mail.attempts + 1, sentAt: deps.clock.now() }).where(eq(emailOutbox.id, mail.id));
      sent++;
      continue;
    }
    try {
      await transport.sendMail({ from: deps.config.MAIL_FROM, to: mail.toAddress, subject: mail.subject, text, messageId: outboxMessageId(mail.id) });
      await deps.db.update(emailOutbox).set({ status: 'SENT', attempts: mail.attempts + 1, sentAt: deps.clock.now(), lastError: null }).where(eq(emailOutbox.id, mail.id));
      sent++;
    } catch (error) {
      const attempts = mail.attempts + 1;
      deps.logger.warn({ emailId: mail.id, attempts, err: error }, 'sending an e-mail failed');
      await deps.db
        .update(emailOutbox)
        .set({
          status: attempts >= EMAIL_MAX_ATTEMPTS ? 'FAILED' : 'PENDING',
          attempts,
          nextAttemptAt: new Date(deps.clock.now().getTime() + backoffMs(attempts)),
          lastError: (error instanceof Error ? error.message : String(error)).slice(0, 500),
        })
        .where(eq(emailOutbox.id, mail.id));
    }
  }
  return { sent, failed: claimed.length - sent };
}
