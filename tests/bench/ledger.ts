// `pnpm bench:ledger` (issue 28): the ledger's figures, printed against their targets; it never fails on them.
//  1. Posting throughput: transfers through POST /api/admin/ledger/transfers from 16 connections for BENCH_SECONDS
//     after a 3 s warm-up, on WEB_CONCURRENCY API processes (1 unless set),
//     and in the same run pgbench's built-in TPC-B-like script at 16 clients on the same PostgreSQL server (the
//     classic debit/credit benchmark); both rates and their ratio. Target: ratio ≥ 0.5.
//  2. With 1,000,000 journal entries (legs) over 100,000 holders, seeded in SQL: an account's position as of a
//     random date through the API, p95 ≤ 10 ms; the 100,000-holder record-date list as CSV ≥ 50,000 rows/s;
//     reconciliation of that class ≤ 2 s.
// BENCH_DATABASE_URL (else DATABASE_URL, else the local server) picks the server; the databases are dropped after.
import { spawnSync } from 'node:child_process';
import autocannon from 'autocannon';
import pg from 'pg';
import { startBenchServer } from './support/bench-server';

const HOLDERS = Number(process.env.BENCH_HOLDERS ?? 100_000);
const TRANSFERS = Number(process.env.BENCH_TRANSFERS ?? 450_000); // 100,000 + 2 × 450,000 = 1,000,000 legs
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const WARM_UP_SECONDS = 3;
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16);
const PORT = Number(process.env.BENCH_PORT ?? 4332);
const SERVER_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

// One API process by default: on a small machine that also runs PostgreSQL, a second process takes the cores
// PostgreSQL needs (on 2 cores: 0.38 of pgbench's rate with two processes, 0.53 with one; decision 019).
const WORKERS = process.env.WEB_CONCURRENCY ?? '1';
const bench = await startBenchServer('ledger', PORT, { env: { WEB_CONCURRENCY: WORKERS } });
const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits });
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

