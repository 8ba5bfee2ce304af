import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { emailOutbox } from '@ledgerwell/db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { fieldContext } from '../../lib/field-encryption';
import { deliverDueEmails, EMAIL_MAX_ATTEMPTS, outboxMessageId, type MailTransport } from './outbox-sender';

describe('e-mail outbox', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
    const id = randomUUID();
    await t.deps.db.insert(emailOutbox).values({
      id,
      toAddress: 'dana@example.com',
      subject: 'We received your request IQ-2026-000100',
      bodyEncrypted: t.deps.cipher.encrypt('Dear Dana, your reference is IQ-2026-000100.', fieldContext.emailBody(id)),
      kind: 'REQUEST_CONFIRMATION',
      nextAttemptAt: t.clock.now(),
    });
  });
  afterEach(() => t.close());

  it('sends due e-mails through the transport once', async () => {
    const sent: { to: string; text: string }[] = [];
    const transport: MailTransport = { sendMail: async (mail) => sent.push(mail) };
    expect(await deliverDueEmails(t.deps, transport)).toEqual({ sent: 1, failed: 0 });
    expect(await deliverDueEmails(t.deps, transport)).toEqual({ sent: 0, failed: 0 });
    expect(sent).toEqual([expect.objectContaining({ to: 'dana@example.com', text: 'Dear Dana, your reference is IQ-2026-000100.' })]);
    const [row] = await t.deps.db.select().from(emailOutbox);
    expect(row).toMatchObject({ status: 'SENT', attempts: 1 });
  });

  it('gives every attempt of one outbox row the same Message-ID, derived from the row', async () => {
    const ids: string[] = [];
    let fail = true;
    const transport: MailTransport = {
      sendMail: async (mail) => {
        ids.push(mail.messageId);
        if (fail) throw new Error('SMTP 451 try later');
      },
    };
    await deliverDueEmails(t.deps, transport);
    fail = false;
    t.clock.advance(24 * 60 * 60 * 1000);
    expect(await deliverDueEmails(t.deps, transport)).toEqual({ sent: 1, failed: 0 });
    const [row] = await t.deps.db.select().from(emailOutbox);
    expect(ids).toEqual([outboxMessageId(row!.id), outboxMessageId(row!.id)]);
    expect(ids[0]).toMatch(/^<[0-9a-f-]{36}@outbox\.ledgerwell>$/);
  });

  it('without SMTP writes the e-mail to the log and marks it LOGGED', async () => {
    expect(await deliverDueEmails(t.deps, null)).toEqual({ sent: 1, failed: 0 });
    expect(t.logLines.join('')).toContain('We received your request IQ-2026-000100');
    const [row] = await t.deps.db.select().from(emailOutbox);
    expect(row!.status).toBe('LOGGED');
  });

  it('retries a failed send with backoff and gives up after the last attempt', async () => {
    const failing: MailTransport = { sendMail: async () => { throw new Error('SMTP 451 try later'); } };
    expect(await deliverDueEmails(t.deps, failing)).toEqual({ sent: 0, failed: 1 });
    let [row] = await t.deps.db.select().from(emailOutbox);
    expect(row).toMatchObject({ status: 'PENDING', attempts: 1, lastError: 'SMTP 451 try later' });
    expect(await deliverDueEmails(t.deps, failing)).toEqual({ sent: 0, failed: 0 }); // not due yet
    for (let i = 2; i <= EMAIL_MAX_ATTEMPTS; i++) {
      t.clock.advance(7 * 60 * 60 * 1000);
      await deliverDueEmails(t.deps, failing);
    }
    [row] = await t.deps.db.select().from(emailOutbox);
    expect(row).toMatchObject({ status: 'FAILED', attempts: EMAIL_MAX_ATTEMPTS });
  });
});
