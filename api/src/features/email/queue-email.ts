import { createHash, randomUUID } from 'node:crypto';
import type { Db } from '@ledgerwell/db/client';
import { emailOutbox } from '@ledgerwell/db/schema';
import type { EmailKind } from '@ledgerwell/shared/email-outbox';
import type { AppDeps } from '../../lib/context';
import { fieldContext } from '../../lib/field-encryption';
import { lockKeys, recordAttempt } from '../../lib/throttle';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface OutgoingEmail {
  to: string;
  subject: string;
  /** The body, line by line; a signature is added. */
  lines: string[];
  kind: EmailKind;
  relatedId?: string | null;
  /**
   * At most this many e-mails of this kind to one address in 24 hours, whoever causes them: for e-mails the
   * public can send to an address nobody has proven (issue 27), so that our sender cannot be turned on a stranger.
   */
  dailyLimitPerRecipient?: number;
}

/**
 * Puts an e-mail in the outbox, in the caller's transaction: it is sent only if the change it announces commits.
 * False when the recipient's daily limit for its kind is spent, and nothing was queued.
 */
export async function queueEmail(
  deps: Pick<AppDeps, 'cipher' | 'clock'>,
  tx: Db,
  email: OutgoingEmail,
): Promise<boolean> {
  if (email.dailyLimitPerRecipient !== undefined) {
    // Counted before deciding, under a lock, like every throttle: concurrent sends cannot slip past the limit.
    // A digest of the address: the throttle table keeps no e-mail address in clear.
    const recipient = createHash('sha256').update(email.to.trim().toLowerCase()).digest('base64url');
    const key = `email-to:${email.kind}:${recipient}`;
    await lockKeys(tx, [key]);
    const { count } = await recordAttempt(tx, deps.clock, key, DAY_MS);
    if (count > email.dailyLimitPerRecipient) return false;
  }
  await tx.insert(emailOutbox).values(outboxRow(deps, email));
  return true;
}

/**
 * The outbox row of an e-mail, its body encrypted: for a statement that writes the row itself (the
 * one-statement ledger transfer) and for queueEmail. The id is chosen here: the body's ciphertext is bound to it.
 */
export function outboxRow(deps: Pick<AppDeps, 'cipher'>, email: OutgoingEmail) {
  const id = randomUUID();
  return {
    id,
    toAddress: email.to,
    subject: email.subject,
    bodyEncrypted: deps.cipher.encrypt(
      [...email.lines, '', 'Ledgerwell Shareholder Services'].join('\n'),
      fieldContext.emailBody(id),
    ),
    kind: email.kind,
    relatedId: email.relatedId ?? null,
  };
}