/** Seeds the class: one issuance of 1,000 shares per holder, then transfers of one share between holders. */
async function seed(db: pg.Client) {
  const started = Date.now();
  const [{ id: issuerId }] = (
    await db.query(`insert into issuers (legal_name) values ('Bench Industries Inc.') returning id`)
  ).rows as [{ id: string }];
  const [{ id: classId }] = (
    await db.query(`insert into share_classes (issuer_id, name) values ($1, 'Common') returning id`, [issuerId])
  ).rows as [{ id: string }];
  const [{ id: holderId }] = (
    await db.query(
      `insert into shareholders (code, name, email, address_line1, city, state, postal_code)
       values ('BENCH01', 'Bench Holder', 'bench@example.com', '1 Main St', 'Fresno', 'CA', '93721') returning id`,
    )
  ).rows as [{ id: string }];
  await db.query(
    `insert into shareholder_accounts (shareholder_id, account_number, registration_name, issuer, share_class, shares_held, holding_type, certificate_numbers, class_id)
     select $1, 'B' || lpad(i::text, 9, '0'), 'Holder ' || i, 'Bench Industries Inc.', 'Common', 0, 'DRS', '{}', $2
     from generate_series(1, $3::int) i`,
    [holderId, classId, HOLDERS],
  );
  // Accounts numbered 1..N in account-number order, for the transfers below.
  await db.query(`create temporary table bench_accounts as
                  select row_number() over (order by account_number) as n, id from shareholder_accounts where class_id = '${classId}'`);
  await db.query('create index on bench_accounts (n)');
  // Opening issuances two years ago, then transfers spread day by day over the two years since.
  await db.query(
    `insert into ledger_transactions (id, type, class_id, effective_date, posted_by_username, memo)
     select gen_random_uuid(), 'ISSUANCE', $1, current_date - 730, 'bench', 'Opening balance ' || n from bench_accounts`,
    [classId],
  );
  await db.query(
    `insert into ledger_legs (transaction_id, account_id, class_id, effective_date, quantity, form)
     select t.id, a.id, $1, t.effective_date, 1000, 'DRS'
     from ledger_transactions t join bench_accounts a on t.memo = 'Opening balance ' || a.n where t.class_id = $1`,
    [classId],
  );
  await db.query(
    `insert into ledger_transactions (id, type, class_id, effective_date, posted_by_username, memo)
     select gen_random_uuid(), 'TRANSFER', $1, current_date - 729 + (i * 729 / $2::int), 'bench', 'T' || i
     from generate_series(1, $2::int) i`,
    [classId, TRANSFERS],
  );
  await db.query(
    `insert into ledger_legs (transaction_id, account_id, class_id, effective_date, quantity, form)
     select t.id, a.id, $1, t.effective_date, case when side = 0 then -1 else 1 end, 'DRS'
     from ledger_transactions t
     cross join (values (0), (1)) s(side)
     join bench_accounts a on a.n = case when side = 0 then 1 + (substr(t.memo, 2)::int % $2::int)
                                         else 1 + ((substr(t.memo, 2)::int * 7 + 13) % $2::int) end
     where t.class_id = $1 and t.type = 'TRANSFER'`,
    [classId, HOLDERS],
  );
  await db.query(
    `insert into ledger_positions (account_id, class_id, drs_shares)
     select account_id, class_id, sum(quantity) from ledger_legs where class_id = $1 group by account_id, class_id`,
    [classId],
  );
  await db.query(`insert into control_books (class_id, authorized_shares, issued_shares) values ($1, $2, $3)`, [
    classId,
    HOLDERS * 1000 * 10,
    HOLDERS * 1000,
  ]);
  await db.query('vacuum analyze');
  const [{ legs }] = (await db.query(`select count(*)::int as legs from ledger_legs`)).rows as [{ legs: number }];
  const accounts = (await db.query(`select id from bench_accounts order by n`)).rows.map((r: { id: string }) => r.id);
  console.log(
    `Seeded ${fmt(legs)} journal entries over ${fmt(HOLDERS)} holders in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
  return { classId, accounts, legs };
}

/**
 * 16 keep-alive connections posting one-share DRS transfers between random holders for `seconds`, through
 * autocannon: its client costs a third of node:http's per call, on the cores the server and PostgreSQL share
 * (pgbench's client is C). Transfers per second, and the load generator's own CPU per call.
 */
async function postingRate(token: string, classId: string, accounts: string[], today: string, seconds: number) {
  const randomAccount = () => accounts[Math.floor(Math.random() * accounts.length)]!;
  const transfer = () => {
    const from = randomAccount();
    let to = randomAccount();
    while (to === from) to = randomAccount();
    return JSON.stringify({
      classId,
      fromAccountId: from,
      toAccountId: to,
      shares: '1',
      toForm: 'DRS',
      effectiveDate: today,
    });
  };
  let posted = 0;
  let refused = 0;
  const cpuBefore = process.cpuUsage();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${bench.base}/api/admin/ledger/transfers`,
        connections: CLIENTS,
        duration: seconds,
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        requests: [{ setupRequest: (request) => ({ ...request, body: transfer() }) }],
      },
      (error, finished) =>
        error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(finished),
    );
    instance.on('response', (_client: unknown, status: number) => (status === 201 ? posted++ : refused++));
  });
  const cpu = process.cpuUsage(cpuBefore);
  const elapsed = result.duration;
  return { rate: posted / elapsed, posted, refused, clientMs: (cpu.user + cpu.system) / 1000 / (posted + refused) };
}

/** A CHECKPOINT, when this user may ask for one (a superuser or pg_checkpoint); the bench goes on without. */
async function checkpoint(db: pg.Client) {
  await db.query('checkpoint').catch((error: Error) => console.log(`No checkpoint before the run: ${error.message}`));
}

/** pgbench's TPC-B-like script at 16 clients on a database of its own on the same server; transactions per second. */
function pgbenchRate(): number | null {
  const url = new URL(SERVER_URL);
  const name = `lw_bench_pgbench_${Date.now()}`;
  const base = [
    '-h',
    decodeURIComponent(url.hostname),
    '-p',
    url.port || '5432',
    '-U',
    decodeURIComponent(url.username || 'postgres'),
  ];
  const run = (command: string, args: string[]) =>
    spawnSync(command, args, {
      encoding: 'utf8',
      env: { ...process.env, PGPASSWORD: decodeURIComponent(url.password) },
    });
  if (run('createdb', [...base, name]).status !== 0) return null;
  try {
    // Scale 16: one branch per client, as TPC-B sizes it, so the clients do not all queue on one branch row.
    const init = run('pgbench', [...base, '-i', '-q', '-s', '16', name]);
    if (init.status !== 0) throw new Error(init.stderr);
    run('psql', [...base, '-q', '-c', 'checkpoint', name]);
    const result = run('pgbench', [...base, '-c', String(CLIENTS), '-j', '2', '-T', String(SECONDS), name]);
    const tps = /tps = ([\d.]+)/.exec(result.stdout)?.[1];
    return tps ? Number(tps) : null;
  } finally {
    run('dropdb', [...base, name]);
  }
}

