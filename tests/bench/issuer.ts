// `pnpm bench:issuer`: the issuer portal's reads of the ledger, against their targets.
// Seeds in SQL into a fresh PostgreSQL database (migrated by the server's own migrations): BENCH_HOLDERS holders
// (default 100,000) with one account each in the issuer's Common class, a twentieth as many in another issuer's class
// (so the scope has something to leave out), and BENCH_ENTRIES journal entries (ledger legs; default 1,000,000): an
// opening issuance per account, then one-to-five-share transfers between holders of a class over two years up to
// today. Only the journal is written; positions and control books are summed from it, as the ledger's own
// reconciliation would find them.
// Then, in this process, through the issuer portal's routes behind the test-only stand-in for the issuer sign-in
// (api/src/test/issuer-portal-app.ts): the cap table (page 1 of the 100,000 holders, largest first) one call at a
// time for BENCH_SECONDS (default 10) after a 2 s warm-up, p50/p95/p99 against p95 ≤ 50 ms; the record-date list as
// CSV, tax IDs masked, as of today and as of a week ago (three runs each, the median) against ≥ 50,000 rows/s; then
// EXPLAIN (ANALYZE, BUFFERS) of the cap table's statements, built by the server's own code. Exits 0 with the figures
// printed; with --strict, 1 when a target is missed.
// BENCH_DATABASE_URL (else DATABASE_URL, else the local server) picks the server; the bench's database is dropped
// after (kept with BENCH_KEEP).
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { capTable } from '../../api/src/features/issuer-portal/cap-table';
import { issuerPortalStandInApp, issuerUserOf } from '../../api/src/test/issuer-portal-app';
import { loadConfig } from '../../api/src/config/env';
import type { AppDeps } from '../../api/src/lib/context';
import { createFieldCipher } from '../../api/src/lib/field-encryption';
import { createLogger } from '../../api/src/lib/logger';
import { openDatabase } from '../../db/src/client';
import { explainStatements } from './support/list-plans';
import { median } from './support/stats';

const { values: options } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: { strict: { type: 'boolean', default: false } },
});

const HOLDERS = Number(process.env.BENCH_HOLDERS ?? 100_000);
const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARM_UP_SECONDS = 2;
const DAYS = 730;
const TARGETS = { capTableP95Ms: 50, csvRowsPerSecond: 50_000 };
const SERVER_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

