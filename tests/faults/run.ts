// `pnpm test:faults` (issue 18): the real server with WEB_CONCURRENCY=2 on a fresh PostgreSQL
// database, a local SMTP sink and s3rver, under a bounded mixed load (load.ts) for FAULTS_SECONDS
// (default 40) while one worker is SIGKILLed every few seconds, PostgreSQL restarts once and the
// whole server restarts once with SIGTERM. Then checks (checks.ts) that nothing acknowledged was
// lost or duplicated, that no answer was a 5xx other than 503 and that the server logged no error;
// prints the figures; exits 1 otherwise.
// The admin signs in with a password alone (ADMIN_MFA_ROLES=''): the second factor is not under test here.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort, REPO_ROOT } from '../../api/src/test/cluster-process';
import { photoJpeg } from '../../api/src/test/images';
import { startS3Server } from '../../api/src/test/s3-server';
import { runChecks } from './checks';
import { call, figures, jsonInit } from './client';
import { ledger, loadClient } from './load';
import { postgresCluster, restartPostgres, startServer, workerPids } from './processes';
import { startSmtpSink } from './smtp-sink';

const SECONDS = Number(process.env.FAULTS_SECONDS ?? 40);
const CONCURRENCY = Number(process.env.FAULTS_CONCURRENCY ?? 8);
const KILL_EVERY_MS = Number(process.env.FAULTS_KILL_EVERY_MS ?? 4000);
const DRAIN_SECONDS = Number(process.env.FAULTS_DRAIN_SECONDS ?? 45);
const SERVER_URL = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
const ADMIN = { username: 'faults-admin', password: 'Faults-Admin-Pass-1' };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const wallStart = Date.now();
// Fails at once, with its reason, when PostgreSQL cannot be restarted from here: never skipped.
const pgCluster = postgresCluster(SERVER_URL);

