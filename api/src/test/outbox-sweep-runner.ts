// A second process running the e-mail outbox sweep, for the cluster tests (cluster.test.ts): it opens
// the database at DATABASE_URL with the key in SWEEP_KEY, waits until SWEEP_START_AT (so that two
// runners start together), sweeps until nothing is due, and prints one line per e-mail it sent.
import { openDatabase } from '@ledgerwell/db/client';
import { loadConfig } from '../config/env';
import { deliverDueEmails, type MailTransport } from '../features/email/outbox-sender';
import { systemClock } from '../lib/clock';
import { createFieldCipher } from '../lib/field-encryption';
import { createLogger } from '../lib/logger';
import { localDiskStorage } from '../lib/storage';

const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: process.env.DATABASE_URL });
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
await new Promise((resolve) => setTimeout(resolve, Math.max(0, Number(process.env.SWEEP_START_AT) - Date.now())));
let batches = 0;
for (;;) {
  const { sent, failed } = await deliverDueEmails(deps, recording, 10);
  if (sent + failed === 0) break;
  batches++;
}
process.stdout.write(`batches ${batches}\n`);
await database.close();
