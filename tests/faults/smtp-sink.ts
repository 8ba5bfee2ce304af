import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message the sink accepted: its Message-ID header (the outbox sets one per row) and recipients. */
export interface SunkMessage {
  messageId: string | null;
  to: string[];
  at: number;
}

/** The Message-ID header of a raw message (headers end at the first empty line; folded lines joined). */
export function messageIdOf(raw: string): string | null {
  const end = raw.search(/\r?\n\r?\n/);
  const headers = (end < 0 ? raw : raw.slice(0, end)).replace(/\r?\n[ \t]+/g, ' ');
  const match = /^message-id:[ \t]*(<[^>\r\n]{1,300}>)/im.exec(headers);
  return match ? match[1]! : null;
}

/**
 * A local SMTP server on a free loopback port that accepts every message and records it. Like a
 * real relay it does NOT suppress duplicates: an e-mail sent twice is recorded twice, which is
 * what the fault suite counts. No AUTH, no STARTTLS (nodemailer then sends in plain text on loopback).
 */
export async function startSmtpSink() {
  const messages: SunkMessage[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        // Recorded before the 250 goes back: what the sender is told was accepted is what we count.
        messages.push({
          messageId: messageIdOf(raw),
          to: session.envelope.rcptTo.map((r) => r.address),
          at: Date.now(),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
