import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Big from 'big.js';
import fc from 'fast-check';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { certificates } from '@ledgerwell/db/ledger-schema';
import { calendarDateIn } from '@ledgerwell/shared/ledger';
import { AppError } from '../../lib/errors';
import { insertLegacyAccount } from '../../test/registry-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { Actor } from '../activity/record-activity';
import { createIssuer, createShareClass } from './issuers';
import { postCancellation } from './post-cancellation';
import { postConversion } from './post-conversion';
import { postIssuance } from './post-issuance';
import { postReissuance } from './post-reissuance';
import { postTransfer } from './post-transfer';
import { stopCertificate } from './certificate-register';

const ACTOR: Actor = { id: null, username: 'property' };
const RUNS = 12;
const ACCOUNTS = 3;

/** One posting the model may try; a refusal (a 409 or 400 the service chose) is allowed, anything else is not. */
type Step =
  | { kind: 'issue'; account: number; shares: number; paper: boolean }
  | { kind: 'transfer'; from: number; to: number; shares: number; paper: boolean; toPaper: boolean }
  | { kind: 'convert'; account: number; shares: number; toPaper: boolean }
  | { kind: 'cancel'; account: number; shares: number; paper: boolean }
  | { kind: 'lose'; account: number }
  | { kind: 'reissue'; account: number; toPaper: boolean };

const account = fc.integer({ min: 0, max: ACCOUNTS - 1 });
const shares = fc.integer({ min: 1, max: 400 });
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('issue' as const), account, shares, paper: fc.boolean() }),
  fc.record({
    kind: fc.constant('transfer' as const),
    from: account,
    to: account,
    shares,
    paper: fc.boolean(),
    toPaper: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('convert' as const), account, shares, toPaper: fc.boolean() }),
  fc.record({ kind: fc.constant('cancel' as const), account, shares, paper: fc.boolean() }),
  fc.record({ kind: fc.constant('lose' as const), account }),
  fc.record({ kind: fc.constant('reissue' as const), account, toPaper: fc.boolean() }),
);

const rows = async <T>(t: TestApp, query: ReturnType<typeof sql>) =>
  ((await t.deps.db.execute(query)) as unknown as { rows: T[] }).rows;

/**
 * Issue 28's property: random sequences of issuances, partial certificate transfers, conversions, cancellations,
 * lost certificates and their reissuances
 * always leave every invariant true: no position below zero, positions equal to the journal, every certificate
 * chain closed (each movement's legs sum to zero), held certificates equal to the certificated positions, and the
 * control book equal to the master file.
 */
