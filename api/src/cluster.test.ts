import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contactSubmissions, emailOutbox } from '@ledgerwell/db/schema';
import { fieldContext } from './lib/field-encryption';
import { freePort, getOnce, isRunning, startScript, type ScriptProcess } from './test/cluster-process';
import { startIntercomStub } from './test/intercom-stub';
import { createPostgresDatabase, createTestApp, TEST_ENGINE, type TestApp } from './test/test-app';

/** The server's environment for a test: nothing of the vitest process's DATABASE_URL unless given. */
function serverEnv(port: number, extra: Record<string, string>): Record<string, string | undefined> {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'lw-cluster-')),
    LOG_LEVEL: 'info',
    ADMIN_USERNAME: 'cluster-admin',
    ADMIN_PASSWORD: 'Cluster-Admin-Pass-1',
    ADMIN_MFA_ROLES: '',
    SHUTDOWN_TIMEOUT_MS: '5000',
    ...extra,
  };
}

const METRICS_TOKEN = 'cluster-test-metrics-token';
const workerStarted = (line: Record<string, unknown>) => line.msg === 'cluster worker started';

/** The worker ids that answered `count` requests, each on a connection of its own. */
async function answeringWorkers(port: number, count: number): Promise<Set<string>> {
  const workers = new Set<string>();
  for (let i = 0; i < count; i++) {
    const response = await getOnce(port, '/api/health');
    expect(response.status).toBe(200);
    workers.add(String(response.headers['x-test-worker']));
  }
  return workers;
}

