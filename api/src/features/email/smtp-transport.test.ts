import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { smtpTransport, type MailTransport, type OutgoingMail } from './smtp-transport';

interface Received {
  raw: string;
  to: string[];
  /** When the terminating dot arrived (the server's data stream ended). */
  endedAt: number;
}

/** A real SMTP server on a loopback port; `onMessage` may refuse a message with an SMTP code. */
async function startServer(onMessage: (raw: string) => Error | null = () => null) {
  const received: Received[] = [];
  const sessions = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onConnect(session, callback) {
      sessions.add(session.id);
      callback();
    },
    onData(stream: SMTPServerDataStream, session: SMTPServerSession, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        // Only a dot-terminated message ends; a connection closed mid-DATA destroys the stream instead.
        const raw = Buffer.concat(chunks).toString('utf8');
        const refusal = onMessage(raw);
        if (!refusal) received.push({ raw, to: session.envelope.rcptTo.map((r) => r.address), endedAt: Date.now() });
        callback(refusal);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    sessions,
    /** Closes the server side of every open connection, like a relay's idle timeout. */
    closeConnections: () =>
      (server as unknown as { connections: Set<{ close(): void }> }).connections.forEach((c) => c.close()),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const mail = (n: number): OutgoingMail => ({
  from: 'Ledgerwell <no-reply@ledgerwell.example>',
  to: `holder${n}@example.com`,
  subject: `Your request IQ-2026-00010${n}`,
  text: `Dear holder ${n}, we received your request.`,
  messageId: `<00000000-0000-4000-8000-00000000000${n}@outbox.ledgerwell>`,
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('SMTP transport', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  async function setUp(onMessage?: (raw: string) => Error | null) {
    const server = await startServer(onMessage);
    const transport = smtpTransport({ SMTP_URL: server.url }) as MailTransport;
    cleanups.push(
      () => server.close(),
      () => transport.close?.(),
    );
    return { server, transport };
  }

  it('sends the message with its Message-ID, and ends it only after the hand-over has resolved', async () => {
    const { server, transport } = await setUp();
    let handedOverAt = 0;
    await transport.sendMail(mail(1), async () => {
      await sleep(150);
      handedOverAt = Date.now();
    });
    expect(server.received).toHaveLength(1);
    const [message] = server.received;
    expect(message!.to).toEqual(['holder1@example.com']);
    expect(message!.raw).toMatch(/^Message-ID: <00000000-0000-4000-8000-000000000001@outbox\.ledgerwell>$/im);
    expect(message!.raw).toMatch(/^Subject: Your request IQ-2026-000101$/im);
    expect(message!.raw).toContain('Dear holder 1, we received your request.');
    expect(handedOverAt).toBeGreaterThan(0);
    expect(message!.endedAt).toBeGreaterThanOrEqual(handedOverAt);
  });

  it('never completes a message whose hand-over is refused', async () => {
    const { server, transport } = await setUp();
    await expect(transport.sendMail(mail(2), () => Promise.reject(new Error('lease lost')))).rejects.toThrow();
    await sleep(100);
    expect(server.received).toHaveLength(0);
    // The next e-mail goes out on a new connection, in full.
    await transport.sendMail(mail(3), async () => undefined);
    expect(server.received.map((m) => m.to[0])).toEqual(['holder3@example.com']);
  });

  it('reuses its connections, at most four at once', async () => {
    const { server, transport } = await setUp();
    for (let n = 1; n <= 3; n++) await transport.sendMail(mail(n), async () => undefined);
    expect(server.sessions.size).toBe(1);
    let inHandOver = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 9 }, (_, n) =>
        transport.sendMail(mail(n), async () => {
          most = Math.max(most, ++inHandOver);
          await sleep(50);
          inHandOver--;
        }),
      ),
    );
    expect(server.received).toHaveLength(12);
    expect(most).toBe(4);
    expect(server.sessions.size).toBeLessThanOrEqual(4);
  });

  it('sends on a new connection when the server has closed a kept one, and tells a refusal by its code', async () => {
    const { server, transport } = await setUp((raw) =>
      raw.includes('holder5') ? Object.assign(new Error('mailbox unavailable'), { responseCode: 550 }) : null,
    );
    await transport.sendMail(mail(4), async () => undefined);
    // Close the server side of every open connection (an idle timeout on the relay).
    server.closeConnections();
    await sleep(100);
    await transport.sendMail(mail(6), async () => undefined);
    expect(server.received.map((m) => m.to[0])).toEqual(['holder4@example.com', 'holder6@example.com']);
    const refused = await transport.sendMail(mail(5), async () => undefined).catch((error: unknown) => error);
    expect(refused).toMatchObject({ responseCode: 550 });
  });
});
