// `pnpm db:seed-demo`: loads the demo registry into the database the environment names.
import { openDatabase } from '@ledgerwell/db/client';
import { loadConfig } from './config/env';
import { seedDemoRegistry } from './features/registry/demo-registry';
import { systemClock } from './lib/clock';
import { createFieldCipher, loadEncryptionKey } from './lib/field-encryption';
import { createLogger } from './lib/logger';

const config = loadConfig(process.env);
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
await database.migrate();
const cipher = createFieldCipher(loadEncryptionKey(config.ENCRYPTION_KEY, config.dataDir));
const added = await seedDemoRegistry({ db: database.db, engine: database.engine, config, logger: createLogger('warn'), clock: systemClock, cipher });
await database.close();
console.log(`Demo registry: ${added} shareholder(s) added (${database.engine} database).`);
