// `pnpm bench:portal` (issue 30): the shareholder portal's reads of the ledger, against the issue's targets.
// Seeds BENCH_ENTRIES journal entries (ledger legs, as `pnpm bench:ledger` counts them; default 1,000,000) in SQL
// into a fresh PostgreSQL database: BENCH_HOLDERS background holders with one account each over three classes
// (an opening issuance each, a certificate for one in twenty, one-to-five-share transfers between them), and one
// portal holder with four accounts, one of which has exactly BENCH_POSTINGS postings (default 1,000: issuances,
// five certificates, a conversion that cancels one, a stop order on another, transfers in and out, some from the
// holder's own requests). Only inserts into the journal, as the ledger's triggers demand; positions and control
// books are summed from it, and the server's own reconciliation checks them before anything is measured.
// Then, through the real server, signed in through the portal's two steps:
// holdings, the history's first and last page and the statement PDF of the 1,000-posting account, one request at
// a time (the targets are a request's latency; the statement is CPU-bound), then holdings and history again at
// BENCH_CONNECTIONS (default 4) for their rate under load; BENCH_SECONDS each (default 10) after a 2 s warm-up.
// Targets: holdings p95 ≤ 20 ms, a history page p95 ≤ 20 ms, the statement p95 ≤ 300 ms.
// Prints p50/p95/p99 and req/s against them, then EXPLAIN (ANALYZE, BUFFERS) of the statements behind holdings,
// the history page and the statement's postings, built by the server's own code. Exits 0 with the figures
// printed; with --strict, 1 when a target is missed.
// BENCH_DATABASE_URL (else DATABASE_URL, else the local server) picks the server; the bench's database is dropped
// after (kept with BENCH_KEEP).
import os from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { holdingAsOf } from '../../api/src/features/portal-holdings/documents';
import { STATEMENT_POSTINGS } from '../../api/src/features/portal-holdings/document-pdfs';
import { holderHoldings } from '../../api/src/features/portal-holdings/holdings';
import { accountPostings } from '../../api/src/features/portal-holdings/postings';
import type { PortalSession } from '../../api/src/features/portal-auth/portal-sessions';
import { PORTAL_HISTORY_PAGE_SIZE } from '../../shared/src/portal-holdings';
import { startBenchServer } from './support/bench-server';
import { explainStatements } from './support/list-plans';
import { measureCalls, type Measured } from './support/measure';

const { values: options } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: { strict: { type: 'boolean', default: false } },
});

const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 1_000_000);
const POSTINGS = Number(process.env.BENCH_POSTINGS ?? 1_000);
// About ten entries per background account, as in `pnpm bench:ledger`.
const HOLDERS = Number(process.env.BENCH_HOLDERS ?? Math.max(300, Math.round(ENTRIES / 10)));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 4);
const WARM_UP_SECONDS = 2;
const PORT = Number(process.env.BENCH_PORT ?? 4334);
/** The journal's span: two years of postings up to yesterday, so a statement as of today holds every one. */
const DAYS = 730;
/** The portal holder: the code and the account number they sign in with (the 1,000-posting account's). */
const HOLDER = { code: 'PORTAL01', accountNumber: '800100200' };

const fmt = (n: number) => n.toLocaleString('en-US');
if (POSTINGS < 10) throw new Error('BENCH_POSTINGS must be at least 10');

