import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@ledgerwell/db/client';
import { adminUsers } from '@ledgerwell/db/schema';
import { ARGON2_OPTIONS, passwordHashOptions } from './identity/passwords';
import { freePort, startScript, type ScriptProcess } from './test/cluster-process';
import { createPostgresDatabase, TEST_ENGINE } from './test/test-app';

/** The documented default of CHALLENGE_COST (README, decision 010). */
const PRODUCTION_CHALLENGE_COST = 30_000;
const ADMIN = { username: 'production-admin', password: 'Production-Admin-Pass-1' };

/**
 * The test harness makes password hashing and proof-of-work cheap (test-app.ts). These checks start the
 * real server the way an operator does, in a process of its own that inherits this test process's whole
 * environment, so an override that leaked into the environment, or into the server's code, fails here.
 */
describe(`a server started without the test harness uses the production costs (${TEST_ENGINE})`, () => {
  let server: ScriptProcess;
  let port: number;
  let dataDir: string;
  let databaseUrl: string | undefined;

  beforeAll(async () => {
    // The harness is loaded in this process: its cheap hashing must not be what the server gets.
    expect(passwordHashOptions()).not.toEqual(ARGON2_OPTIONS);
    port = await freePort();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lw-production-'));
    databaseUrl = TEST_ENGINE === 'postgres' ? (await createPostgresDatabase({ migrated: false })).url : undefined;
    server = startScript('api/src/server.ts', {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      TRUST_PROXY: '1',
      LOG_LEVEL: 'info',
    });
    await server.waitForLog((line) => typeof line.msg === 'string' && line.msg.startsWith('Ledgerwell listening'));
  }, 120_000);

  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const login = (password: string, ip: string) =>
    fetch(`http://127.0.0.1:${port}/api/admin/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ip },
      body: JSON.stringify({ username: ADMIN.username, password }),
    });

  it('issues proof-of-work challenges at the production cost', async () => {
    for (let i = 1; i <= 10; i++) expect((await login(`Wrong-Pass-${i}`, `198.51.100.${i}`)).status).toBe(401);
    const challenged = await login(ADMIN.password, '203.0.113.5');
    expect(challenged.status).toBe(429);
    const body = (await challenged.json()) as { challenge: { parameters: { cost: number } } };
    expect(body.challenge.parameters.cost).toBe(PRODUCTION_CHALLENGE_COST);
  });

  it('hashes passwords with argon2id at the production parameters', async () => {
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const database = await openDatabase({ databaseUrl, dataDir, poolSize: 1 });
    try {
      const [admin] = await database.db
        .select({ hash: adminUsers.passwordHash })
        .from(adminUsers)
        .where(eq(adminUsers.username, ADMIN.username));
      const [, algorithm, , params] = admin!.hash.split('$');
      expect(algorithm).toBe('argon2id');
      const { memoryCost, timeCost, parallelism } = ARGON2_OPTIONS;
      expect(params!.split(',').sort()).toEqual([`m=${memoryCost}`, `p=${parallelism}`, `t=${timeCost}`]);
    } finally {
      await database.close();
    }
  });
});
