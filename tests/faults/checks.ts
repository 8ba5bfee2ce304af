import type pg from 'pg';
import { call, jsonInit } from './client';
import type { Ledger } from './load';
import type { SunkMessage } from './smtp-sink';

/** The Message-ID the outbox sender gives a row's e-mail (api/src/features/email/outbox-sender.ts, outboxMessageId). */
const messageIdFor = (emailId: string) => `<${emailId}@outbox.ledgerwell>`;

export interface CheckInput {
  db: pg.Client;
  base: string;
  adminToken: string;
  sink: SunkMessage[];
  ledger: Ledger;
  /** When the load started: requests filed since are the load's. */
  loadStart: Date;
}

/**
 * Compares the client's ledger of acknowledged work with the database, the photo store (through the
 * admin image route, which decrypts) and the SMTP sink. Each problem is one line in `lost` or `duplicated`.
 */
export async function runChecks({ db, base, adminToken, sink, ledger, loadStart }: CheckInput) {
  const lost: string[] = [];
  const duplicated: string[] = [];

  // Portal requests: each acknowledged one exactly once, by reference number and by Idempotency-Key.
  const refs = ledger.requests.map((r) => r.referenceNumber);
  const { rows: byRef } = await db.query<{ id: string; reference_number: string }>(
    'select id, reference_number from shareholder_requests where reference_number = any($1)',
    [refs],
  );
  for (const filed of ledger.requests) {
    const found = byRef.filter((r) => r.reference_number === filed.referenceNumber);
    if (found.length === 0) lost.push(`request ${filed.referenceNumber} (key ${filed.key})`);
    else if (found.length > 1) duplicated.push(`request ${filed.referenceNumber}: ${found.length} rows`);
    else if (found[0]!.id !== filed.id) lost.push(`request ${filed.referenceNumber}: another id than acknowledged`);
  }
  const { rows: keys } = await db.query<{ key: string; status: number; ref: string | null }>(
    `select key, response_status as status, response_body->>'referenceNumber' as ref from idempotency_keys where key like 'faults-%'`,
  );
  const keyCount = new Map<string, number>();
  for (const k of keys) keyCount.set(k.key, (keyCount.get(k.key) ?? 0) + 1);
  for (const filed of ledger.requests) {
    const record = keys.find((k) => k.key === filed.key);
    if (!record) lost.push(`idempotency record of ${filed.referenceNumber} (key ${filed.key})`);
    else if (record.ref !== filed.referenceNumber)
      duplicated.push(`key ${filed.key} answered ${filed.referenceNumber} but records ${record.ref}`);
    if ((keyCount.get(filed.key) ?? 0) > 1) duplicated.push(`key ${filed.key}: ${keyCount.get(filed.key)} records`);
  }
  // A request filed during the load that no key's record answers was made by a retry that the key did not catch.
  const recorded = new Set(keys.map((k) => k.ref));
  const { rows: filedSince } = await db.query<{ reference_number: string }>(
    'select reference_number from shareholder_requests where created_at >= $1',
    [loadStart],
  );
  for (const row of filedSince) {
    if (!recorded.has(row.reference_number))
      duplicated.push(`request ${row.reference_number} filed during the load without an idempotency record`);
  }

  // Contact messages: every acknowledged one present; more rows than attempts would be a real duplicate,
  // and a second row is allowed only from an attempt that was never acknowledged (the client retried it).
  let contactRetryDuplicates = 0;
  const { rows: contacts } = await db.query<{ id: string; message: string }>(
    `select id, message from contact_submissions where message like 'A question from the fault run, marker faults-%'`,
  );
  for (const sent of ledger.contacts) {
    const rows = contacts.filter((c) => c.message.includes(sent.marker));
    if (sent.id && !rows.some((r) => r.id === sent.id)) lost.push(`contact message ${sent.id}`);
    if (rows.length > Math.max(1, sent.attempts) || (rows.length > 1 && sent.attempts < 2))
      duplicated.push(`contact marker ${sent.marker}: ${rows.length} rows from ${sent.attempts} attempts`);
    else if (rows.length > 1) contactRetryDuplicates += rows.length - 1;
  }

  // Photos: every acknowledged upload readable and decrypted, through the admin image route.
  for (const upload of ledger.uploads) {
    const answer = await call(
      base,
      `/api/admin/requests/${upload.requestId}/verification/${upload.documentType}`,
      () => ({ headers: { Authorization: `Bearer ${adminToken}` } }),
    );
    if (answer?.status !== 200 || answer.bytes.length < 100 || answer.bytes[0] !== 0xff || answer.bytes[1] !== 0xd8) {
      lost.push(
        `photo ${upload.documentType} of ${upload.requestId}: ${answer ? `${answer.status}, ${answer.bytes.length} bytes` : 'no answer'}`,
      );
    }
  }

  // Admin decisions: an activity row for each acknowledged one, found by the marker in its notes.
  const { rows: activity } = await db.query<{ resource_id: string; notes: string }>(
    `select resource_id, details->>'notes' as notes from admin_activity where action_type = 'REQUEST_STATUS_CHANGED' and details->>'notes' like 'faults-%'`,
  );
  for (const decision of ledger.decisions) {
    const rows = activity.filter((a) => a.notes === decision.marker && a.resource_id === decision.requestId);
    if (rows.length === 0) lost.push(`activity row of the decision ${decision.marker} on ${decision.requestId}`);
    if (rows.length > 1) duplicated.push(`activity rows of the decision ${decision.marker}: ${rows.length}`);
  }

  // E-mails: each row SENT reached the sink exactly once; each row still queued and never handed over
  // reached it not at all (else the next sweep sends it a second time); a row handed over by a sender
  // that then died (PENDING with handed_over_at, UNCONFIRMED once its lease runs out) is never sent
  // again by itself, so it may be in the sink once or not at all; nothing in the sink that no row explains.
  const { rows: outbox } = await db.query<{
    id: string;
    status: string;
    kind: string;
    related_id: string | null;
    handed_over: boolean;
  }>('select id, status, kind, related_id, handed_over_at is not null as handed_over from email_outbox');
  const sunk = new Map<string, number>();
  for (const message of sink)
    sunk.set(message.messageId ?? '(none)', (sunk.get(message.messageId ?? '(none)') ?? 0) + 1);
  let sentCount = 0;
  let stillQueued = 0;
  const unconfirmed = { count: 0, inSink: 0 };
  for (const row of outbox) {
    const copies = sunk.get(messageIdFor(row.id)) ?? 0;
    if (copies > 1) duplicated.push(`e-mail ${row.id} (${row.kind}, ${row.status}) reached the sink ${copies} times`);
    if (row.status === 'SENT') {
      sentCount++;
      if (copies === 0) lost.push(`e-mail ${row.id} (${row.kind}) marked SENT but never reached the sink`);
    } else if (row.status === 'UNCONFIRMED' || (row.status === 'PENDING' && row.handed_over)) {
      unconfirmed.count++;
      if (copies > 0) unconfirmed.inSink++;
    } else if (row.status === 'PENDING' || row.status === 'FAILED') {
      stillQueued++;
      if (copies > 0)
        duplicated.push(
          `e-mail ${row.id} (${row.kind}) reached the sink ${copies} time(s) yet is still ${row.status}: it would be sent again`,
        );
    } else {
      lost.push(`e-mail ${row.id} (${row.kind}) is ${row.status}, not sent through SMTP`);
    }
  }
  const known = new Set(outbox.map((row) => messageIdFor(row.id)));
  for (const [id, count] of sunk)
    if (!known.has(id)) duplicated.push(`the sink holds ${count} message(s) with Message-ID ${id}, of no outbox row`);
  // Every acknowledged submission and decision queued its e-mail (same transaction).
  for (const filed of ledger.requests) {
    if (!outbox.some((row) => row.kind === 'REQUEST_CONFIRMATION' && row.related_id === filed.id))
      lost.push(`confirmation e-mail of ${filed.referenceNumber}`);
  }
  for (const decision of ledger.decisions) {
    if (!outbox.some((row) => row.kind === 'STATUS_CHANGED' && row.related_id === decision.requestId))
      lost.push(`status e-mail of the decision on ${decision.requestId}`);
  }

  const differences = await checkLedger({ db, base, adminToken, ledger, lost, duplicated });

  return {
    ledger: { differences },
    lost,
    duplicated,
    contactRetryDuplicates,
    emails: { queued: outbox.length, sent: sentCount, stillQueued, unconfirmed },
  };
}

