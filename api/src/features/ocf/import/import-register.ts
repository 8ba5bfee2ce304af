import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '@ledgerwell/db/client';
import { shareClasses } from '@ledgerwell/db/ledger-schema';
import { shareholderAccounts, shareholders } from '@ledgerwell/db/schema';
import { shareClassInputSchema } from '@ledgerwell/shared/ledger';
import type { OcfStakeholder, OcfStockClass } from '@ledgerwell/shared/ocf';
import type { AppDeps, RequestMeta } from '../../../lib/context';
import type { Actor } from '../../activity/record-activity';
import { createShareClass } from '../../ledger/issuers';
import { openLedgerAccount } from '../../ledger/opening-balance';

/** A class as the ledger's postings name it (journal.ts's PostingClass). */
export interface PostingClass {
  id: string;
  issuerId: string;
  timeZone: string;
}

/** A rejection of one object: what the report says about it. */
export class ObjectRejected extends Error {
  constructor(
    readonly objectId: string,
    reason: string,
  ) {
    super(reason);
  }
}

/** No 0/O or 1/I: codes and account numbers are read aloud and typed by holders. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const randomText = (length: number) => Array.from({ length }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

const zodReason = (error: { issues: { path: PropertyKey[]; message: string }[] }) =>
  error.issues.map((issue) => (issue.path.length ? `${issue.path.join('.')}: ` : '') + issue.message).join('; ');

/**
 * A stock class as the ledger creates it (createShareClass: its rules, its SHARE_CLASS_CREATED row, which the export
 * reads the initial authorized figure from). The ledger records a class's authorized shares before it issues any:
 * "NOT APPLICABLE" and "UNLIMITED" have no place there. A CUSIP in the comments is kept when no other class has it.
 */
export async function importStockClass(
  tx: Db,
  deps: AppDeps,
  actor: Actor,
  issuer: { id: string; timeZone: string },
  stockClass: OcfStockClass,
  meta: RequestMeta | null,
): Promise<PostingClass> {
  const authorized = stockClass.initial_shares_authorized;
  if (authorized === 'NOT APPLICABLE' || authorized === 'UNLIMITED')
    throw new ObjectRejected(
      stockClass.id,
      `initial_shares_authorized ${authorized}: the ledger records a class's authorized shares as a number`,
    );
  if (stockClass.par_value && stockClass.par_value.currency !== 'USD')
    throw new ObjectRejected(stockClass.id, 'par_value: the ledger records par values in USD');
  const cusip = stockClass.comments?.map((line) => /^CUSIP ([A-Za-z0-9]{9})$/.exec(line)?.[1]).find(Boolean);
  const cusipFree =
    cusip &&
    (await tx.select({ id: shareClasses.id }).from(shareClasses).where(eq(shareClasses.cusip, cusip))).length === 0;
  const input = shareClassInputSchema.safeParse({
    name: stockClass.name,
    authorizedShares: authorized,
    ...(stockClass.par_value ? { parValue: stockClass.par_value.amount } : {}),
    ...(cusipFree ? { cusip } : {}),
  });
  if (!input.success) throw new ObjectRejected(stockClass.id, zodReason(input.error));
  // The service's own transaction becomes a savepoint of the import's.
  const view = await createShareClass({ ...deps, db: tx }, actor, issuer.id, input.data, meta);
  return { id: view.id, issuerId: issuer.id, timeZone: issuer.timeZone };
}

/**
 * A holder for a stakeholder. The bundle carries a name and no contact details (no e-mail, address or tax id
 * leaves an OCF export): staff complete them on the holder's record. The code and each account number are new and
 * random: an account number is the portal's secret, which a bundle that went through other hands cannot keep.
 */
export async function importStakeholder(tx: Db, stakeholder: OcfStakeholder): Promise<string> {
  const [row] = await tx
    .insert(shareholders)
    .values({
      code: `OCF${randomText(7)}`,
      name: stakeholder.name.legal_name,
      email: '',
      addressLine1: '',
      city: '',
      state: '',
      postalCode: '',
    })
    .returning({ id: shareholders.id });
  return row!.id;
}

/** The stakeholder's account in a class, opened on the ledger with no holding. */
export async function openAccount(
  tx: Db,
  deps: AppDeps,
  actor: Actor,
  holder: { shareholderId: string; registrationName: string },
  postingClass: PostingClass & { name: string; issuerName: string },
): Promise<string> {
  const accountNumber = `OCF-${randomText(12)}`;
  const [row] = await tx
    .insert(shareholderAccounts)
    .values({
      shareholderId: holder.shareholderId,
      accountNumber,
      registrationName: holder.registrationName,
      issuer: postingClass.issuerName,
      shareClass: postingClass.name,
      sharesHeld: 0,
      holdingType: 'DRS',
      classId: postingClass.id,
    })
    .returning({ id: shareholderAccounts.id });
  await openLedgerAccount(tx, deps, actor, postingClass, {
    accountId: row!.id,
    accountNumber,
    holdingType: 'DRS',
    sharesHeld: 0,
    certificateNumbers: [],
  });
  return row!.id;
}

export { zodReason };
