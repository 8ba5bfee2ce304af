import { randomUUID } from 'node:crypto';
import type { Db } from '@ledgerwell/db/client';
import { emailOutbox } from '@ledgerwell/db/schema';
import type { EmailKind } from '@ledgerwell/shared/email-outbox';
import type { AppDeps } from '../../lib/context';
import { fieldContext } from '../../lib/field-encryption';

export interface OutgoingEmail {
  to: string;
  subject: string;
  /** The body, line by line; a signature is added. */
  lines: string[];
  kind: EmailKind;
  relatedId?: string | null;
}

/** Puts an e-mail in the outbox, in the caller's transaction: it is sent only if the change it announces commits. */
export async function queueEmail(deps: Pick<AppDeps, 'cipher'>, tx: Db, email: OutgoingEmail): Promise<void> {
  // The id is chosen here: the body's ciphertext is bound to it.
  const id = randomUUID();
  await tx.insert(emailOutbox).values({
    id,
    toAddress: email.to,
    subject: email.subject,
    bodyEncrypted: deps.cipher.encrypt(
      [...email.lines, '', 'Ledgerwell Shareholder Services'].join('\n'),
      fieldContext.emailBody(id),
    ),
    kind: email.kind,
    relatedId: email.relatedId ?? null,
  });
}