const dbName = `lw_faults_${Date.now()}`;
const databaseUrl = (() => {
  const url = new URL(SERVER_URL);
  url.pathname = `/${dbName}`;
  return url.toString();
})();
const admin = new pg.Client({ connectionString: SERVER_URL });
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName}`);
await admin.end();

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lw-faults-'));
const smtp = await startSmtpSink();
const s3 = await startS3Server('ledgerwell-faults');
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
if (!fs.existsSync(path.join(REPO_ROOT, 'web/dist/index.html'))) {
  console.log('web/dist is missing: building the web app once (pnpm build)');
  execFileSync('pnpm', ['build'], { cwd: REPO_ROOT, stdio: 'inherit' });
}
const env: Record<string, string | undefined> = {
  ...process.env,
  NODE_ENV: 'test',
  PORT: String(port),
  HOST: '127.0.0.1',
  DATABASE_URL: databaseUrl,
  DATA_DIR: dataDir,
  WEB_CONCURRENCY: '2',
  LOG_LEVEL: 'warn',
  ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
  SMTP_URL: smtp.url,
  CONTACT_NOTIFY_TO: 'support@example.com',
  ...s3.env,
  TRUST_PROXY: '1',
  CHALLENGE_COST: '10',
  DEMO_DATA: '1',
  ADMIN_USERNAME: ADMIN.username,
  ADMIN_PASSWORD: ADMIN.password,
  ADMIN_MFA_ROLES: '',
  SHUTDOWN_TIMEOUT_MS: '10000',
};
const logFile = path.join(dataDir, 'server.log');

/** The demo ledger's Acme Robotics Common holders Dana Whitfield and Okafor Capital (both DRS), and the issuer's today. */
async function demoTransferPair() {
  const login = await call(base, '/api/admin/login', jsonInit('POST', ADMIN));
  const token = login?.json.token as string | undefined;
  if (!token) throw new Error('the admin could not sign in before the run');
  const read = async <T>(route: string) => (await call(base, route, jsonInit('GET', undefined, {}, token)))?.json as T;
  type Issuers = { data: { legalName: string; classes: { id: string; name: string }[] }[] };
  const issuers = await read<Issuers>('/api/admin/issuers');
  const common = issuers.data
    .find((issuer) => issuer.legalName === 'Acme Robotics Inc.')
    ?.classes.find((shareClass) => shareClass.name === 'Common');
  if (!common) throw new Error('the demo class Acme Robotics Inc., Common is missing');
  type Holders = { asOf: string; data: { accountId: string; accountNumber: string }[] };
  const holders = await read<Holders>(`/api/admin/ledger/classes/${common.id}/holders?limit=500`);
  const account = (number: string) => {
    const found = holders.data.find((holder) => holder.accountNumber === number);
    if (!found) throw new Error(`the demo account ${number} holds no shares`);
    return found.accountId;
  };
  return {
    classId: common.id,
    accountIds: [account('100200300'), account('400500600')] as [string, string],
    effectiveDate: holders.asOf,
  };
}
let server = await startServer(env, base, logFile);
const events: string[] = [];
let failed = true;

try {
  const photo = await photoJpeg(800, 600);
  console.log(
    `Faults: ${SECONDS} s of load at concurrency ${CONCURRENCY} on ${base} (WEB_CONCURRENCY=2), database ${dbName}, SMTP sink :${smtp.port}, s3rver ${s3.endpoint}; admin without a second factor (ADMIN_MFA_ROLES='').`,
  );
  const start = Date.now();
  const until = start + SECONDS * 1000;
  const transfers = await demoTransferPair();
  const clients = Array.from({ length: CONCURRENCY }, (_, i) =>
    loadClient({ base, admin: ADMIN, photo, transfers }, i),
  );
  const load = Promise.all(clients.map((c) => c.run(until)));

  let restarting = false;
  const killer = setInterval(() => {
    if (restarting) return;
    const [victim] = workerPids(server.pid);
    if (victim === undefined) return;
    try {
      process.kill(victim, 'SIGKILL');
      events.push(`${((Date.now() - start) / 1000).toFixed(1)} s: SIGKILL worker ${victim}`);
    } catch {
      // Already gone.
    }
  }, KILL_EVERY_MS);

  await sleep(SECONDS * 350);
  const pgAt = (Date.now() - start) / 1000;
  const pgTook = restartPostgres(pgCluster);
  events.push(`${pgAt.toFixed(1)} s: PostgreSQL ${pgCluster.version}/${pgCluster.name} restarted (${pgTook} ms)`);

  await sleep(Math.max(0, start + SECONDS * 650 - Date.now()));
  restarting = true;
  const termAt = Date.now();
  const code = await server.stop();
  server = await startServer(env, base, logFile);
  restarting = false;
  events.push(
    `${((termAt - start) / 1000).toFixed(1)} s: server SIGTERM (exit ${code}) and started again in ${Date.now() - termAt} ms`,
  );

  await load;
  clearInterval(killer);
  const loadSeconds = (Date.now() - start) / 1000;

  // Let the sweeps finish: the outbox drained, or the deadline.
  const db = new pg.Client({ connectionString: databaseUrl });
  // The database is dropped WITH (FORCE) at the end, which ends this connection if a check threw first.
  db.on('error', () => undefined);
  await db.connect();
  const drainUntil = Date.now() + DRAIN_SECONDS * 1000;
  for (;;) {
    const { rows } = await db.query<{ n: string }>(
      `select count(*) as n from email_outbox where status = 'PENDING' and handed_over_at is null`,
    );
    if (Number(rows[0]!.n) === 0 || Date.now() > drainUntil) break;
    await sleep(1000);
  }

  const adminToken = await clients[0]!.admin(true);
  if (!adminToken) throw new Error('the admin could not sign in after the run');
  const result = await runChecks({ db, base, adminToken, sink: smtp.messages, ledger, loadStart: new Date(start) });
  // Why e-mails are still queued, if any: never tried yet, held by a claim's lease, or backing off after a failure.
  const { rows: queuedWhy } = await db.query<{
    attempts: number;
    waiting: string;
    last_error: string | null;
    n: string;
  }>(
    `select attempts, case when next_attempt_at > now() then 'until ' || to_char(next_attempt_at - now(), 'MI:SS') || ' from now' else 'due' end as waiting,
            left(last_error, 100) as last_error, count(*) as n
     from email_outbox where status = 'PENDING' and handed_over_at is null group by 1, 2, 3 order by n desc limit 10`,
  );
  await db.end();

  // What the server logged as errors: a 500 shows up in the figures too, but the log names its cause.
  const serverErrors = fs
    .readFileSync(logFile, 'utf8')
    .split('\n')
    .filter((line) => /^\{"level":(5|6)\d/.test(line));
  console.log('\nFaults injected:');
  for (const line of events) console.log(`  ${line}`);
  console.log(`\nLoad: ${loadSeconds.toFixed(1)} s`);
  const rows: [string, string | number][] = [
    ['requests sent (HTTP attempts)', figures.sent],
    ['acknowledged (2xx)', figures.acknowledged],
    ['retried', figures.retried],
    ['network errors (retried)', figures.networkErrors],
    ['503 seen (retried)', figures.status503],
    ['gave up (never answered, not acknowledged)', figures.gaveUp],
    ['portal requests acknowledged', ledger.requests.length],
    ['contact messages acknowledged', ledger.contacts.filter((c) => c.id).length],
    ['photos acknowledged', ledger.uploads.length],
    ['admin decisions acknowledged', ledger.decisions.length],
    ['ledger transfers acknowledged', ledger.postings.length],
    ['ledger: reconciliation differences after the run', result.ledger.differences],
    [
      'e-mails queued / sent / still queued',
      `${result.emails.queued} / ${result.emails.sent} / ${result.emails.stillQueued}`,
    ],
    // A killed worker's e-mail after its hand-over: the operator's to resend, never resent by itself.
    [
      'e-mails unconfirmed (sender killed after hand-over) / in sink',
      `${result.emails.unconfirmed.count} / ${result.emails.unconfirmed.inSink}`,
    ],
    ['contact duplicates from unacknowledged attempts (allowed)', result.contactRetryDuplicates],
    ['lost', result.lost.length],
    ['duplicated', result.duplicated.length],
    ['5xx (other than 503)', figures.status5xx],
    ['server log: errors (level 50+, e.g. unhandled)', serverErrors.length],
  ];
  for (const [label, value] of rows) console.log(`  ${label.padEnd(58)} ${value}`);
  if (queuedWhy.length)
    console.log(
      `\nStill queued, by attempts, wait and last error:\n  ${queuedWhy.map((q) => `${q.n} × attempts ${q.attempts}, ${q.waiting}${q.last_error ? `, ${q.last_error}` : ''}`).join('\n  ')}`,
    );
  if (ledger.refusals.length)
    console.log(
      `\nRefused calls (4xx, listed only; first 10 of ${ledger.refusals.length}):\n  ${ledger.refusals.slice(0, 10).join('\n  ')}`,
    );
  for (const line of result.lost) console.log(`LOST: ${line}`);
  for (const line of result.duplicated) console.log(`DUPLICATED: ${line}`);
  for (const line of figures.failures.slice(0, 20)) console.log(`5xx: ${line}`);
  for (const line of serverErrors.slice(0, 10)) console.log(`server error: ${line.slice(0, 400)}`);
  failed = result.lost.length > 0 || result.duplicated.length > 0 || figures.status5xx > 0 || serverErrors.length > 0;
  console.log(
    `\n${failed ? 'FAILED' : 'OK'}: lost ${result.lost.length}, duplicated ${result.duplicated.length}, 5xx ${figures.status5xx}, server errors ${serverErrors.length}; wall time ${((Date.now() - wallStart) / 1000).toFixed(1)} s`,
  );
} catch (error) {
  console.error(error);
  console.error(
    `server log (last lines of ${logFile}):\n${fs.readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n')}`,
  );
} finally {
  await server.stop();
  await smtp.close();
  await s3.close();
  const cleanup = new pg.Client({ connectionString: SERVER_URL });
  await cleanup.connect();
  await cleanup.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await cleanup.end();
  if (failed) console.log(`server log kept: ${logFile}`);
  else fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
