import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { emailOutbox } from '@ledgerwell/db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { fieldContext } from '../../lib/field-encryption';
import {
  deliverDueEmails,
  drainDueEmails,
  EMAIL_MAX_ATTEMPTS,
  outboxMessageId,
  UNCONFIRMED_ERROR,
  type MailTransport,
} from './outbox-sender';

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
    expect(sent).toEqual([
      expect.objectContaining({ to: 'dana@example.com', text: 'Dear Dana, your reference is IQ-2026-000100.' }),
    ]);
    const [row] = await t.deps.db.select().from(emailOutbox);
    expect(row).toMatchObject({ status: 'SENT', attempts: 1 });
  });

  it('drains a burst in one sweep, batch after batch, and stops at its batch cap', async () => {
    await t.deps.db.insert(emailOutbox).values(
      Array.from({ length: 64 }, () => {
        const id = randomUUID();
        return {
          id,
          toAddress: 'burst@example.com',
          subject: 'Burst',
          bodyEncrypted: t.deps.cipher.encrypt('burst', fieldContext.emailBody(id)),
          kind: 'REQUEST_CONFIRMATION' as const,
          nextAttemptAt: t.clock.now(),
        };
      }),
    );
    const sent: string[] = [];
    const transport: MailTransport = { sendMail: async (mail) => void sent.push(mail.messageId) };
    expect(await drainDueEmails(t.deps, transport, { batch: 10, maxBatches: 3 })).toEqual({ sent: 30, failed: 0 });
    expect(await drainDueEmails(t.deps, transport, { batch: 10 })).toEqual({ sent: 35, failed: 0 });
    expect(new Set(sent).size).toBe(65);
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
    const failing: MailTransport = {
      sendMail: async () => {
        throw new Error('SMTP 451 try later');
      },
    };
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

  const only = async () => (await t.deps.db.select().from(emailOutbox))[0]!;
  const LEASE_MS = 2 * 60 * 1000;

  it('records the hand-over in the database before the transport may commit the message', async () => {
    let seenAtHandOver: Date | null | undefined;
    const transport: MailTransport = {
      sendMail: async (_mail, handOver) => {
        await handOver();
        seenAtHandOver = (await only()).handedOverAt;
      },
    };
    expect(await deliverDueEmails(t.deps, transport)).toEqual({ sent: 1, failed: 0 });
    expect(seenAtHandOver).toEqual(t.clock.now());
    expect(await only()).toMatchObject({ status: 'SENT', attempts: 1 });
  });

  it('sets aside, never resends, an e-mail whose sender died after handing it over', async () => {
    // The sender claimed it and recorded the hand-over, then its process was killed (no SENT, no error).
    const dying: MailTransport = { sendMail: (_mail, handOver) => handOver().then(() => new Promise(() => undefined)) };
    void deliverDueEmails(t.deps, dying);
    await expect.poll(async () => (await only()).handedOverAt).not.toBeNull();
    const calls: string[] = [];
    const healthy: MailTransport = { sendMail: async (mail) => void calls.push(mail.messageId) };
    expect(await deliverDueEmails(t.deps, healthy)).toEqual({ sent: 0, failed: 0 }); // still leased
    t.clock.advance(LEASE_MS + 1000);
    expect(await deliverDueEmails(t.deps, healthy)).toEqual({ sent: 0, failed: 0 });
    expect(calls).toEqual([]);
    expect(await only()).toMatchObject({ status: 'UNCONFIRMED', lastError: UNCONFIRMED_ERROR });
    expect(t.logLines.join('')).toContain('set aside as UNCONFIRMED');
  });

  it('retries an e-mail whose sender died before the hand-over', async () => {
    const dying: MailTransport = { sendMail: () => new Promise(() => undefined) };
    void deliverDueEmails(t.deps, dying);
    await expect.poll(async () => (await only()).nextAttemptAt.getTime()).toBeGreaterThan(t.clock.now().getTime());
    t.clock.advance(LEASE_MS + 1000);
    const calls: string[] = [];
    expect(
      await deliverDueEmails(t.deps, {
        sendMail: async (mail, handOver) => {
          await handOver();
          calls.push(mail.to);
        },
      }),
    ).toEqual({ sent: 1, failed: 0 });
    expect(calls).toEqual(['dana@example.com']);
  });

  it('marks UNCONFIRMED a send whose connection failed after the hand-over, and retries one the server refused', async () => {
    const cut: MailTransport = {
      sendMail: async (_mail, handOver) => {
        await handOver();
        throw Object.assign(new Error('Connection closed unexpectedly'), { code: 'ECONNECTION' });
      },
    };
    expect(await deliverDueEmails(t.deps, cut)).toEqual({ sent: 0, failed: 1 });
    expect(await only()).toMatchObject({ status: 'UNCONFIRMED', attempts: 1 });
    expect((await only()).lastError).toContain('Connection closed unexpectedly');

    await t.deps.db.update(emailOutbox).set({ status: 'PENDING', handedOverAt: null, nextAttemptAt: t.clock.now() });
    const refused: MailTransport = {
      sendMail: async (_mail, handOver) => {
        await handOver();
        throw Object.assign(new Error('550 mailbox unavailable'), { responseCode: 550 });
      },
    };
    expect(await deliverDueEmails(t.deps, refused)).toEqual({ sent: 0, failed: 1 });
    expect(await only()).toMatchObject({
      status: 'PENDING',
      attempts: 2,
      handedOverAt: null,
      lastError: '550 mailbox unavailable',
    });
  });

  it('refuses the hand-over to a sender whose lease another process has taken, and leaves the row to that process', async () => {
    let handOverError: unknown;
    const slow: MailTransport = {
      sendMail: async (_mail, handOver) => {
        // Meanwhile the lease ran out and another process claimed the e-mail (a new lease).
        await t.deps.db.update(emailOutbox).set({ nextAttemptAt: new Date(t.clock.now().getTime() + 3 * LEASE_MS) });
        await handOver().catch((error: unknown) => {
          handOverError = error;
          throw error;
        });
      },
    };
    expect(await deliverDueEmails(t.deps, slow)).toEqual({ sent: 0, failed: 1 });
    expect(String(handOverError)).toContain('no longer leased');
    expect(await only()).toMatchObject({
      status: 'PENDING',
      attempts: 0,
      handedOverAt: null,
      lastError: null,
      nextAttemptAt: new Date(t.clock.now().getTime() + 3 * LEASE_MS),
    });
  });

  it('sends four e-mails at once, no more', async () => {
    await t.deps.db.insert(emailOutbox).values(
      Array.from({ length: 11 }, () => {
        const id = randomUUID();
        return {
          id,
          toAddress: 'many@example.com',
          subject: 'Many',
          bodyEncrypted: t.deps.cipher.encrypt('many', fieldContext.emailBody(id)),
          kind: 'REQUEST_CONFIRMATION' as const,
          nextAttemptAt: t.clock.now(),
        };
      }),
    );
    let inFlight = 0;
    let most = 0;
    const transport: MailTransport = {
      sendMail: async (_mail, handOver) => {
        most = Math.max(most, ++inFlight);
        await new Promise((resolve) => setTimeout(resolve, 20));
        await handOver();
        inFlight--;
      },
    };
    expect(await deliverDueEmails(t.deps, transport)).toEqual({ sent: 12, failed: 0 });
    expect(most).toBe(4);
  });
});
