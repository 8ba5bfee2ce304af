import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { shareholderAccounts, shareholders } from '@ledgerwell/db/schema';
import { issuers, ledgerPositions, shareClasses } from '@ledgerwell/db/ledger-schema';
import { calendarDateIn, DEFAULT_ISSUER_TIME_ZONE, isCalendarDay, normalizeDecimal } from '@ledgerwell/shared/ledger';
import {
  IMPORT_COLUMNS,
  IMPORT_EFFECTIVE_DATE_COLUMN,
  importedShareholderSchema,
  isWeakAccountNumber,
  REGISTRY_MESSAGES,
  type ShareholderInput,
} from '@ledgerwell/shared/registry';
import { isStorableText, UNSTORABLE_TEXT_MESSAGE } from '@ledgerwell/shared/text';
import type { AdminContext, AppDeps, RequestMeta } from '../../lib/context';
import { fieldContext } from '../../lib/field-encryption';
import { recordImportActivity } from './import-activity';
import { classForRegistry } from '../ledger/issuers';
import { openLedgerAccount } from '../ledger/opening-balance';

const actorOf = (admin: AdminContext) => ({ id: admin.profile.id, username: admin.profile.username });

export const IMPORT_MAX_ROWS = 20_000;

export interface LineError {
  line: number;
  message: string;
}

/** Schema paths back to the CSV column a person can find in the file. */
const COLUMN_OF: Record<string, string> = {
  code: 'code',
  name: 'name',
  email: 'email',
  phone: 'phone',
  taxId: 'tax_id',
  'address.line1': 'address_line1',
  'address.city': 'city',
  'address.state': 'state',
  'address.postalCode': 'postal_code',
  'accounts.0.accountNumber': 'account_number',
  'accounts.0.registrationName': 'registration_name',
  'accounts.0.issuer': 'issuer',
  'accounts.0.shareClass': 'share_class',
  'accounts.0.sharesHeld': 'shares_held',
  'accounts.0.holdingType': 'holding_type',
};

export type ImportResult =
  | { ok: true; created: number; updated: number; accounts: number }
  | { ok: false; errors: LineError[] };

interface ParsedRow {
  line: number;
  input: ShareholderInput;
  /** The opening balance's effective date, when the file gives one. */
  effectiveDate?: string | undefined;
}

function parseRows(csv: string, today: string): { rows: ParsedRow[]; errors: LineError[] } {
  let records: string[][];
  try {
    records = parse(csv, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: true });
  } catch (error) {
    const line = (error as { lines?: number }).lines ?? 1;
    return { rows: [], errors: [{ line, message: `The file is not valid CSV: ${(error as Error).message}` }] };
  }
  const [header, ...data] = records;
  const expected = IMPORT_COLUMNS.join(',');
  const given = header?.map((h) => h.toLowerCase()).join(',');
  const withDate = given === `${expected},${IMPORT_EFFECTIVE_DATE_COLUMN}`;
  if (!header || (given !== expected && !withDate)) {
    return {
      rows: [],
      errors: [
        { line: 1, message: `The header must be: ${expected} (optionally ,${IMPORT_EFFECTIVE_DATE_COLUMN} last)` },
      ],
    };
  }
  const width = IMPORT_COLUMNS.length + (withDate ? 1 : 0);
  if (data.length === 0) return { rows: [], errors: [{ line: 2, message: 'The file has no rows' }] };
  if (data.length > IMPORT_MAX_ROWS)
    return { rows: [], errors: [{ line: IMPORT_MAX_ROWS + 2, message: `At most ${IMPORT_MAX_ROWS} rows per file` }] };

  const rows: ParsedRow[] = [];
  const errors: LineError[] = [];
  data.forEach((cells, index) => {
    const line = index + 2;
    if (cells.length !== width) {
      errors.push({ line, message: `Expected ${width} columns, found ${cells.length}` });
      return;
    }
    const unstorable = cells.findIndex((cell) => !isStorableText(cell));
    if (unstorable >= 0) {
      errors.push({
        line,
        message: `${IMPORT_COLUMNS[unstorable] ?? IMPORT_EFFECTIVE_DATE_COLUMN}: ${UNSTORABLE_TEXT_MESSAGE}`,
      });
      return;
    }
    const effectiveDate = withDate ? (cells[IMPORT_COLUMNS.length] ?? '') : '';
    if (effectiveDate && (!isCalendarDay(effectiveDate) || effectiveDate > today)) {
      errors.push({ line, message: `${IMPORT_EFFECTIVE_DATE_COLUMN}: ${REGISTRY_MESSAGES.effectiveDateInvalid}` });
      return;
    }
    const get = (column: (typeof IMPORT_COLUMNS)[number]) => cells[IMPORT_COLUMNS.indexOf(column)] ?? '';
    const shares = get('shares_held');
    const candidate = {
      code: get('code'),
      name: get('name'),
      email: get('email'),
      phone: get('phone'),
      taxId: get('tax_id'),
      address: { line1: get('address_line1'), city: get('city'), state: get('state'), postalCode: get('postal_code') },
      accounts: [
        {
          accountNumber: get('account_number'),
          registrationName: get('registration_name'),
          issuer: get('issuer'),
          shareClass: get('share_class'),
          sharesHeld: /^\d+$/.test(shares) ? Number(shares) : Number.NaN,
          holdingType: get('holding_type').toUpperCase(),
          certificateNumbers: get('certificate_numbers')
            .split(';')
            .map((c) => c.trim())
            .filter(Boolean),
        },
      ],
    };
    const result = importedShareholderSchema.safeParse(candidate);
    if (!result.success) {
      for (const issue of result.error.issues) {
        const path = issue.path.join('.');
        errors.push({ line, message: `${COLUMN_OF[path] ?? path}: ${issue.message}` });
      }
      return;
    }
    rows.push({ line, input: result.data, effectiveDate: effectiveDate || undefined });
  });
  return { rows, errors };
}

