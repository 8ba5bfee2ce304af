import { randomUUID } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import { shareholderAccounts, shareholders } from '@ledgerwell/db/schema';
import { NO_DELIVERY_CHOICE } from '@ledgerwell/shared/delivery-preferences';
import { REGISTRY_MESSAGES, type ShareholderInput } from '@ledgerwell/shared/registry';
import type { AppDeps, RequestMeta } from '../../lib/context';
import { fieldContext } from '../../lib/field-encryption';
import { AppError } from '../../lib/errors';
import { recordActivity, type Actor } from '../activity/record-activity';
import { toShareholderView } from './shareholder-view';
import { classForRegistry } from '../ledger/issuers';
import { holdingsOf } from '../ledger/holdings';
import { openLedgerAccount } from '../ledger/opening-balance';

const UNIQUE_VIOLATION = '23505';

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === UNIQUE_VIOLATION) return true;
  }
  return false;
}

/** Creates one shareholder with its accounts, all or nothing; a taken code or account number is a 409. */
export async function createShareholder(
  deps: AppDeps,
  actor: Actor,
  input: ShareholderInput,
  meta: RequestMeta | null,
) {
  const taxId = input.taxId ? input.taxId : null;
  try {
    return await deps.db.transaction(async (tx) => {
      const [taken] = await tx
        .select({ id: shareholders.id })
        .from(shareholders)
        .where(sql`upper(${shareholders.code}) = ${input.code.toUpperCase()}`)
        .limit(1);
      if (taken) throw new AppError('CONFLICT', REGISTRY_MESSAGES.codeTaken, { code: REGISTRY_MESSAGES.codeTaken });

      const numbers = input.accounts.map((a) => a.accountNumber.toUpperCase());
      const takenAccounts = await tx
        .select({ accountNumber: shareholderAccounts.accountNumber })
        .from(shareholderAccounts)
        .where(inArray(sql`upper(${shareholderAccounts.accountNumber})`, numbers));
      if (takenAccounts.length > 0) {
        const takenSet = new Set(takenAccounts.map((a) => a.accountNumber.toUpperCase()));
        const errors = Object.fromEntries(
          input.accounts.flatMap((a, i) =>
            takenSet.has(a.accountNumber.toUpperCase())
              ? [[`accounts.${i}.accountNumber`, REGISTRY_MESSAGES.accountTaken]]
              : [],
          ),
        );
        throw new AppError('CONFLICT', REGISTRY_MESSAGES.accountTaken, errors);
      }

      // The id is chosen here: the tax ID's ciphertext is bound to it.
      const id = randomUUID();
      const [shareholder] = await tx
        .insert(shareholders)
        .values({
          id,
          code: input.code.toUpperCase(),
          name: input.name,
          email: input.email,
          phone: input.phone || null,
          taxIdEncrypted: taxId ? deps.cipher.encrypt(taxId, fieldContext.shareholderTaxId(id)) : null,
          taxIdLast4: taxId ? taxId.replace(/\D/g, '').slice(-4) || null : null,
          addressLine1: input.address.line1,
          addressLine2: input.address.line2 || null,
          city: input.address.city,
          state: input.address.state,
          postalCode: input.address.postalCode,
        })
        .returning();
      if (!shareholder) throw new Error('shareholder insert returned no row');
      const accounts = [];
      for (const account of input.accounts) {
        const postingClass = await classForRegistry(tx, account.issuer, account.shareClass);
        const [row] = await tx
          .insert(shareholderAccounts)
          .values({ ...account, shareholderId: shareholder.id, classId: postingClass.id })
          .returning();
        await openLedgerAccount(tx, deps, actor, postingClass, { ...account, accountId: row!.id });
        accounts.push(row!);
      }
      await recordActivity(tx, {
        actor,
        action: 'SHAREHOLDER_CREATED',
        resourceType: 'shareholder',
        resourceId: shareholder.id,
        details: { code: shareholder.code, accounts: accounts.length },
        meta,
      });
      const holdings = await holdingsOf(
        tx,
        accounts.map((a) => a.id),
      );
      // A holder just added has never chosen how documents reach them: paper.
      return toShareholderView(shareholder, accounts, holdings, NO_DELIVERY_CHOICE);
    });
  } catch (error) {
    // Two admins adding the same code at once: the unique index decides, and the loser hears why.
    if (!(error instanceof AppError) && isUniqueViolation(error))
      throw new AppError('CONFLICT', REGISTRY_MESSAGES.codeTaken);
    throw error;
  }
}