/** The seed, in SQL: returns the portal holder's ids and the journal's size. */
async function seed(db: pg.Client) {
  const q = async <Row extends pg.QueryResultRow = Record<string, never>>(text: string, values: unknown[] = []) =>
    (await db.query<Row>(text, values)).rows;
  const [{ today }] = (await q<{ today: string }>(
    `select to_char((now() at time zone 'America/Los_Angeles')::date, 'YYYY-MM-DD') as today`,
  )) as [{ today: string }];
  // Day 0 of the journal, as a date PostgreSQL adds whole days to.
  const start = `(date '${today}' - ${DAYS})`;

  const issuerRows = await q<{ id: string; legal_name: string }>(
    `insert into issuers (legal_name) values ('Bench Industries Inc.'), ('Northfield Bancorp') returning id, legal_name`,
  );
  const issuerId = (name: string) => issuerRows.find((row) => row.legal_name === name)!.id;
  const classes: { id: string; issuerId: string; issuer: string; name: string }[] = [];
  for (const [issuer, name] of [
    ['Bench Industries Inc.', 'Common'],
    ['Bench Industries Inc.', 'Series A Preferred'],
    ['Northfield Bancorp', 'Common'],
  ] as const) {
    const [row] = await q<{ id: string }>(`insert into share_classes (issuer_id, name) values ($1, $2) returning id`, [
      issuerId(issuer),
      name,
    ]);
    classes.push({ id: row!.id, issuerId: issuerId(issuer), issuer, name });
  }
  await q(`create temporary table bench_classes (c int primary key, id uuid, issuer_id uuid, issuer text, name text)`);
  for (const [c, k] of classes.entries())
    await q(`insert into bench_classes values ($1, $2, $3, $4, $5)`, [c, k.id, k.issuerId, k.issuer, k.name]);

  // Background holders, one account each, in class i % 3.
  await q(
    `insert into shareholders (code, name, email, address_line1, city, state, postal_code)
     select 'PB' || lpad(i::text, 7, '0'), 'Holder ' || i, 'holder' || i || '@example.com', i || ' Main St', 'Fresno', 'CA', '93721'
     from generate_series(1, $1::int) i`,
    [HOLDERS],
  );
  await q(
    `insert into shareholder_accounts (shareholder_id, account_number, registration_name, issuer, share_class, shares_held, holding_type, class_id)
     select s.id, '7' || substr(s.code, 3), s.name, k.issuer, k.name, 0, 'DRS', k.id
     from shareholders s join bench_classes k on k.c = substr(s.code, 3)::int % 3
     where s.code like 'PB%'`,
  );
  // Each class's accounts numbered 0..n-1, for the transfers below.
  await q(`create temporary table bench_accounts as
           select k.c, a.class_id, a.id, a.registration_name, row_number() over (partition by a.class_id order by a.account_number) - 1 as j
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
  // One account in twenty also holds a certificate of 500 shares, issued on day 1.
  await q(`create temporary table bench_certs as
           select gen_random_uuid() as tx, gen_random_uuid() as cert, a.id, a.class_id, a.registration_name, k.issuer_id,
                  row_number() over (partition by k.issuer_id order by a.c, a.j) as k
           from bench_accounts a join bench_classes k on k.c = a.c where a.j % 20 = 0`);
  await q(
    `insert into ledger_transactions (id, type, class_id, effective_date, posted_at, posted_by_username, memo)
     select tx, 'ISSUANCE', class_id, ${start} + 1, ${start} + 1 + time '10:00', 'bench', 'Certificate issued' from bench_certs`,
  );
  await q(
    `insert into certificates (id, issuer_id, class_id, number, account_id, shares, registration, issue_date, issued_by)
     select cert, issuer_id, class_id, 'LW' || lpad(k::text, 6, '0'), id, 500, registration_name, ${start} + 1, tx from bench_certs`,
  );
  await q(
    `insert into ledger_legs (transaction_id, account_id, class_id, effective_date, quantity, form, certificate_id)
     select tx, id, class_id, ${start} + 1, 500, 'CERTIFICATE', cert from bench_certs`,
  );
  await q(
    `update issuers i set next_certificate_number = 1 + coalesce((select max(k) from bench_certs c where c.issuer_id = i.id), 0)`,
  );

  // The portal holder and their four accounts: [class, account number, registration].
  const [{ id: holderId }] = (await q<{ id: string }>(
    `insert into shareholders (code, name, email, address_line1, city, state, postal_code)
     values ($1, 'Dana Whitfield', 'dana.whitfield@example.com', '12 Harbor Rd', 'Monterey', 'CA', '93940') returning id`,
    [HOLDER.code],
  )) as [{ id: string }];
  const holderAccounts = [
    [0, HOLDER.accountNumber, 'Dana Whitfield'],
    [1, '800100201', 'Dana Whitfield'],
    [2, '800100202', 'Dana Whitfield'],
    [0, '800100203', 'Dana Whitfield TTEE Whitfield Family Trust'],
  ] as const;
  const accountIds: string[] = [];
  for (const [c, number, registration] of holderAccounts) {
    const k = classes[c]!;
    const [row] = await q<{ id: string }>(
      `insert into shareholder_accounts (shareholder_id, account_number, registration_name, issuer, share_class, shares_held, holding_type, class_id)
       values ($1, $2, $3, $4, $5, 0, 'DRS', $6) returning id`,
      [holderId, number, registration, k.issuer, k.name, k.id],
    );
    accountIds.push(row!.id);
  }

  /** One posting of shares onto a holder's account; with `certificate`, onto a new certificate of that number. */
  async function issue(account: number, day: number, shares: number, certificate?: string) {
    const [c, , registration] = holderAccounts[account]!;
    const k = classes[c]!;
    const [tx] = await q<{ id: string }>(
      `insert into ledger_transactions (type, class_id, effective_date, posted_at, posted_by_username, memo)
       values ('ISSUANCE', $1, ${start} + $2::int, ${start} + $2::int + time '11:00', 'bench', 'Issuance') returning id`,
      [k.id, day],
    );
    let certificateId: string | null = null;
    if (certificate) {
      const [row] = await q<{ id: string }>(
        `insert into certificates (issuer_id, class_id, number, account_id, shares, registration, issue_date, issued_by)
         values ($1, $2, $3, $4, $5, $6, ${start} + $7::int, $8) returning id`,
        [k.issuerId, k.id, certificate, accountIds[account], shares, registration, day, tx!.id],
      );
      certificateId = row!.id;
    }
    await q(
      `insert into ledger_legs (transaction_id, account_id, class_id, effective_date, quantity, form, certificate_id)
       values ($1, $2, $3, ${start} + $4::int, $5, $6, $7)`,
      [tx!.id, accountIds[account], k.id, day, shares, certificate ? 'CERTIFICATE' : 'DRS', certificateId],
    );
    return certificateId;
  }

  // Every transfer waits here and goes into the journal in one insert in date order, the holder's among the rest
  // as in a live journal (their rows scattered over the tables, not side by side).
  await q(
    `create temporary table bench_moves (tx uuid, class_id uuid, d date, sender uuid, receiver uuid, qty int, request uuid)`,
  );

  /**
   * `count` DRS transfers between a holder's account and background accounts of its class, from day `from` to
   * yesterday, alternately in and out, 1 to 20 shares; every twentieth one out comes from a request of the holder.
   */
  async function transfers(account: number, count: number, from: number) {
    const [c] = holderAccounts[account]!;
    await q(`drop table if exists bench_holder_transfers`);
    await q(
      `create temporary table bench_holder_transfers as
       select m, gen_random_uuid() as tx, b.id as other, m % 2 = 0 as outgoing, 1 + m % 20 as qty,
              ${start} + $3::int + ((m - 1)::bigint * (${DAYS} - 1 - $3::int) / $2::int)::int as d,
              case when m % 40 = 0 then gen_random_uuid() end as request
       from generate_series(1, $2::int) m
       join bench_class_sizes z on z.c = $1::int
       join bench_accounts b on b.c = $1::int and b.j = (m::bigint * 104729 + $4::int) % z.n`,
      [c, count, from, account],
    );
    await q(
      `insert into shareholder_requests (id, reference_number, request_type, status, shareholder_id, account_id, shareholder_name,
         shareholder_code, form_data, transfer_type, shares_count, created_at, updated_at, processed_at, first_response_at)
       select request, 'PB-' || $3::text || '-' || lpad(m::text, 5, '0'), 'TRANSFER', 'APPROVED', $1, $2, 'Dana Whitfield', $4,
              '{}'::jsonb, 'dwac', qty, d - 2 + time '09:00', d, d + time '10:00', d - 1 + time '09:00'
       from bench_holder_transfers where request is not null`,
      [holderId, accountIds[account], account, HOLDER.code],
    );
    await q(
      `insert into bench_moves
       select tx, $1::uuid, d, case when outgoing then $2::uuid else other end, case when outgoing then other else $2::uuid end, qty, request
       from bench_holder_transfers`,
      [classes[c]!.id, accountIds[account]],
    );
  }

  // The main account: an opening issuance, five certificates, one converted to DRS (cancelled), one stopped,
  // and transfers: exactly POSTINGS transactions.
  await issue(0, 2, 20_000);
  const certificateIds: string[] = [];
  for (let n = 1; n <= 5; n++) certificateIds.push((await issue(0, 2 + n, 500, `C-${10_000 + n}`))!);
  const [conversion] = await q<{ id: string }>(
    `insert into ledger_transactions (type, class_id, effective_date, posted_at, posted_by_username, memo)
     values ('CONVERSION', $1, ${start} + 30, ${start} + 30 + time '11:00', 'bench', 'Certificate C-10001 into DRS') returning id`,
    [classes[0]!.id],
  );
  await q(
    `insert into ledger_legs (transaction_id, account_id, class_id, effective_date, quantity, form, certificate_id)
     values ($1, $2, $3, ${start} + 30, -500, 'CERTIFICATE', $4), ($1, $2, $3, ${start} + 30, 500, 'DRS', null)`,
    [conversion!.id, accountIds[0], classes[0]!.id, certificateIds[0]],
  );
  // Derived state, not journal: the certificate register records the cancellation and the stop.
  await q(
    `update certificates set status = 'CANCELLED', cancelled_by = $2, cancellation_date = ${start} + 30 where id = $1`,
    [certificateIds[0], conversion!.id],
  );
  await q(`update certificates set status = 'STOPPED' where id = $1`, [certificateIds[1]]);
  await q(
    `insert into certificate_stop_orders (certificate_id, action, reason, note, admin_username, created_at)
     values ($1, 'PLACED', 'LOST', 'Reported lost by the holder', 'bench', now() - interval '3 days')`,
    [certificateIds[1]],
  );
  await transfers(0, POSTINGS - 7, 31);
  // The other accounts: a few postings each, two certificates on the preferred shares.
  await issue(1, 40, 1_000);
  await issue(1, 41, 300, 'C-20001');
  await issue(1, 42, 200, 'C-20002');
  await transfers(1, 9, 43);
  await issue(2, 100, 2_500);
  await transfers(2, 4, 101);
  await issue(3, 200, 750);
  await transfers(3, 2, 201);

  // Background transfers between holders of a class, day by day, until the journal holds ENTRIES legs (an
  // odd one out is one more opening issuance).
  const [{ legs: sofar }] = (await q<{ legs: number }>(
    `select (select count(*)::int from ledger_legs) + 2 * (select count(*)::int from bench_moves) as legs`,
  )) as [{ legs: number }];
  const transferCount = Math.max(0, Math.floor((ENTRIES - sofar) / 2));
  if ((ENTRIES - sofar) % 2 === 1) {
    const [tx] = await q<{ id: string }>(
      `insert into ledger_transactions (type, class_id, effective_date, posted_at, posted_by_username, memo)
       values ('ISSUANCE', $1, ${start} + 1, ${start} + 1 + time '10:00', 'bench', 'Issuance') returning id`,
      [classes[2]!.id],
    );
    await q(
      `insert into ledger_legs (transaction_id, account_id, class_id, effective_date, quantity, form)
       select $1, id, class_id, ${start} + 1, 100, 'DRS' from bench_accounts where c = 2 and j = 0`,
      [tx!.id],
    );
  }
  await q(
    `insert into bench_moves
     select gen_random_uuid(), k.id, ${start} + 2 + ((i - 1)::bigint * (${DAYS} - 3) / $1::int)::int, s.id, r.id, 1 + i % 5, null
     from generate_series(1, $1::int) i
     join bench_class_sizes z on z.c = i % 3
     join bench_classes k on k.c = z.c
     join bench_accounts s on s.c = z.c and s.j = (i::bigint * 7919) % z.n
     join bench_accounts r on r.c = z.c and r.j = ((i::bigint * 7919) % z.n + 1 + (i / 3) % (z.n - 1)) % z.n`,
    [transferCount],
  );
  await q(
    `insert into ledger_transactions (id, type, class_id, effective_date, posted_at, posted_by_username, source_request_id, memo)
     select tx, 'TRANSFER', class_id, d, d + time '14:00', 'bench', request, 'Transfer' from bench_moves order by d, tx`,
  );
  await q(
    `insert into ledger_legs (transaction_id, account_id, class_id, effective_date, quantity, form)
     select tx, case when side = 0 then sender else receiver end, class_id, d, case when side = 0 then -qty else qty end, 'DRS'
     from bench_moves cross join (values (0), (1)) s(side) order by d, tx, side`,
  );

  // State derived from the journal: every account's position and every class's control book.
  await q(
    `insert into ledger_positions (account_id, class_id, drs_shares, certificated_shares)
     select a.id, a.class_id, coalesce(sum(l.quantity) filter (where l.form = 'DRS'), 0),
            coalesce(sum(l.quantity) filter (where l.form = 'CERTIFICATE'), 0)
     from shareholder_accounts a left join ledger_legs l on l.account_id = a.id group by a.id, a.class_id`,
  );
  await q(
    `insert into control_books (class_id, authorized_shares, issued_shares)
     select k.id, 10 * s.issued, s.issued
     from bench_classes k cross join lateral (select coalesce(sum(quantity), 0) as issued from ledger_legs where class_id = k.id) s`,
  );
  // What autovacuum does shortly after a bulk load: statistics, and the visibility map for index-only scans.
  await q('vacuum analyze');

  const [counts] = (await q<{ legs: number; transactions: number; postings: number; certificates: number }>(
    `select (select count(*)::int from ledger_legs) as legs, (select count(*)::int from ledger_transactions) as transactions,
            (select count(distinct transaction_id)::int from ledger_legs where account_id = $1) as postings,
            (select count(*)::int from certificates) as certificates`,
    [accountIds[0]],
  )) as [{ legs: number; transactions: number; postings: number; certificates: number }];
  if (counts.postings !== POSTINGS)
    throw new Error(`the main account has ${counts.postings} postings, not ${POSTINGS}`);
  return { holderId, accountIds, today, ...counts };
}

interface Case {
  name: string;
  path: string;
  connections: number;
  /** The p95 the issue sets, in ms; none for a run that shows the rate under load. */
  target?: number;
}

const bench = await startBenchServer('portal', PORT);
let missed = false;
try {
  const db = new pg.Client({ connectionString: bench.databaseUrl });
  await db.connect();
  const started = Date.now();
  const seeded = await seed(db);
  await db.end();
  console.log(
    `Seeded ${fmt(seeded.legs)} journal entries (${fmt(seeded.transactions)} transactions, ${fmt(seeded.certificates)} certificates) over ${fmt(HOLDERS + 1)} holders in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );

  // The books must balance before they are read: the server's own reconciliation of every class.
  const admin = await bench.signIn();
  const reconcile = await fetch(`${bench.base}/api/admin/ledger/reconcile`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${admin}`, 'Content-Type': 'application/json' },
    body: '{}',
  });
  const reconciled = (await reconcile.json()) as { data?: { classesChecked: number; differencesFound: number } };
  if (!reconcile.ok || reconciled.data?.differencesFound !== 0)
    throw new Error(`reconciliation: ${reconcile.status} ${JSON.stringify(reconciled)}`);
  console.log(`Reconciled: ${reconciled.data.classesChecked} classes, no difference.`);

  // Sign in as the holder does: the code, then the account number (no failures, so no challenge).
  const step1 = await fetch(`${bench.base}/api/shareholder-portal/validate-code`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ code: HOLDER.code }),
  });
  const { token: codeToken } = (await step1.json()) as { token?: string };
  if (!codeToken) throw new Error(`validate-code answered ${step1.status}`);
  const step2 = await fetch(`${bench.base}/api/shareholder-portal/validate-account`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${codeToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ accountNumber: HOLDER.accountNumber }),
  });
  const { token } = (await step2.json()) as { token?: string };
  if (!token) throw new Error(`validate-account answered ${step2.status}`);
  const headers = { Authorization: `Bearer ${token}` };

  const main = seeded.accountIds[0]!;
  const lastPage = Math.ceil(POSTINGS / PORTAL_HISTORY_PAGE_SIZE);
  const history = (page: number) => `/accounts/${main}/transactions?page=${page}`;
  // The targets are a request's latency, so each call is judged one request at a time; holdings and history
  // are measured again at CONNECTIONS for their rate under load (on a small machine, latency there is queueing).
  const cases: Case[] = [
    { name: 'holdings (4 accounts, 7 certificates)', path: '/holdings', connections: 1, target: 20 },
    { name: 'history, page 1', path: history(1), connections: 1, target: 20 },
    { name: `history, page ${lastPage} (the last)`, path: history(lastPage), connections: 1, target: 20 },
    {
      name: `statement PDF (${fmt(POSTINGS)} postings)`,
      path: `/statement?accountId=${main}&asOf=${seeded.today}`,
      connections: 1,
      target: 300,
    },
    ...(CONNECTIONS > 1
      ? [
          { name: 'holdings', path: '/holdings', connections: CONNECTIONS },
          { name: 'history, page 1', path: history(1), connections: CONNECTIONS },
          { name: `history, page ${lastPage}`, path: history(lastPage), connections: CONNECTIONS },
        ]
      : []),
  ];
  const results: (Case & Measured & { bytes: number })[] = [];
  for (const c of cases) {
    const url = `${bench.base}/api/shareholder-portal${c.path}`;
    const check = await fetch(url, { headers });
    const body = Buffer.from(await check.arrayBuffer());
    if (!check.ok) throw new Error(`${c.path} answered ${check.status}: ${body.toString()}`);
    await measureCalls(url, { headers, connections: c.connections, duration: WARM_UP_SECONDS });
    const measured = await measureCalls(url, { headers, connections: c.connections, duration: SECONDS });
    results.push({ ...c, bytes: body.length, ...measured });
  }

  const [load1, load5] = os.loadavg();
  console.log(
    `\n${fmt(seeded.legs)} journal entries; ${SECONDS} s per call after a ${WARM_UP_SECONDS} s warm-up; ${os.availableParallelism()} cores, load average ${load1!.toFixed(2)} / ${load5!.toFixed(2)} (1 / 5 min)\n`,
  );
  console.log(
    'call'.padEnd(40),
    'conns'.padStart(5),
    'p50 ms'.padStart(8),
    'p95 ms'.padStart(8),
    'p99 ms'.padStart(8),
    'req/s'.padStart(8),
    'calls'.padStart(6),
    'bytes'.padStart(9),
    '  target',
  );
  for (const r of results) {
    const met = r.target === undefined || (r.p95 <= r.target && r.errors === 0);
    if (!met) missed = true;
    const verdict = r.target === undefined ? '(rate under load)' : `p95 ≤ ${r.target} ms ${met ? 'PASS' : 'FAIL'}`;
    console.log(
      r.name.padEnd(40),
      String(r.connections).padStart(5),
      String(r.p50).padStart(8),
      String(r.p95).padStart(8),
      String(r.p99).padStart(8),
      r.rps.toFixed(1).padStart(8),
      fmt(r.count).padStart(6),
      fmt(r.bytes).padStart(9),
      `  ${verdict}${r.errors ? ` (${r.errors} errors)` : ''}`,
    );
  }

  // How the calls are answered: the server's own statements, explained with the holder's values.
  const session = { shareholderId: seeded.holderId, accountId: main } as PortalSession;
  const plans: [string, Parameters<typeof explainStatements>[1]][] = [
    ['holdings', (deps) => holderHoldings(deps, session)],
    ['history, page 1', (deps) => accountPostings(deps, session, main, { page: 1, limit: PORTAL_HISTORY_PAGE_SIZE })],
    [
      `history, page ${lastPage}`,
      (deps) => accountPostings(deps, session, main, { page: lastPage, limit: PORTAL_HISTORY_PAGE_SIZE }),
    ],
    [
      "statement: the holding as of the date, and the postings' page",
      (deps) =>
        Promise.all([
          holdingAsOf(deps, main, seeded.today),
          accountPostings(deps, session, main, { page: 1, limit: STATEMENT_POSTINGS, asOf: seeded.today }),
        ]),
    ],
  ];
  for (const [name, call] of plans) {
    console.log(`\n${name}: EXPLAIN (ANALYZE, BUFFERS)`);
    console.log(await explainStatements(bench.databaseUrl, call));
  }

  if (missed)
    console.log(
      options.strict ? '\nA target is missed (--strict: exit 1).' : '\nA target is missed (exit 0 without --strict).',
    );
} finally {
  await bench.stop();
}
process.exit(missed && options.strict ? 1 : 0);
