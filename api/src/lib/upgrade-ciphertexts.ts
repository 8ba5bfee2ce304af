import { and, asc, gt, like, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '@ledgerwell/db/client';
import { emailOutbox, shareholderRequests, shareholders } from '@ledgerwell/db/schema';
import { fieldContext, type FieldCipher } from './field-encryption';

interface EncryptedColumn {
  table: PgTable;
  id: PgColumn;
  column: PgColumn;
  context: (id: string) => string;
}

const ENCRYPTED_COLUMNS: EncryptedColumn[] = [
  {
    table: shareholders,
    id: shareholders.id,
    column: shareholders.taxIdEncrypted,
    context: fieldContext.shareholderTaxId,
  },
  {
    table: shareholderRequests,
    id: shareholderRequests.id,
    column: shareholderRequests.sensitiveEncrypted,
    context: fieldContext.requestSensitive,
  },
  { table: emailOutbox, id: emailOutbox.id, column: emailOutbox.bodyEncrypted, context: fieldContext.emailBody },
];

const BATCH = 500;

/**
 * Rewrites every v1 ciphertext (no row binding) as v2, bound to its row. Run at start and by the
 * hourly sweep, so values written by an older process during a rolling start are caught too.
 * Idempotent and safe with several processes: each row is replaced only if it still holds the
 * value that was read, so two processes upgrading at once leave one valid v2 value.
 * A value that does not decrypt (another key) is left alone and counted: it was never readable.
 */
export async function upgradeLegacyCiphertexts(
  db: Db,
  cipher: FieldCipher,
): Promise<{ upgraded: number; unreadable: number }> {
  let upgraded = 0;
  let unreadable = 0;
  for (const spec of ENCRYPTED_COLUMNS) {
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const rows = (await db
        .select({ id: spec.id, value: spec.column })
        .from(spec.table)
        .where(and(like(spec.column, 'v1:%'), gt(spec.id, after)))
        .orderBy(asc(spec.id))
        .limit(BATCH)) as { id: string; value: string }[];
      for (const row of rows) {
        let next: string | null;
        try {
          next = cipher.upgrade(row.value, spec.context(row.id));
        } catch {
          unreadable++;
          continue;
        }
        if (!next) continue;
        const result = await db.execute(
          sql`update ${spec.table} set ${sql.identifier(spec.column.name)} = ${next} where ${spec.id} = ${row.id} and ${spec.column} = ${row.value} returning 1`,
        );
        upgraded += (result as unknown as { rows: unknown[] }).rows.length;
      }
      if (rows.length < BATCH) break;
      after = rows.at(-1)!.id;
    }
  }
  return { upgraded, unreadable };
}
