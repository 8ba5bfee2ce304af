import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** The PostgreSQL server a bench makes its fresh database on (BENCH_DATABASE_URL, else DATABASE_URL, else the local one). */
const SERVER_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** The SUPER_ADMIN the server creates at start, for the bench to sign in with. */
export const BENCH_ADMIN = { username: 'bench-admin', password: 'Bench-Admin-Pass-1' };

/**
 * A fresh database on the PostgreSQL server and the real API server on it, started as Node itself
 * with tsx's loader (not `pnpm exec`), so `pid` is the server's own and its memory can be read.
 * `stop` ends the server and drops the database (kept with BENCH_KEEP). With `on`, a second server on
 * that bench's database and data folder (its encryption key) instead, e.g. with WEB_CONCURRENCY in
 * `env`, whose `stop` leaves both to the first.
 */
export async function startBenchServer(
  name: string,
  port: number,
  options: { on?: { databaseUrl: string; dataDir: string }; env?: Record<string, string> } = {},
) {
  const dbName = `lw_bench_${name}_${Date.now()}`;
  const url = new URL(SERVER_URL);
  url.pathname = `/${dbName}`;
  const databaseUrl = options.on?.databaseUrl ?? url.toString();
  if (!options.on) {
    const admin = new pg.Client({ connectionString: SERVER_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
  }
  const base = `http://127.0.0.1:${port}`;

  const dataDir = options.on?.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), `lw-bench-${name}-`));
  // BENCH_NODE_ARGS: extra flags for the server's Node, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile it.
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const server = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'api/src/server.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      ADMIN_USERNAME: BENCH_ADMIN.username,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      // The bench signs in its SUPER_ADMIN with a password alone: no second factor required here.
      ADMIN_MFA_ROLES: '',
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });

  // The server migrates the database and creates the admin at start.
  for (let i = 0; ; i++) {
    if (i > 120) throw new Error('the server did not start');
    if (
      await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }

  return {
    base,
    databaseUrl,
    dataDir,
    pid: server.pid!,
    /** A bearer token of the bench's SUPER_ADMIN. */
    async signIn(): Promise<string> {
      const login = await fetch(`${base}/api/admin/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(BENCH_ADMIN),
      });
      if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
      return ((await login.json()) as { token: string }).token;
    },
    async stop() {
      server.kill('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 500));
      if (options.on) return;
      if (process.env.BENCH_KEEP) {
        console.log(`Kept the database ${databaseUrl} (BENCH_KEEP).`);
      } else {
        const client = new pg.Client({ connectionString: SERVER_URL });
        await client.connect();
        await client.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
        await client.end();
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
