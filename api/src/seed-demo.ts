// `pnpm db:seed-demo`: loads the demo registry and sample requests into the database the environment names.
import { openDatabase } from '@ledgerwell/db/client';
import { loadConfig } from './config/env';
import { seedDemoData } from './demo-data';
import { systemClock } from './lib/clock';
import { createFieldCipher, loadEncryptionKey } from './lib/field-encryption';
import { createLogger } from './lib/logger';
import { encryptedStorage, FILE_KEY_PURPOSE } from './lib/encrypted-storage';
import { createFileStorage } from './lib/file-storage';

const config = loadConfig(process.env);
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
await database.migrate();
const cipher = createFieldCipher(loadEncryptionKey(config.ENCRYPTION_KEY, config.dataDir));
const added = await seedDemoData({
  db: database.db,
  engine: database.engine,
  config,
  logger: createLogger('warn'),
  clock: systemClock,
  cipher,
  storage: encryptedStorage(await createFileStorage(config), cipher.deriveKey(FILE_KEY_PURPOSE)),
});
await database.close();
console.log(
  `Demo data: ${added.shareholders} shareholder(s), ${added.postings} ledger posting(s) and ${added.requests} request(s) added (${database.engine} database).`,
);