/**
 * Ledger transfers: each acknowledged one exactly once with its two legs, no posting of the load twice (a retry
 * carries the same Idempotency-Key), no transaction without balanced legs, every position equal to its journal,
 * and reconciliation afterwards finds no difference. Returns the differences it found.
 */
async function checkLedger({
  db,
  base,
  adminToken,
  ledger,
  lost,
  duplicated,
}: Pick<CheckInput, 'db' | 'base' | 'adminToken' | 'ledger'> & { lost: string[]; duplicated: string[] }) {
  const { rows: posted } = await db.query<{ id: string; memo: string; legs: number; net: string }>(
    `select t.id, t.memo, count(l.id)::int as legs, coalesce(sum(l.quantity), 0)::text as net
     from ledger_transactions t left join ledger_legs l on l.transaction_id = t.id
     where t.memo like 'faults-ledger-%' group by t.id, t.memo`,
  );
  const byMarker = new Map<string, typeof posted>();
  for (const row of posted) byMarker.set(row.memo, [...(byMarker.get(row.memo) ?? []), row]);
  for (const posting of ledger.postings) {
    const rows = byMarker.get(posting.marker) ?? [];
    if (rows.length === 0) lost.push(`ledger transfer ${posting.transactionId} (${posting.marker})`);
    else if (rows[0]!.id !== posting.transactionId)
      lost.push(`ledger transfer ${posting.marker}: another id than acknowledged`);
  }
  for (const [marker, rows] of byMarker)
    if (rows.length > 1) duplicated.push(`ledger transfer ${marker}: posted ${rows.length} times`);
  for (const row of posted)
    if (row.legs !== 2 || Number(row.net) !== 0)
      lost.push(`ledger transfer ${row.id} is half-written: ${row.legs} legs, net ${row.net}`);
  const { rows: drift } = await db.query<{ account_id: string }>(
    `select p.account_id from ledger_positions p
     left join (select account_id, sum(quantity) filter (where form = 'DRS') as drs,
                       coalesce(sum(quantity) filter (where form = 'CERTIFICATE'), 0) as paper
                from ledger_legs group by account_id) j on j.account_id = p.account_id
     where p.drs_shares <> coalesce(j.drs, 0) or p.certificated_shares <> coalesce(j.paper, 0)`,
  );
  for (const row of drift) lost.push(`ledger position of account ${row.account_id} differs from its journal`);
  const reconciled = await call(base, '/api/admin/ledger/reconcile', jsonInit('POST', {}, {}, adminToken));
  const differences = (reconciled?.json.data as { differencesFound?: number } | undefined)?.differencesFound;
  if (differences === undefined) lost.push(`reconciliation did not answer: ${reconciled?.status}`);
  else if (differences > 0) lost.push(`reconciliation found ${differences} difference(s) after the run`);
  return differences ?? -1;
}
