import { and, eq, sql } from 'drizzle-orm';
import { issuers, shareClasses } from '@ledgerwell/db/ledger-schema';
import { shareholderAccounts, shareholders } from '@ledgerwell/db/schema';
import { calendarDateIn } from '@ledgerwell/shared/ledger';
import type { ShareholderInput } from '@ledgerwell/shared/registry';
import type { AppDeps } from './lib/context';
import type { Actor } from './features/activity/record-activity';
import { postAuthorizedAdjustment } from './features/ledger/post-authorized';
import { postIssuance } from './features/ledger/post-issuance';
import { postTransfer } from './features/ledger/post-transfer';
import { createShareholder } from './features/registry/create-shareholder';

const SYSTEM: Actor = { id: null, username: 'system' };

/** A holder the demo ledger's postings create: an investor that bought into Acme Robotics. */
export const DEMO_LEDGER_HOLDER: ShareholderInput = {
  code: 'DEMO04',
  name: 'Okafor Capital LLC',
  email: 'registry@okafor-capital.example.com',
  phone: '+1 555 010 2400',
  taxId: '98-7600123',
  address: { line1: '400 Market St', line2: 'Suite 12', city: 'San Francisco', state: 'CA', postalCode: '94105' },
  accounts: [
    {
      accountNumber: '400500600',
      registrationName: 'Okafor Capital LLC',
      issuer: 'Acme Robotics Inc.',
      shareClass: 'Common',
      sharesHeld: 0,
      holdingType: 'DRS',
      certificateNumbers: [],
    },
  ],
};

/** The authorized shares of each demo class, as its charter sets them. */
const DEMO_AUTHORIZED = [
  { issuer: 'Acme Robotics Inc.', shareClass: 'Common', shares: '10000000' },
  { issuer: 'Acme Robotics Inc.', shareClass: 'Series A Preferred', shares: '1000000' },
  { issuer: 'Northwind Bancorp', shareClass: 'Common', shares: '50000000' },
];

async function classId(deps: AppDeps, issuer: string, shareClass: string): Promise<string> {
  const [row] = await deps.db
    .select({ id: shareClasses.id })
    .from(shareClasses)
    .innerJoin(issuers, eq(issuers.id, shareClasses.issuerId))
    .where(and(eq(issuers.legalName, issuer), eq(shareClasses.name, shareClass)));
  if (!row) throw new Error(`demo class ${issuer} / ${shareClass} is missing: seed the demo registry first`);
  return row.id;
}

async function accountId(deps: AppDeps, accountNumber: string): Promise<string> {
  const [row] = await deps.db
    .select({ id: shareholderAccounts.id })
    .from(shareholderAccounts)
    .where(eq(shareholderAccounts.accountNumber, accountNumber));
  if (!row) throw new Error(`demo account ${accountNumber} is missing`);
  return row.id;
}

/**
 * A history of postings on top of the demo registry's opening balances (issue 28), so a newcomer sees a real
 * ledger: authorized shares recorded for every class, a new issuance to an investor, and a partial transfer of a
 * certificate that cancels it and cuts the balance back. Runs once: skipped when its holder exists.
 * Returns the number of postings made.
 */
export async function seedDemoLedger(deps: AppDeps): Promise<number> {
  const [done] = await deps.db
    .select({ id: shareholders.id })
    .from(shareholders)
    .where(sql`upper(${shareholders.code}) = ${DEMO_LEDGER_HOLDER.code}`);
  if (done) return 0;
  const today = calendarDateIn('America/Los_Angeles', deps.clock.now());
  let postings = 0;
  for (const entry of DEMO_AUTHORIZED) {
    await postAuthorizedAdjustment(
      deps,
      SYSTEM,
      {
        classId: await classId(deps, entry.issuer, entry.shareClass),
        authorizedShares: entry.shares,
        authorization: `Certificate of incorporation of ${entry.issuer}, Article IV (demo data)`,
        effectiveDate: today,
      },
      null,
    );
    postings++;
  }
  await createShareholder(deps, SYSTEM, DEMO_LEDGER_HOLDER, null);
  const common = await classId(deps, 'Acme Robotics Inc.', 'Common');
  const investor = await accountId(deps, '400500600');
  await postIssuance({
    deps,
    actor: SYSTEM,
    input: {
      classId: common,
      accountId: investor,
      shares: '7500',
      form: 'DRS',
      effectiveDate: today,
      memo: 'Private placement, subscription agreement of Okafor Capital (demo data)',
    },
    meta: null,
  });
  await postTransfer({
    deps,
    actor: SYSTEM,
    input: {
      classId: common,
      fromAccountId: await accountId(deps, '300400500'),
      toAccountId: investor,
      shares: '4000',
      certificateNumbers: ['C-1001'],
      toForm: 'DRS',
      effectiveDate: today,
      memo: 'Sale by the Bell Family Trust, certificate C-1001 surrendered (demo data)',
    },
    meta: null,
  });
  return postings + 2;
}
