import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: ['./db/src/schema.ts', './db/src/ledger-schema.ts'],
  out: './db/migrations',
  strict: true,
  verbose: true,
});
