// `pnpm db:migrate`: applies the committed migrations to the database the environment names.
import path from 'node:path';
import { openDatabase } from './client';

const database = await openDatabase({
  databaseUrl: process.env.DATABASE_URL || undefined,
  dataDir: path.resolve(process.env.DATA_DIR || '.data'),
});
await database.migrate();
await database.close();
console.log(`Migrations applied (${database.engine} database).`);
