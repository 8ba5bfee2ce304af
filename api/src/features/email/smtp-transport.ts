import { Readable } from 'node:stream';
import MailComposer from 'nodemailer/lib/mail-composer';
import { parseConnectionUrl } from 'nodemailer/lib/shared';
import SMTPConnection from 'nodemailer/lib/smtp-connection';
import type { AppConfig } from '../../config/env';

/** One e-mail of the outbox, ready to send. */
export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  messageId: string;
}

/**
 * What the outbox needs of a mail transport: SMTP in production, fakes in tests.
 *
 * `handOver` must be called, and awaited, right before the message is committed to the mail server
 * (SMTP's final dot): the outbox records there, in the database, that the e-mail may now be
 * delivered. A process killed before that point has certainly not delivered it (sent again later);
 * one killed after it may have, so the e-mail is left to the operator instead of being sent twice.
 * `handOver` rejects when this process no longer holds the e-mail (its lease ran out): then nothing
 * may be committed.
 */
export interface MailTransport {
  sendMail(mail: OutgoingMail, handOver: () => Promise<void>): Promise<unknown>;
  close?(): void;
}

/** Connections kept open between sends, and how long an idle one is kept. */
const MAX_CONNECTIONS = 4;
const IDLE_MS = 10 * 1000;
// Far below the outbox lease (2 minutes): a send that hangs fails long before another process may claim it.
const TIMEOUTS = { connectionTimeout: 10 * 1000, greetingTimeout: 10 * 1000, socketTimeout: 30 * 1000 };

/**
 * The message, then its end only once `handOver` has resolved. SMTPConnection pipes it into the DATA
 * stream after the envelope is accepted and writes the final dot when it ends, so no server can have
 * the message before the hand-over is recorded; a rejected hand-over aborts the DATA stream unfinished.
 */
function messageHeldUntilHandOver(raw: Buffer, handOver: () => Promise<void>): Readable {
  let state: 'body' | 'waiting' | 'done' = 'body';
  return new Readable({
    read() {
      if (state === 'body') {
        state = 'waiting';
        this.push(raw);
        return;
      }
      if (state !== 'waiting') return;
      state = 'done';
      handOver().then(
        () => this.push(null),
        (error: unknown) => this.destroy(error instanceof Error ? error : new Error(String(error))),
      );
    },
  });
}

const run = <T>(start: (callback: (error?: Error | null, value?: T) => void) => void) =>
  new Promise<T>((resolve, reject) => start((error, value) => (error ? reject(error) : resolve(value as T))));

/**
 * SMTP through nodemailer's SMTPConnection (SMTP_URL: smtp:// or smtps://, with user and password
 * if the relay wants them), with up to four connections reused between e-mails. nodemailer's own
 * transports read the whole message before the envelope is sent, so they cannot hold its final dot.
 */
export function smtpTransport(config: Pick<AppConfig, 'SMTP_URL'>): MailTransport | null {
  if (!config.SMTP_URL) return null;
  const options = { ...parseConnectionUrl(config.SMTP_URL), ...TIMEOUTS };
  const idle: { connection: SMTPConnection; timer: NodeJS.Timeout }[] = [];
  const waiting: (() => void)[] = [];
  // Sends in flight; every idle connection was one of them, so at most MAX_CONNECTIONS are open.
  let busy = 0;

  async function connect(): Promise<SMTPConnection> {
    const connection = new SMTPConnection(options);
    // Errors also reach the pending call's callback; without a listener they would crash the process.
    connection.on('error', () => undefined);
    try {
      await run<void>((done) => connection.connect((error) => done(error)));
      if (options.auth) await run<void>((done) => connection.login(options.auth!, (error) => done(error)));
      return connection;
    } catch (error) {
      connection.close();
      throw error;
    }
  }

  function takeIdle(): SMTPConnection | undefined {
    const kept = idle.pop();
    if (kept) clearTimeout(kept.timer);
    return kept?.connection;
  }

  function putIdle(connection: SMTPConnection) {
    const entry = {
      connection,
      timer: setTimeout(() => {
        idle.splice(idle.indexOf(entry), 1);
        connection.quit();
      }, IDLE_MS).unref(),
    };
    idle.push(entry);
  }

  async function send(
    connection: SMTPConnection,
    envelope: SMTPConnection.Envelope,
    raw: Buffer,
    handOver: () => Promise<void>,
  ) {
    const message = messageHeldUntilHandOver(raw, handOver);
    try {
      await run((done) => connection.send(envelope, message, done));
      return { ok: true as const };
    } catch (error) {
      // A connection that failed mid-conversation is in no known state: never reused.
      connection.close();
      return { ok: false as const, error, messageRead: message.readableDidRead };
    }
  }

  return {
    async sendMail(mail, handOver) {
      const composed = new MailComposer({ ...mail }).compile();
      // The bare addresses of From and To ('Ledgerwell <no-reply@…>' has a name too).
      const envelope = composed.getEnvelope() as SMTPConnection.Envelope;
      const raw = await composed.build();
      while (busy >= MAX_CONNECTIONS) await new Promise<void>((resolve) => waiting.push(resolve));
      busy++;
      try {
        const kept = takeIdle();
        let connection = kept ?? (await connect());
        let result = await send(connection, envelope, raw, handOver);
        // The server may close an idle connection at any time: if not a byte of the message went out
        // on a kept one, the hand-over never happened, and the e-mail may go out on a new connection.
        if (!result.ok && kept && !result.messageRead) {
          connection = await connect();
          result = await send(connection, envelope, raw, handOver);
        }
        if (!result.ok) throw result.error;
        putIdle(connection);
      } finally {
        busy--;
        waiting.shift()?.();
      }
    },
    close() {
      for (const { connection, timer } of idle.splice(0)) {
        clearTimeout(timer);
        connection.quit();
      }
    },
  };
}