try {
  const db = new pg.Client({ connectionString: bench.databaseUrl });
  await db.connect();
  const { classId, accounts, legs } = await seed(db);
  const token = await bench.signIn();
  const headers = { Authorization: `Bearer ${token}` };
  const [{ today }] = (
    await db.query(`select to_char(now() at time zone 'America/Los_Angeles', 'YYYY-MM-DD') as today`)
  ).rows as [{ today: string }];

  // 2a. Positions as of random dates in the two years, through the API (after a warm-up).
  const positionAt = async () => {
    const account = accounts[Math.floor(Math.random() * accounts.length)]!;
    const daysAgo = Math.floor(Math.random() * 730);
    const asOf = new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    const started = performance.now();
    const response = await fetch(`${bench.base}/api/admin/ledger/accounts/${account}/position?asOf=${asOf}`, {
      headers,
    });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`position answered ${response.status}`);
    return performance.now() - started;
  };
  for (let i = 0; i < 50; i++) await positionAt();
  const latencies: number[] = [];
  for (let i = 0; i < 1000; i++) latencies.push(await positionAt());
  latencies.sort((a, b) => a - b);

  // 2b. The record-date list of every holder, streamed as CSV.
  const csvStarted = performance.now();
  const csv = await fetch(`${bench.base}/api/admin/ledger/classes/${classId}/holders/export/csv?asOf=${today}`, {
    headers,
  });
  if (!csv.ok || !csv.body) throw new Error(`export answered ${csv.status}: ${await csv.text()}`);
  let lines = 0;
  for await (const chunk of csv.body as unknown as AsyncIterable<Uint8Array>)
    for (let i = 0; i < chunk.length; i++) if (chunk[i] === 0x0a) lines++;
  const csvSeconds = (performance.now() - csvStarted) / 1000;
  const rows = lines - 1;

  // 2c. Reconciliation of the class.
  const reconcileStarted = performance.now();
  const reconcile = await fetch(`${bench.base}/api/admin/ledger/reconcile`, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify({ classId }),
  });
  const reconciled = (await reconcile.json()) as { data?: { differencesFound: number } };
  const reconcileSeconds = (performance.now() - reconcileStarted) / 1000;

  // 1. Throughput, ours then pgbench's, on the same server.
  // Both runs start from a checkpoint, so neither pays for the other's (or the seed's) writes to the data files.
  await checkpoint(db);
  // A warm-up first, not counted: the server's JIT compiles the posting path (pgbench's C needs none).
  await postingRate(token, classId, accounts, today, WARM_UP_SECONDS);
  const ours = await postingRate(token, classId, accounts, today, SECONDS);
  await db.end();
  const reference = pgbenchRate();

  console.log(`\nThe ledger with ${fmt(legs)} journal entries, ${fmt(HOLDERS)} holders\n`);
  const line = (label: string, value: string, target: string, met: boolean) =>
    console.log(label.padEnd(48), value.padStart(16), `  target ${target}`.padEnd(20), met ? 'met' : 'MISSED');
  const p95 = percentile(latencies, 0.95);
  line('position as of a date, p95 (1,000 calls)', `${p95.toFixed(2)} ms`, '≤ 10 ms', p95 <= 10);
  console.log(`${''.padEnd(48)} ${`p50 ${percentile(latencies, 0.5).toFixed(2)} ms`.padStart(16)}`);
  line(
    `record-date list CSV (${fmt(rows)} rows, ${csvSeconds.toFixed(2)} s)`,
    `${fmt(rows / csvSeconds)} rows/s`,
    '≥ 50,000 rows/s',
    rows / csvSeconds >= 50_000,
  );
  line(
    `reconciliation of the class (${reconciled.data?.differencesFound ?? '?'} differences)`,
    `${reconcileSeconds.toFixed(2)} s`,
    '≤ 2 s',
    reconcileSeconds <= 2,
  );
  line(
    `transfers posted, ${CLIENTS} connections, ${SECONDS} s (${fmt(ours.refused)} refused)`,
    `${fmt(ours.rate, 1)} /s`,
    '',
    true,
  );
  console.log(
    `${''.padEnd(48)} on ${WORKERS} API process(es); the load generator used ${ours.clientMs.toFixed(3)} ms of CPU per call`,
  );
  if (reference === null) {
    console.log('pgbench could not run here (is it installed, and may this user create databases?): no ratio.');
  } else {
    line(`pgbench TPC-B-like, ${CLIENTS} clients, ${SECONDS} s, scale 16`, `${fmt(reference, 1)} tps`, '', true);
    const ratio = ours.rate / reference;
    line('ratio: our transfers to pgbench transactions', ratio.toFixed(2), '≥ 0.5', ratio >= 0.5);
  }
  if (rows !== HOLDERS) console.log(`Warning: the list held ${fmt(rows)} rows, not ${fmt(HOLDERS)}.`);
} finally {
  await bench.stop();
}
