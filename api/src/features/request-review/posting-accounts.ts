import { randomInt, randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '@ledgerwell/db/client';
import { ledgerPositions, shareClasses } from '@ledgerwell/db/ledger-schema';
import { shareholderAccounts, shareholders } from '@ledgerwell/db/schema';
import { NOMINEE_NAME } from '@ledgerwell/shared/ledger';
import type { AppDeps } from '../../lib/context';
import { fieldContext } from '../../lib/field-encryption';
import type { Buyer, PostingClassInfo } from './posting-plan';
import type { RequestRow } from './request-detail';

/**
 * The depository's nominee as a registered holder. Its code has a dash, which the portal's code format refuses,
 * so nobody can sign in as it.
 */
const NOMINEE_CODE = 'NOMINEE-CEDE';
/** The Depository Trust Company's address, where Cede & Co. is registered. */
const NOMINEE_ADDRESS = { addressLine1: '570 Washington Blvd', city: 'Jersey City', state: 'NJ', postalCode: '07310' };
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

const randomCode = (length: number, alphabet = CODE_ALPHABET) =>
  Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join('');

/** A value no row has yet in the column's upper-cased unique index; random, so retries are rare. */
async function unusedValue(exists: (value: string) => Promise<boolean>, make: () => string): Promise<string> {
  for (let attempt = 0; attempt < 8; attempt++) {
    const value = make();
    if (!(await exists(value))) return value;
  }
  throw new Error('no unused value after 8 attempts');
}

const accountNumberTaken = async (tx: Db, value: string) =>
  (
    await tx
      .select({ id: shareholderAccounts.id })
      .from(shareholderAccounts)
      .where(sql`upper(${shareholderAccounts.accountNumber}) = ${value.toUpperCase()}`)
      .limit(1)
  ).length > 0;

async function openAccount(
  tx: Db,
  postingClass: PostingClassInfo,
  shareholderId: string,
  registrationName: string,
  accountNumber: string,
) {
  const [account] = await tx
    .insert(shareholderAccounts)
    .values({
      shareholderId,
      accountNumber,
      registrationName,
      issuer: postingClass.issuer,
      shareClass: postingClass.shareClass,
      // The holding is the ledger's; this column keeps only what the registry once imported.
      sharesHeld: 0,
      holdingType: 'DRS',
      certificateNumbers: [],
      classId: postingClass.id,
    })
    .returning({ id: shareholderAccounts.id, accountNumber: shareholderAccounts.accountNumber });
  await tx.insert(ledgerPositions).values({ accountId: account!.id, classId: postingClass.id });
  return account!;
}

/**
 * The class's nominee account, opened on first use. The class row is locked first, so two postings to a broker
 * at once open one account, not two (no other posting locks share classes, so the lock order holds).
 */
export async function nomineeAccount(tx: Db, postingClass: PostingClassInfo): Promise<string> {
  const [locked] = await tx
    .select({ nomineeAccountId: shareClasses.nomineeAccountId })
    .from(shareClasses)
    .where(eq(shareClasses.id, postingClass.id))
    .for('update');
  if (locked?.nomineeAccountId) return locked.nomineeAccountId;

  await tx
    .insert(shareholders)
    .values({ code: NOMINEE_CODE, name: NOMINEE_NAME, email: 'nominee@dtcc.invalid', ...NOMINEE_ADDRESS })
    .onConflictDoNothing();
  const [nominee] = await tx
    .select({ id: shareholders.id })
    .from(shareholders)
    .where(sql`upper(${shareholders.code}) = ${NOMINEE_CODE}`);
  const number = await unusedValue(
    (value) => accountNumberTaken(tx, value),
    () => `CEDE-${randomCode(8, '0123456789')}`,
  );
  const account = await openAccount(tx, postingClass, nominee!.id, NOMINEE_NAME, number);
  await tx
    .update(shareClasses)
    .set({ nomineeAccountId: account.id })
    .where(and(eq(shareClasses.id, postingClass.id), isNull(shareClasses.nomineeAccountId)));
  return account.id;
}

/** The buyer's tax ID, kept encrypted with the request; null when the holder gave none. */
function buyerTaxId(deps: AppDeps, request: RequestRow): string | null {
  if (!request.sensitiveEncrypted) return null;
  const secret = JSON.parse(
    deps.cipher.decrypt(request.sensitiveEncrypted, fieldContext.requestSensitive(request.id)),
  ) as Record<string, string>;
  return secret.buyerTaxId || null;
}

/** A private sale's new buyer becomes a registered holder: a shareholder with a new code and an account. */
export async function openBuyerAccount(
  tx: Db,
  deps: AppDeps,
  request: RequestRow,
  postingClass: PostingClassInfo,
  buyer: Buyer,
): Promise<{ id: string; accountNumber: string }> {
  const code = await unusedValue(
    async (value) =>
      (
        await tx
          .select({ id: shareholders.id })
          .from(shareholders)
          .where(sql`upper(${shareholders.code}) = ${value}`)
          .limit(1)
      ).length > 0,
    () => randomCode(8),
  );
  const taxId = buyerTaxId(deps, request);
  // The id is chosen here: the tax ID's ciphertext is bound to it.
  const id = randomUUID();
  await tx.insert(shareholders).values({
    id,
    code,
    name: buyer.name,
    email: buyer.email,
    phone: buyer.phone,
    taxIdEncrypted: taxId ? deps.cipher.encrypt(taxId, fieldContext.shareholderTaxId(id)) : null,
    taxIdLast4: taxId ? taxId.replace(/\D/g, '').slice(-4) || null : null,
    addressLine1: buyer.addressLine1,
    addressLine2: buyer.addressLine2,
    city: buyer.city,
    state: buyer.state,
    postalCode: buyer.postalCode,
  });
  const number = await unusedValue(
    (value) => accountNumberTaken(tx, value),
    () => randomCode(10, '0123456789'),
  );
  return openAccount(tx, postingClass, id, buyer.name, number);
}