/** The seed, in SQL: the bench issuer's id and class, and the journal's size. */
async function seed(db: pg.Client) {
  const q = async <Row extends pg.QueryResultRow = Record<string, never>>(text: string, values: unknown[] = []) =>
    (await db.query<Row>(text, values)).rows;
  const [{ today }] = (await q<{ today: string }>(
    `select to_char((now() at time zone 'America/Los_Angeles')::date, 'YYYY-MM-DD') as today`,
  )) as [{ today: string }];
  const start = `(date '${today}' - ${DAYS})`;
  const issuers = await q<{ id: string; legal_name: string }>(
    `insert into issuers (legal_name) values ('Bench Industries Inc.'), ('Northfield Bancorp') returning id, legal_name`,
  );
  const bench = issuers.find((row) => row.legal_name === 'Bench Industries Inc.')!.id;
  const other = issuers.find((row) => row.legal_name === 'Northfield Bancorp')!.id;
  await q(`create temporary table bench_classes (c int primary key, id uuid, issuer text)`);
  for (const [c, issuerId, issuer] of [
    [0, bench, 'Bench Industries Inc.'],
    [1, other, 'Northfield Bancorp'],
  ] as const) {
    const [row] = await q<{ id: string }>(
      `insert into share_classes (issuer_id, name) values ($1, 'Common') returning id`,
      [issuerId],
    );
    await q(`insert into bench_classes values ($1, $2, $3)`, [c, row!.id, issuer]);
  }
  const others = Math.max(10, Math.round(HOLDERS / 20));
  // Holders 1..HOLDERS in the bench issuer's class, the rest in the other's; every holder with a tax ID on file.
  await q(
    `insert into shareholders (code, name, email, tax_id_last4, address_line1, city, state, postal_code)
     select 'IB' || lpad(i::text, 7, '0'), 'Holder ' || i, 'holder' || i || '@example.com', lpad((i % 10000)::text, 4, '0'),
            i || ' Main St', 'Fresno', 'CA', '93721'
     from generate_series(1, $1::int) i`,
    [HOLDERS + others],
  );
  await q(
    `insert into shareholder_accounts (shareholder_id, account_number, registration_name, issuer, share_class, shares_held, holding_type, class_id)
     select s.id, '6' || substr(s.code, 3), s.name, k.issuer, 'Common', 0, 'DRS', k.id
     from shareholders s join bench_classes k on k.c = case when substr(s.code, 3)::int <= $1 then 0 else 1 end
     where s.code like 'IB%'`,
    [HOLDERS],
  );
  await q(`create temporary table bench_accounts as
           select k.c, a.class_id, a.id, row_number() over (partition by a.class_id order by a.account_number) - 1 as j
           from shareholder_accounts a join bench_classes k on k.id = a.class_id`);
  await q(`create index on bench_accounts (c, j)`);
  await q(`create temporary table bench_class_sizes as select c, count(*)::int as n from bench_accounts group by c`);
  await q(`analyze bench_accounts`);

  // Opening balances: 1,000 DRS shares each, on day 0.
  await q(`create temporary table bench_open as select gen_random_uuid() as tx, id, class_id from bench_accounts`);
  await q(
    `insert into ledger_transactions (id, type, class_id, effective_date, posted_at, posted_by_username, memo)
     select tx, 'ISSUANCE', class_id, ${start}, ${start} + time '10:00', 'bench', 'Opening balance' from bench_open`,
  );
  await q(
    `insert into ledger_legs (transaction_id, account_id, class_id, effective_date, quantity, form)
     select tx, id, class_id, ${start}, 1000, 'DRS' from bench_open`,
  );
  // Transfers of 1 to 5 shares between holders of a class (nineteen in twenty in the bench issuer's), day by day up
  // to today, until the journal holds ENTRIES legs.
  const [{ legs: opening }] = (await q<{ legs: number }>(`select count(*)::int as legs from ledger_legs`)) as [
    { legs: number },
  ];
  const transfers = Math.max(0, Math.floor((ENTRIES - opening) / 2));
  await q(
    `create temporary table bench_moves as
     select gen_random_uuid() as tx, k.id as class_id, ${start} + 1 + ((i - 1)::bigint * (${DAYS} - 1) / $1::int)::int as d,
            s.id as sender, r.id as receiver, 1 + i % 5 as qty
     from generate_series(1, $1::int) i
     join bench_class_sizes z on z.c = case when i % 20 = 0 then 1 else 0 end
     join bench_classes k on k.c = z.c
     join bench_accounts s on s.c = z.c and s.j = (i::bigint * 7919) % z.n
     join bench_accounts r on r.c = z.c and r.j = ((i::bigint * 7919) % z.n + 1 + (i / 3) % (z.n - 1)) % z.n`,
    [transfers],
  );
  await q(
    `insert into ledger_transactions (id, type, class_id, effective_date, posted_at, posted_by_username, memo)
     select tx, 'TRANSFER', class_id, d, d + time '14:00', 'bench', 'Transfer' from bench_moves order by d, tx`,
  );
  await q(
    `insert into ledger_legs (transaction_id, account_id, class_id, effective_date, quantity, form)
     select tx, case when side = 0 then sender else receiver end, class_id, d, case when side = 0 then -qty else qty end, 'DRS'
     from bench_moves cross join (values (0), (1)) s(side) order by d, tx, side`,
  );
  // State derived from the journal: every account's position and every class's control book.
  await q(
    `insert into ledger_positions (account_id, class_id, drs_shares, certificated_shares)
     select a.id, a.class_id, coalesce(sum(l.quantity), 0), 0
     from shareholder_accounts a left join ledger_legs l on l.account_id = a.id group by a.id, a.class_id`,
  );
  await q(
    `insert into control_books (class_id, authorized_shares, issued_shares)
     select k.id, 10 * s.issued, s.issued
     from bench_classes k cross join lateral (select coalesce(sum(quantity), 0) as issued from ledger_legs where class_id = k.id) s`,
  );
  // What autovacuum does shortly after a bulk load: statistics, and the visibility map for index-only scans.
  await q('vacuum analyze');
  const [counts] = (await q<{ legs: number; transactions: number; difference: string }>(
    `select (select count(*)::int from ledger_legs) as legs, (select count(*)::int from ledger_transactions) as transactions,
            (select (select sum(drs_shares) from ledger_positions) - (select sum(issued_shares - cancelled_shares) from control_books))::text as difference`,
  )) as [{ legs: number; transactions: number; difference: string }];
  if (Number(counts.difference) !== 0) throw new Error(`positions and control books differ by ${counts.difference}`);
  const [benchClass] = await q<{ id: string }>(`select id from bench_classes where c = 0`);
  return { issuerId: bench, classId: benchClass!.id, today, ...counts };
}

/** Each call's time, one at a time, for `seconds`. */
async function timeCalls(call: () => Promise<void>, seconds: number) {
  const times: number[] = [];
  const until = performance.now() + seconds * 1000;
  while (performance.now() < until) {
    const started = performance.now();
    await call();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))]! * 10) / 10;
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), count: times.length };
}