/** Same holder on several lines must say the same thing about the holder. */
function holderFields(input: ShareholderInput) {
  return JSON.stringify([input.name, input.email, input.phone ?? '', input.taxId ?? '', input.address]);
}

/**
 * Creates or updates shareholders and their accounts from a CSV, one row per account. All or
 * nothing: every line is checked first, and a file with any bad line changes nothing.
 */
export async function importShareholders(
  deps: AppDeps,
  admin: AdminContext,
  csv: string,
  meta: RequestMeta,
): Promise<ImportResult> {
  const { rows, errors } = parseRows(csv, calendarDateIn(DEFAULT_ISSUER_TIME_ZONE, deps.clock.now()));

  const byCode = new Map<string, ParsedRow[]>();
  const accountLine = new Map<string, number>();
  for (const row of rows) {
    const code = row.input.code.toUpperCase();
    const group = byCode.get(code) ?? [];
    if (group[0] && holderFields(group[0].input) !== holderFields(row.input)) {
      errors.push({ line: row.line, message: `The holder details differ from line ${group[0].line} for code ${code}` });
    }
    const account = row.input.accounts[0]!.accountNumber.toUpperCase();
    const seen = accountLine.get(account);
    if (seen) errors.push({ line: row.line, message: `account_number: ${account} is already on line ${seen}` });
    else accountLine.set(account, row.line);
    byCode.set(code, [...group, row]);
  }
  if (errors.length > 0) return { ok: false, errors: errors.sort((a, b) => a.line - b.line) };

  return deps.db.transaction(async (tx) => {
    // An account number may move only within its holder: one held by another code is a bad line.
    const owners = await tx
      .select({
        accountNumber: shareholderAccounts.accountNumber,
        code: shareholders.code,
        issuer: issuers.legalName,
        shareClass: shareClasses.name,
        position: sql<string>`${ledgerPositions.drsShares} + ${ledgerPositions.certificatedShares}`,
      })
      .from(shareholderAccounts)
      .innerJoin(shareholders, eq(shareholders.id, shareholderAccounts.shareholderId))
      .innerJoin(shareClasses, eq(shareClasses.id, shareholderAccounts.classId))
      .innerJoin(issuers, eq(issuers.id, shareClasses.issuerId))
      .innerJoin(ledgerPositions, eq(ledgerPositions.accountId, shareholderAccounts.id))
      .where(inArray(sql`upper(${shareholderAccounts.accountNumber})`, [...accountLine.keys()]));
    const ownerErrors = owners
      .filter(
        (o) =>
          byCode.get(o.code.toUpperCase()) === undefined ||
          !byCode
            .get(o.code.toUpperCase())!
            .some((r) => r.input.accounts[0]!.accountNumber.toUpperCase() === o.accountNumber.toUpperCase()),
      )
      .map((o) => ({
        line: accountLine.get(o.accountNumber.toUpperCase())!,
        message: `account_number: ${o.accountNumber} belongs to shareholder ${o.code}`,
      }));
    // A line may update an account already on file whatever its length; a new account must be strong.
    const onFile = new Set(owners.map((o) => o.accountNumber.toUpperCase()));
    const weakErrors = [...accountLine]
      .filter(([account]) => !onFile.has(account) && isWeakAccountNumber(account))
      .map(([, line]) => ({ line, message: `account_number: ${REGISTRY_MESSAGES.accountNumberWeak}` }));
    // The ledger is the record of a holding: a file may not move one (a posting does), nor its class.
    const lineOf = new Map(rows.map((r) => [r.input.accounts[0]!.accountNumber.toUpperCase(), r.input.accounts[0]!]));
    const holdingErrors = owners.flatMap((o) => {
      const line = accountLine.get(o.accountNumber.toUpperCase())!;
      const account = lineOf.get(o.accountNumber.toUpperCase())!;
      const sameClass =
        account.issuer.trim().toLowerCase() === o.issuer.toLowerCase() &&
        account.shareClass.trim().toLowerCase() === o.shareClass.toLowerCase();
      if (!sameClass) return [{ line, message: `issuer: ${REGISTRY_MESSAGES.classFixed(o.issuer, o.shareClass)}` }];
      const held = normalizeDecimal(o.position);
      if (String(account.sharesHeld) !== held)
        return [{ line, message: `shares_held: ${REGISTRY_MESSAGES.holdingOnLedger(held)}` }];
      return [];
    });
    const lineErrors = [...ownerErrors, ...weakErrors, ...holdingErrors];
    if (lineErrors.length > 0) return { ok: false as const, errors: lineErrors.sort((a, b) => a.line - b.line) };

    const createdIds: string[] = [];
    const updatedIds: string[] = [];
    let accounts = 0;
    for (const [code, group] of byCode) {
      const holder = group[0]!.input;
      const [existing] = await tx
        .select({ id: shareholders.id })
        .from(shareholders)
        .where(sql`upper(${shareholders.code}) = ${code}`);
      // The id is known before the insert: the tax ID's ciphertext is bound to it.
      const shareholderId = existing?.id ?? randomUUID();
      const values = {
        name: holder.name,
        email: holder.email,
        phone: holder.phone || null,
        taxIdEncrypted: holder.taxId
          ? deps.cipher.encrypt(holder.taxId, fieldContext.shareholderTaxId(shareholderId))
          : null,
        taxIdLast4: holder.taxId ? holder.taxId.replace(/\D/g, '').slice(-4) || null : null,
        addressLine1: holder.address.line1,
        addressLine2: holder.address.line2 || null,
        city: holder.address.city,
        state: holder.address.state,
        postalCode: holder.address.postalCode,
        updatedAt: deps.clock.now(),
      };
      if (existing) {
        await tx.update(shareholders).set(values).where(eq(shareholders.id, existing.id));
        updatedIds.push(shareholderId);
      } else {
        await tx.insert(shareholders).values({ id: shareholderId, code, ...values });
        createdIds.push(shareholderId);
      }
      for (const { input, effectiveDate } of group) {
        const account = input.accounts[0]!;
        const [current] = await tx
          .select({ id: shareholderAccounts.id })
          .from(shareholderAccounts)
          .where(sql`upper(${shareholderAccounts.accountNumber}) = ${account.accountNumber.toUpperCase()}`);
        if (current) {
          await tx
            .update(shareholderAccounts)
            .set({ registrationName: account.registrationName, updatedAt: deps.clock.now() })
            .where(eq(shareholderAccounts.id, current.id));
        } else {
          const postingClass = await classForRegistry(tx, account.issuer, account.shareClass);
          const [row] = await tx
            .insert(shareholderAccounts)
            .values({ ...account, shareholderId, classId: postingClass.id })
            .returning({ id: shareholderAccounts.id });
          await openLedgerAccount(tx, deps, actorOf(admin), postingClass, {
            ...account,
            accountId: row!.id,
            effectiveDate,
          });
        }
        accounts++;
      }
    }
    await recordImportActivity(tx, admin, { createdIds, updatedIds, accounts, rows: rows.length }, meta);
    return { ok: true as const, created: createdIds.length, updated: updatedIds.length, accounts };
  });
}