describe.runIf(TEST_ENGINE === 'postgres')('WEB_CONCURRENCY=2 on PostgreSQL', () => {
  let server: ScriptProcess;
  let port: number;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const database = await createPostgresDatabase({ migrated: false });
    drop = database.drop;
    port = await freePort();
    // A fresh database: the primary migrates it and creates the admin before any worker starts.
    server = startScript(
      'api/src/server.ts',
      serverEnv(port, {
        DATABASE_URL: database.url,
        WEB_CONCURRENCY: '2',
        LEDGERWELL_TEST_WORKER_HEADER: '1',
        METRICS_TOKEN,
      }),
    );
    await server.waitForLog(
      (line) => typeof line.msg === 'string' && line.msg.startsWith('Ledgerwell listening') && line.worker === 2,
    );
    await server.waitForLog(
      (line) => typeof line.msg === 'string' && line.msg.startsWith('Ledgerwell listening') && line.worker === 1,
    );
  }, 120_000);

  afterAll(async () => {
    if (server.child.exitCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    await drop();
  });

  it('starts two workers after the start work, and both answer on the one port', async () => {
    const logs = server.logs();
    expect(logs.filter(workerStarted)).toHaveLength(2);
    // The start work ran once, in the primary, before the workers were forked.
    const storageLines = logs.filter(
      (line) => line.msg === 'identity photos are stored, encrypted, in this file store',
    );
    expect(storageLines).toHaveLength(1);
    expect(logs.indexOf(storageLines[0]!)).toBeLessThan(logs.findIndex(workerStarted));
    expect(
      logs.filter((line) => line.msg === 'created the SUPER_ADMIN account from ADMIN_USERNAME and ADMIN_PASSWORD'),
    ).toHaveLength(1);
    expect(await answeringWorkers(port, 8)).toEqual(new Set(['1', '2']));
    const login = await fetch(`http://127.0.0.1:${port}/api/admin/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'cluster-admin', password: 'Cluster-Admin-Pass-1' }),
    });
    expect(login.status).toBe(200);
  });

  it('answers GET /api/metrics for the whole cluster, whichever worker is asked (the primary aggregates)', async () => {
    const before = await answeringWorkers(port, 10);
    expect(before.size).toBe(2);
    const metrics = await fetch(`http://127.0.0.1:${port}/api/metrics`, {
      headers: { Authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(metrics.status).toBe(200);
    const health = (await metrics.text())
      .split('\n')
      .filter((line) => /^\w*http_requests_total\{.*route="\/api\/health".*\} \d+$/.test(line))
      .reduce((sum, line) => sum + Number(line.split(' ').pop()), 0);
    // 18 health calls so far, split between the two workers: one worker's own registry holds about half.
    expect(health).toBeGreaterThanOrEqual(18);
  });

  it('replaces a worker that dies, and keeps answering meanwhile', async () => {
    const first = server.logs().find(workerStarted)!;
    const killed = Number(first.pid);
    expect(isRunning(killed)).toBe(true);
    process.kill(killed, 'SIGKILL');
    const exited = await server.waitForLog((line) => line.msg === 'cluster worker exited; starting a replacement');
    expect(exited).toMatchObject({ pid: killed, signal: 'SIGKILL' });
    // The other worker answers while the replacement starts.
    const meanwhile = await answeringWorkers(port, 3);
    expect(meanwhile).toEqual(new Set([first.worker === 1 ? '2' : '1']));
    const replacement = await server.waitForLog((line) => workerStarted(line) && line.worker === 3);
    expect(replacement.pid).not.toBe(killed);
    await server.waitForLog(
      (line) => typeof line.msg === 'string' && line.msg.startsWith('Ledgerwell listening') && line.worker === 3,
    );
    const answering = await answeringWorkers(port, 8);
    expect(answering).toContain('3');
    expect(answering).not.toContain(String(first.worker));
    expect(answering.size).toBe(2);
  });

  it('on SIGTERM the workers drain and every process exits 0, even with a replacement still starting', async () => {
    const serving = server
      .logs()
      .filter(workerStarted)
      .map((line) => Number(line.pid))
      .filter(isRunning);
    expect(serving).toHaveLength(2);
    // A worker dies; its replacement is forked, and the stop comes before it listens.
    const nextWorker =
      Math.max(
        ...server
          .logs()
          .filter(workerStarted)
          .map((line) => Number(line.worker)),
      ) + 1;
    process.kill(serving[0]!, 'SIGKILL');
    const replacement = await server.waitForLog((line) => workerStarted(line) && line.worker === nextWorker);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const logs = server.logs();
    expect(
      logs.some(
        (line) =>
          typeof line.msg === 'string' && line.msg.startsWith('Ledgerwell listening') && line.worker === nextWorker,
      ),
    ).toBe(false);
    const workerPids = [serving[1]!, Number(replacement.pid)];
    expect(logs.filter((line) => line.msg === 'shut down').length).toBeGreaterThanOrEqual(1);
    expect(logs.find((line) => line.msg === 'all cluster workers have exited')).toMatchObject({ failedExits: 0 });
    for (const pid of workerPids) expect(isRunning(pid)).toBe(false);
  });
});

/** Two sweep runners started together on `t`'s database; what each printed as sent. */
async function sweepFromTwoProcesses(
  t: TestApp,
  sweep: 'outbox' | 'contact',
  extra: Record<string, string> = {},
): Promise<string[][]> {
  const go = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lw-sweep-')), 'go');
  const env = {
    PATH: process.env.PATH,
    DATABASE_URL: t.databaseUrl,
    SWEEP: sweep,
    SWEEP_KEY: t.encryptionKey.toString('hex'),
    SWEEP_GO_FILE: go,
    ...extra,
  };
  const runners = [startScript('api/src/test/sweep-runner.ts', env), startScript('api/src/test/sweep-runner.ts', env)];
  // Both loaded and connected before either sweeps, however long each took to start.
  for (const runner of runners) {
    while (!runner.lines.includes('ready')) {
      if (runner.child.exitCode !== null) throw new Error(`a sweep runner exited early:\n${runner.lines.join('\n')}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  fs.writeFileSync(go, '');
  expect(await Promise.all(runners.map((runner) => runner.exited))).toEqual([0, 0]);
  fs.rmSync(path.dirname(go), { recursive: true, force: true });
  const sentBy = runners.map((runner) =>
    runner.lines.filter((line) => line.startsWith('sent ')).map((line) => line.slice(5)),
  );
  // Both took part: the lease and SKIP LOCKED split the work rather than one process doing it all.
  for (const sent of sentBy) expect(sent.length).toBeGreaterThan(0);
  return sentBy;
}

describe.runIf(TEST_ENGINE === 'postgres')('the sweeps in two processes', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  it('two processes sweeping one outbox at once send each of 200 e-mails exactly once', async () => {
    const rows = Array.from({ length: 200 }, (_, i) => {
      const id = randomUUID();
      return {
        id,
        toAddress: `holder${i}@example.com`,
        subject: `Message ${i}`,
        bodyEncrypted: t.deps.cipher.encrypt(`Body ${i}`, fieldContext.emailBody(id)),
        kind: 'REQUEST_CONFIRMATION' as const,
        nextAttemptAt: t.clock.now(),
      };
    });
    await t.deps.db.insert(emailOutbox).values(rows);
    const sentBy = await sweepFromTwoProcesses(t, 'outbox');
    expect(sentBy.flat().sort()).toEqual(rows.map((row) => row.toAddress).sort());
    const statuses = await t.deps.db
      .select({ status: emailOutbox.status, attempts: emailOutbox.attempts })
      .from(emailOutbox);
    expect(statuses.every((row) => row.status === 'SENT' && row.attempts === 1)).toBe(true);
  });

  it('two processes retrying contact forwards at once forward each of 100 submissions exactly once', async () => {
    const stub = await startIntercomStub();
    try {
      const emails = Array.from({ length: 100 }, (_, i) => `sender${i}@example.com`);
      await t.deps.db.insert(contactSubmissions).values(
        emails.map((email, i) => ({
          name: `Sender ${i}`,
          email,
          message: `Question ${i}`,
          forwardStatus: 'PENDING_RETRY' as const,
          forwardAttempts: 1,
          nextForwardAt: t.clock.now(),
        })),
      );
      const sentBy = await sweepFromTwoProcesses(t, 'contact', {
        INTERCOM_ACCESS_TOKEN: 'stub-token',
        INTERCOM_API_URL: stub.url,
      });
      expect(sentBy.flat().sort()).toEqual([...emails].sort());
      expect(stub.calls.filter((call) => call.path === '/conversations')).toHaveLength(100);
      const rows = await t.deps.db
        .select({
          forwardStatus: contactSubmissions.forwardStatus,
          forwardAttempts: contactSubmissions.forwardAttempts,
        })
        .from(contactSubmissions);
      expect(rows.every((row) => row.forwardStatus === 'SENT' && row.forwardAttempts === 2)).toBe(true);
    } finally {
      await stub.close();
    }
  });
});

describe.runIf(TEST_ENGINE === 'embedded')('WEB_CONCURRENCY=2 on the embedded database', () => {
  it('says in one line that it runs one process, and runs one', async () => {
    const port = await freePort();
    const server = startScript('api/src/server.ts', serverEnv(port, { WEB_CONCURRENCY: '2' }));
    try {
      await server.waitForLog((line) => typeof line.msg === 'string' && line.msg.startsWith('Ledgerwell listening'));
      expect((await getOnce(port, '/api/health')).status).toBe(200);
      const logs = server.logs();
      expect(logs.filter((line) => typeof line.msg === 'string' && line.msg.includes('WEB_CONCURRENCY'))).toEqual([
        expect.objectContaining({
          msg: 'WEB_CONCURRENCY=2 ignored: the embedded database belongs to one process; set DATABASE_URL to run 2 processes',
        }),
      ]);
      expect(logs.filter(workerStarted)).toHaveLength(0);
      expect(
        logs.filter((line) => typeof line.msg === 'string' && line.msg.startsWith('Ledgerwell listening')),
      ).toEqual([expect.objectContaining({ port })]);
      expect(logs.find((line) => line.msg?.toString().startsWith('Ledgerwell listening'))?.worker).toBeUndefined();
    } finally {
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    }
  });
});
