import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { InferSelectModel } from 'drizzle-orm';
import { contactSubmissions } from '@ledgerwell/db/schema';
import { CONTACT_MESSAGES, type ContactForm } from '@ledgerwell/shared/contact';
import type { AppDeps, RequestMeta } from '../../lib/context';
import { throttleAddress } from '../../lib/client-address';
import { guardAttempt } from '../../lib/attempt-guard';
import type { Db } from '@ledgerwell/db/client';
import { queueEmail } from '../email/queue-email';
import type { MessagingService } from './messaging-service';
import { contactForwardsFailed } from '../../lib/metrics';

type ContactRow = InferSelectModel<typeof contactSubmissions>;

/** Five messages per address in 15 minutes is plenty for a person and little for a spammer. */
export const CONTACT_MAX_PER_IP = 5;
export const CONTACT_WINDOW_MS = 15 * 60 * 1000;
/** While one attempt runs, the retry sweep leaves the row alone for this long. */
const FORWARD_LEASE_MS = 2 * 60 * 1000;
export const FORWARD_MAX_ATTEMPTS = 8;

const contactKey = (ip: string) => `contact:ip:${throttleAddress(ip)}`;

/** 1, 2, 4, … minutes between attempts, at most 6 hours. */
export function forwardBackoffMs(attempts: number): number {
  return Math.min(2 ** Math.max(0, attempts - 1) * 60 * 1000, 6 * 60 * 60 * 1000);
}

export type SubmitContactResult =
  | { outcome: 'forwarded'; id: string; intercomId: string }
  | { outcome: 'stored'; id: string }
  | { outcome: 'forward_failed'; id: string };

/**
 * Stores the message first, so nothing is lost whatever the messaging service does, then forwards
 * it. A failed forward leaves the row marked for the retry sweep.
 */
export async function submitContact(
  deps: AppDeps,
  messaging: MessagingService | null,
  input: ContactForm,
  meta: RequestMeta,
): Promise<SubmitContactResult> {
  const { db, clock } = deps;
  // Every message counts, sent or not: this is a flood limit, not a guess counter.
  await guardAttempt(
    deps,
    [
      {
        key: contactKey(meta.ip),
        limit: CONTACT_MAX_PER_IP,
        windowMs: CONTACT_WINDOW_MS,
        message: CONTACT_MESSAGES.tooMany,
      },
    ],
    {
      pastLimit: 'refuse',
    },
  );

  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(contactSubmissions)
      .values({
        name: input.name,
        email: input.email,
        company: input.company || null,
        phone: input.phone || null,
        inquiryType: input.inquiryType,
        message: input.message,
        forwardStatus: messaging ? 'PENDING_RETRY' : 'NOT_CONFIGURED',
        nextForwardAt: messaging ? new Date(clock.now().getTime() + FORWARD_LEASE_MS) : null,
        ipAddress: meta.ip,
        userAgent: meta.userAgent,
        createdAt: clock.now(),
        updatedAt: clock.now(),
      })
      .returning();
    if (!inserted) throw new Error('contact insert returned no row');
    if (deps.config.CONTACT_NOTIFY_TO) await queueStaffNotification(deps, tx, deps.config.CONTACT_NOTIFY_TO, inserted);
    return inserted;
  });

  if (!messaging) return { outcome: 'stored', id: row.id };
  const intercomId = await attemptForward(deps, messaging, row);
  return intercomId ? { outcome: 'forwarded', id: row.id, intercomId } : { outcome: 'forward_failed', id: row.id };
}

/**
 * Tells staff a message came in, through the outbox in the submission's own transaction. Who wrote,
 * from which company, about what, and where to read it: the message itself stays in the admin screen.
 */
async function queueStaffNotification(deps: AppDeps, tx: Db, to: string, row: ContactRow): Promise<void> {
  await queueEmail(deps, tx, {
    to,
    subject: `New contact submission from ${row.name}`,
    lines: [
      'A new message arrived through the contact form.',
      '',
      `Name: ${row.name}`,
      `Company: ${row.company ?? 'Not provided'}`,
      `Inquiry type: ${row.inquiryType}`,
      '',
      `Read and answer it in the admin screen: ${deps.config.publicUrl}/admin/contact-submissions`,
    ],
    kind: 'CONTACT_SUBMITTED',
    relatedId: row.id,
  });
}

/** One forwarding attempt; records the outcome on the row and returns the conversation id on success. */
export async function attemptForward(
  deps: AppDeps,
  messaging: MessagingService,
  row: ContactRow,
): Promise<string | null> {
  const attempts = row.forwardAttempts + 1;
  try {
    const { conversationId } = await messaging.forward(row);
    await deps.db
      .update(contactSubmissions)
      .set({
        sentToIntercom: true,
        intercomId: conversationId,
        forwardStatus: 'SENT',
        forwardAttempts: attempts,
        nextForwardAt: null,
        lastForwardError: null,
        updatedAt: deps.clock.now(),
      })
      .where(eq(contactSubmissions.id, row.id));
    return conversationId;
  } catch (error) {
    const giveUp = attempts >= FORWARD_MAX_ATTEMPTS;
    deps.logger.warn({ submissionId: row.id, attempts, err: error }, 'forwarding a contact submission failed');
    contactForwardsFailed.inc();
    await deps.db
      .update(contactSubmissions)
      .set({
        forwardStatus: giveUp ? 'FAILED' : 'PENDING_RETRY',
        forwardAttempts: attempts,
        nextForwardAt: giveUp ? null : new Date(deps.clock.now().getTime() + forwardBackoffMs(attempts)),
        lastForwardError: (error instanceof Error ? error.message : String(error)).slice(0, 500),
        updatedAt: deps.clock.now(),
      })
      .where(eq(contactSubmissions.id, row.id));
    return null;
  }
}

/**
 * Retries forwards that are due. Rows are claimed with SKIP LOCKED and a lease, so several API
 * processes running the sweep never send one submission twice at the same time.
 */
export async function retryDueForwards(
  deps: AppDeps,
  messaging: MessagingService,
  limit = 20,
): Promise<{ sent: number; failed: number }> {
  const now = deps.clock.now();
  const claimed = await deps.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: contactSubmissions.id })
      .from(contactSubmissions)
      .where(and(eq(contactSubmissions.forwardStatus, 'PENDING_RETRY'), lte(contactSubmissions.nextForwardAt, now)))
      .orderBy(contactSubmissions.nextForwardAt)
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(contactSubmissions)
      .set({ nextForwardAt: new Date(now.getTime() + FORWARD_LEASE_MS) })
      .where(
        inArray(
          contactSubmissions.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
  });
  let sent = 0;
  for (const row of claimed) if (await attemptForward(deps, messaging, row)) sent++;
  return { sent, failed: claimed.length - sent };
}

export async function countContactSubmissions(deps: AppDeps): Promise<number> {
  const [row] = await deps.db.select({ count: sql<number>`count(*)::int` }).from(contactSubmissions);
  return row?.count ?? 0;
}