const dbName = `lw_bench_issuer_${Date.now()}`;
const url = new URL(SERVER_URL);
url.pathname = `/${dbName}`;
const databaseUrl = url.toString();
const admin = new pg.Client({ connectionString: SERVER_URL });
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName}`);
let missed = false;
const database = await openDatabase({ databaseUrl, poolSize: 4 });
try {
  await database.migrate();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const started = Date.now();
  const seeded = await seed(client);
  await client.end();
  console.log(
    `Seeded ${fmt(seeded.legs)} journal entries (${fmt(seeded.transactions)} transactions) over ${fmt(HOLDERS)} holders of the issuer's class (and ${fmt(Math.max(10, Math.round(HOLDERS / 20)))} of another issuer's) in ${((Date.now() - started) / 1000).toFixed(1)} s; positions and control books agree.`,
  );

  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: 'web/dist' });
  const deps = {
    db: database.db,
    engine: database.engine,
    config,
    logger: createLogger('silent'),
    clock: { now: () => new Date() },
    cipher: createFieldCipher(randomBytes(32)),
  } as unknown as AppDeps;
  const app = issuerPortalStandInApp(
    deps,
    await issuerUserOf(deps.db, seeded.issuerId, { email: 'bench@example.com' }),
  );
  const call = async (path: string) => {
    const res = await app.request(path);
    const body = await res.text();
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${body.slice(0, 300)}`);
    return body;
  };

  const capTablePath = '/api/issuer/cap-table';
  const first = JSON.parse(await call(capTablePath)) as { data: { classes: { holdersCount: number }[] } };
  if (first.data.classes[0]?.holdersCount !== HOLDERS)
    throw new Error(`the cap table counts ${first.data.classes[0]?.holdersCount} holders, not ${HOLDERS}`);
  await timeCalls(async () => void (await call(capTablePath)), WARM_UP_SECONDS);
  const capTimes = await timeCalls(async () => void (await call(capTablePath)), SECONDS);

  const weekAgo = new Date(Date.parse(`${seeded.today}T12:00:00Z`) - 7 * 86_400_000).toISOString().slice(0, 10);
  const csv: { asOf: string; rows: number; rate: number }[] = [];
  for (const asOf of [seeded.today, weekAgo]) {
    const rates: number[] = [];
    let rows = 0;
    for (let run = 0; run < 3; run++) {
      const begun = performance.now();
      const text = await call(`/api/issuer/classes/${seeded.classId}/holders/export/csv?asOf=${asOf}`);
      rows = text.split('\r\n').length - 2; // the header, and the empty string after the last CRLF
      rates.push(rows / ((performance.now() - begun) / 1000));
    }
    csv.push({ asOf, rows, rate: median(rates) });
  }

  const [load1, load5] = os.loadavg();
  console.log(
    `\n${fmt(seeded.legs)} journal entries, ${fmt(HOLDERS)} holders in the class; ${os.availableParallelism()} cores, load average ${load1!.toFixed(2)} / ${load5!.toFixed(2)} (1 / 5 min)\n`,
  );
  const capMet = capTimes.p95 <= TARGETS.capTableP95Ms;
  console.log(
    `cap table (page 1, 50 holders): p50 ${capTimes.p50} ms, p95 ${capTimes.p95} ms, p99 ${capTimes.p99} ms over ${fmt(capTimes.count)} calls in ${SECONDS} s  target p95 ≤ ${TARGETS.capTableP95Ms} ms ${capMet ? 'PASS' : 'FAIL'}`,
  );
  if (!capMet) missed = true;
  for (const run of csv) {
    const met = run.rate >= TARGETS.csvRowsPerSecond;
    if (!met) missed = true;
    console.log(
      `record-date CSV as of ${run.asOf}: ${fmt(run.rows)} rows, ${fmt(run.rate)} rows/s (median of 3)  target ≥ ${fmt(TARGETS.csvRowsPerSecond)} rows/s ${met ? 'PASS' : 'FAIL'}`,
    );
  }

  console.log('\ncap table: EXPLAIN (ANALYZE, BUFFERS)');
  console.log(
    await explainStatements(databaseUrl, (planDeps) =>
      capTable({ deps: planDeps, issuerId: seeded.issuerId, query: { page: 1, limit: 50 } }),
    ),
  );
  if (missed)
    console.log(
      options.strict ? '\nA target is missed (--strict: exit 1).' : '\nA target is missed (exit 0 without --strict).',
    );
} finally {
  await database.close();
  if (process.env.BENCH_KEEP) console.log(`Kept the database ${databaseUrl} (BENCH_KEEP).`);
  else {
    // The plans' pool closes its connections after it resolves: a forced drop meanwhile would fail them.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await admin.query(`DROP DATABASE IF EXISTS ${dbName}`);
  }
  await admin.end();
}
process.exit(missed && options.strict ? 1 : 0);