describe('the ledger under random postings', () => {
  let t: TestApp;
  let runNumber = 0;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** A fresh class with its accounts for each run, so runs do not see each other's postings. */
  async function freshClass() {
    runNumber++;
    const issuer = await createIssuer(
      t.deps,
      ACTOR,
      { legalName: `Property Issuer ${runNumber}`, timeZone: 'America/Los_Angeles' },
      null,
    );
    const created = await createShareClass(
      t.deps,
      ACTOR,
      issuer.id,
      { name: 'Common', authorizedShares: '100000' },
      null,
    );
    const ids: string[] = [];
    for (let i = 0; i < ACCOUNTS; i++) {
      const accountNumber = `PR${String(runNumber).padStart(4, '0')}${i}000`;
      await insertLegacyAccount(t, {
        shareholderId: (await holderId()) as string,
        accountNumber,
        registrationName: `Holder ${i}`,
        issuer: issuer.legalName,
        shareClass: 'Common',
        sharesHeld: 0,
        holdingType: 'DRS',
        certificateNumbers: [],
      });
      const [row] = await rows<{ id: string }>(
        t,
        sql`select id from shareholder_accounts where account_number = ${accountNumber}`,
      );
      ids.push(row!.id);
    }
    return { classId: created.id, accounts: ids };
  }

  let holder: string | null = null;
  async function holderId() {
    if (holder) return holder;
    const [row] = await rows<{ id: string }>(
      t,
      sql`insert into shareholders (code, name, email, address_line1, city, state, postal_code)
          values ('PROP01', 'Property Holder', 'p@example.com', '1 Main St', 'Fresno', 'CA', '93721') returning id`,
    );
    holder = row!.id;
    return holder;
  }

  /** The account's oldest certificate in the status, or a refusal when it has none (as the service would say). */
  async function oldestCertificate(accountId: string, status: 'OUTSTANDING' | 'STOPPED'): Promise<string> {
    const [row] = await t.deps.db
      .select({ id: certificates.id })
      .from(certificates)
      .where(and(eq(certificates.accountId, accountId), eq(certificates.status, status)))
      .orderBy(asc(certificates.issueDate), asc(certificates.number))
      .limit(1);
    if (!row) throw new AppError('NOT_FOUND', `No ${status.toLowerCase()} certificate`);
    return row.id;
  }

  /** The account's outstanding certificates, oldest first: what a paper debit surrenders, up to the shares. */
  async function certificatesFor(accountId: string, wanted: number): Promise<string[]> {
    const held = await t.deps.db
      .select({ number: certificates.number, shares: certificates.shares })
      .from(certificates)
      .where(and(eq(certificates.accountId, accountId), ne(certificates.status, 'CANCELLED')))
      .orderBy(asc(certificates.issueDate), asc(certificates.number));
    const chosen: string[] = [];
    let covered = Big(0);
    for (const c of held) {
      if (covered.gte(wanted)) break;
      chosen.push(c.number);
      covered = covered.plus(c.shares);
    }
    return chosen;
  }

  async function apply(step: Step, classId: string, accounts: string[], today: string) {
    const common = { classId, effectiveDate: today };
    switch (step.kind) {
      case 'issue':
        return postIssuance({
          deps: t.deps,
          actor: ACTOR,
          input: {
            ...common,
            accountId: accounts[step.account]!,
            shares: String(step.shares),
            form: step.paper ? 'CERTIFICATE' : 'DRS',
            certificateNumber: undefined,
          },
          meta: null,
        });
      case 'transfer': {
        const from = accounts[step.from]!;
        return postTransfer({
          deps: t.deps,
          actor: ACTOR,
          input: {
            ...common,
            fromAccountId: from,
            toAccountId: accounts[step.to]!,
            shares: String(step.shares),
            certificateNumbers: step.paper ? await certificatesFor(from, step.shares) : undefined,
            toForm: step.toPaper ? 'CERTIFICATE' : 'DRS',
          },
          meta: null,
        });
      }
      case 'convert': {
        const id = accounts[step.account]!;
        return postConversion(
          t.deps,
          ACTOR,
          {
            ...common,
            accountId: id,
            shares: String(step.shares),
            certificateNumbers: step.toPaper ? undefined : await certificatesFor(id, step.shares),
            toForm: step.toPaper ? 'CERTIFICATE' : 'DRS',
          },
          null,
        );
      }
      case 'cancel': {
        const id = accounts[step.account]!;
        return postCancellation(
          t.deps,
          ACTOR,
          {
            ...common,
            accountId: id,
            shares: String(step.shares),
            certificateNumbers: step.paper ? await certificatesFor(id, step.shares) : undefined,
            reason: 'Repurchase',
          },
          null,
        );
      }
      case 'lose': {
        const id = await oldestCertificate(accounts[step.account]!, 'OUTSTANDING');
        return stopCertificate(t.deps, ACTOR, id, { reason: 'LOST', note: undefined }, null);
      }
      case 'reissue': {
        // The account's stopped certificate, or its oldest one reported lost now: a replacement needs a stop.
        const id = await oldestCertificate(accounts[step.account]!, 'STOPPED').catch(async (error: unknown) => {
          if (!(error instanceof AppError && error.code === 'NOT_FOUND')) throw error;
          const outstanding = await oldestCertificate(accounts[step.account]!, 'OUTSTANDING');
          await stopCertificate(t.deps, ACTOR, outstanding, { reason: 'LOST', note: undefined }, null);
          return outstanding;
        });
        return postReissuance(
          t.deps,
          ACTOR,
          { certificateId: id, replacementForm: step.toPaper ? 'CERTIFICATE' : 'DRS', effectiveDate: today },
          null,
        );
      }
    }
  }

  async function checkInvariants(classId: string) {
    // Positions equal the journal, per account and form, and none is below zero.
    const drift = await rows(
      t,
      sql`select p.account_id from ledger_positions p
          left join (select account_id,
                       coalesce(sum(quantity) filter (where form = 'DRS'), 0) as drs,
                       coalesce(sum(quantity) filter (where form = 'CERTIFICATE'), 0) as paper
                     from ledger_legs where class_id = ${classId} group by account_id) j on j.account_id = p.account_id
          where p.class_id = ${classId}
            and (p.drs_shares <> coalesce(j.drs, 0) or p.certificated_shares <> coalesce(j.paper, 0)
                 or p.drs_shares < 0 or p.certificated_shares < 0)`,
    );
    expect(drift).toEqual([]);
    // The certificates an account holds add up to its certificated position.
    const paper = await rows(
      t,
      sql`select p.account_id from ledger_positions p
          left join (select account_id, sum(shares) as held from certificates
                     where class_id = ${classId} and status <> 'CANCELLED' group by account_id) c
            on c.account_id = p.account_id
          where p.class_id = ${classId} and p.certificated_shares <> coalesce(c.held, 0)`,
    );
    expect(paper).toEqual([]);
    // Every chain closes: a transfer or conversion creates and destroys nothing; an issuance only adds, a
    // cancellation only removes; a cancelled certificate names the transaction that cancelled it.
    const unbalanced = await rows(
      t,
      sql`select tx.id, tx.type, sum(l.quantity) as net from ledger_transactions tx join ledger_legs l on l.transaction_id = tx.id
          where tx.class_id = ${classId} group by tx.id, tx.type
          having (tx.type in ('TRANSFER', 'CONVERSION', 'REISSUANCE') and sum(l.quantity) <> 0)
              or (tx.type = 'ISSUANCE' and sum(l.quantity) <= 0)
              or (tx.type = 'CANCELLATION' and sum(l.quantity) >= 0)`,
    );
    expect(unbalanced).toEqual([]);
    const loose = await rows(
      t,
      sql`select id from certificates where class_id = ${classId}
          and ((status = 'CANCELLED') <> (cancelled_by is not null))`,
    );
    expect(loose).toEqual([]);
    // A replacement closes its chain: the certificate it debits is cancelled by it, and was stopped before.
    const unchained = await rows(
      t,
      sql`select l.id from ledger_legs l join ledger_transactions tx on tx.id = l.transaction_id
          join certificates c on c.id = l.certificate_id
          where tx.class_id = ${classId} and tx.type = 'REISSUANCE' and l.quantity < 0
            and (c.cancelled_by <> tx.id or not exists (
              select 1 from certificate_stop_orders s where s.certificate_id = c.id and s.action = 'PLACED'))`,
    );
    expect(unchained).toEqual([]);
    // The control book agrees with the journal and with the master file.
    const [book] = await rows<{ agrees: boolean }>(
      t,
      sql`select b.issued_shares = coalesce((select sum(quantity) from ledger_legs l join ledger_transactions tx on tx.id = l.transaction_id
                                            where tx.class_id = ${classId} and tx.type = 'ISSUANCE'), 0)
             and b.cancelled_shares = -coalesce((select sum(quantity) from ledger_legs l join ledger_transactions tx on tx.id = l.transaction_id
                                            where tx.class_id = ${classId} and tx.type = 'CANCELLATION'), 0)
             and b.issued_shares - b.cancelled_shares = (select coalesce(sum(drs_shares + certificated_shares), 0)
                                                         from ledger_positions where class_id = ${classId}) as agrees
          from control_books b where b.class_id = ${classId}`,
    );
    expect(book!.agrees).toBe(true);
  }

  it('keeps every invariant after any sequence of postings, refusals included', async () => {
    const today = calendarDateIn('America/Los_Angeles', t.deps.clock.now());
    let posted = 0;
    let refused = 0;
    let reissued = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 14 }), async (steps) => {
        const { classId, accounts } = await freshClass();
        // Every account starts with shares in both forms, so most steps have something to move.
        for (const index of accounts.keys()) {
          await apply({ kind: 'issue', account: index, shares: 300, paper: false }, classId, accounts, today);
          await apply({ kind: 'issue', account: index, shares: 200, paper: true }, classId, accounts, today);
        }
        for (const s of steps) {
          try {
            await apply(s, classId, accounts, today);
            posted++;
            if (s.kind === 'reissue') reissued++;
          } catch (error) {
            // The service may refuse (not enough shares, a certificate already gone): with its own answer only.
            if (!(error instanceof AppError) || error.status >= 500) throw error;
            refused++;
          }
        }
        await checkInvariants(classId);
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
    // The runs must have posted a fair share of every kind, or the property proved little.
    expect(posted).toBeGreaterThan(RUNS * 2);
    expect(refused).toBeGreaterThan(0);
    expect(reissued).toBeGreaterThan(0);
  }, 120_000);
});
