// Starts the real server for the end-to-end tests on a database of its own: a fresh PGlite folder,
// or, when DATABASE_URL is set, a fresh database on that PostgreSQL server.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { E2E_ADMIN } from './fixtures';

process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'lw-e2e-'));
process.env.ADMIN_USERNAME = E2E_ADMIN.username;
process.env.ADMIN_PASSWORD = E2E_ADMIN.password;
process.env.ADMIN_EMAIL = E2E_ADMIN.email;
process.env.LOG_LEVEL ??= 'warn';

if (process.env.DATABASE_URL) {
  const name = `lw_e2e_${Date.now()}`;
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
}

await import('../../api/src/server');
