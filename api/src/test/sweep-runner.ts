// A second process running a sweep, for the cluster tests (cluster.test.ts): SWEEP=outbox (e-mails)
// or SWEEP=contact (forwards to the messaging service at INTERCOM_API_URL). It opens the database at
// DATABASE_URL with the key in SWEEP_KEY, waits for the file SWEEP_GO_FILE (so that two runners
// start together), sweeps until nothing is due, and prints one line per e-mail or forward it sent.
import fs from 'node:fs';
import { openDatabase } from '@ledgerwell/db/client';
import { loadConfig } from '../config/env';
import { intercomMessagingService, type MessagingService } from '../features/contact/messaging-service';
import { retryDueForwards } from '../features/contact/submit-contact';
import { deliverDueEmails, type MailTransport } from '../features/email/outbox-sender';
import { systemClock } from '../lib/clock';
import { createFieldCipher } from '../lib/field-encryption';
import { createLogger } from '../lib/logger';
import { localDiskStorage } from '../lib/storage';

const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  DATABASE_URL: process.env.DATABASE_URL,
  INTERCOM_ACCESS_TOKEN: process.env.INTERCOM_ACCESS_TOKEN,
  INTERCOM_API_URL: process.env.INTERCOM_API_URL,
});
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, poolSize: 4 });
const deps = {
  db: database.db,
  engine: database.engine,
  config,
  logger: createLogger('silent'),
  clock: systemClock,
  cipher: createFieldCipher(Buffer.from(process.env.SWEEP_KEY ?? '', 'hex')),
  storage: localDiskStorage(config.dataDir),
};
// A transport that takes a moment per e-mail, as SMTP does, so that the two runners' sweeps overlap.
const recording: MailTransport = {
  sendMail: async (mail) => {
    await new Promise((resolve) => setTimeout(resolve, 2));
    process.stdout.write(`sent ${mail.to}\n`);
  },
};
// Ready: the test creates SWEEP_GO_FILE once both runners have said so, and both start together.
process.stdout.write('ready\n');
while (!fs.existsSync(process.env.SWEEP_GO_FILE ?? '')) await new Promise((resolve) => setTimeout(resolve, 5));
const messaging = intercomMessagingService(config);
// Each forward the service accepted, by the submission's e-mail address.
const recordingMessaging: MessagingService | null = messaging && {
  ...messaging,
  forward: async (row) => {
    const result = await messaging.forward(row);
    process.stdout.write(`sent ${row.email}\n`);
    return result;
  },
};
const sweep = () =>
  process.env.SWEEP === 'contact'
    ? retryDueForwards(deps, recordingMessaging!, 10)
    : deliverDueEmails(deps, recording, 10);
let batches = 0;
for (;;) {
  const { sent, failed } = await sweep();
  if (sent + failed === 0) break;
  batches++;
}
process.stdout.write(`batches ${batches}\n`);
await database.close();
