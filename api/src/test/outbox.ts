import { asc, eq } from 'drizzle-orm';
import { emailOutbox } from '@ledgerwell/db/schema';
import type { EmailKind } from '@ledgerwell/shared/email-outbox';
import { fieldContext } from '../lib/field-encryption';
import type { TestApp } from './test-app';

/** The e-mails queued so far, oldest first, with their bodies decrypted; of one kind when given. */
export async function queuedEmails(t: TestApp, kind?: EmailKind) {
  const rows = await t.deps.db
    .select()
    .from(emailOutbox)
    .where(kind ? eq(emailOutbox.kind, kind) : undefined)
    .orderBy(asc(emailOutbox.createdAt), asc(emailOutbox.id));
  return rows.map((row) => ({
    to: row.toAddress,
    subject: row.subject,
    kind: row.kind,
    relatedId: row.relatedId,
    body: t.deps.cipher.decrypt(row.bodyEncrypted, fieldContext.emailBody(row.id)),
  }));
}
