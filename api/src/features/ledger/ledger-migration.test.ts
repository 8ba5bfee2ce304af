import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { MIGRATIONS_FOLDER, openDatabase, type Database } from '@ledgerwell/db/client';
import { createPostgresDatabase, TEST_ENGINE } from '../../test/test-app';

/** The migrations folder as it was before the ledger: every migration up to `last`, with its journal. */
function migrationsUpTo(last: string): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'lw-migrations-'));
  fs.mkdirSync(path.join(folder, 'meta'));
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8'));
  const entries = journal.entries.filter((e: { tag: string }) => e.tag <= last);
  for (const entry of entries as { tag: string }[])
    fs.copyFileSync(path.join(MIGRATIONS_FOLDER, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  fs.writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
  return folder;
}

async function migrateWith(database: Database, migrationsFolder: string) {
  if (database.engine === 'embedded') await migratePglite(database.db as never, { migrationsFolder });
  else await migratePg(database.db as never, { migrationsFolder });
}

const rowsOf = <T>(result: unknown): T[] =>
  'rows' in (result as object) ? (result as { rows: T[] }).rows : (result as T[]);

describe('migration 0027: the free-text registry moves onto the ledger', () => {
  let database: Database | undefined;
  afterEach(async () => database?.close());

  it('makes issuers and classes of the names, posts every holding as an opening balance, and keeps the books in balance', async () => {
    const url = TEST_ENGINE === 'postgres' ? (await createPostgresDatabase({ migrated: false })).url : undefined;
    database = await openDatabase({ databaseUrl: url });
    await migrateWith(database, migrationsUpTo('0026_portal_sign_in_links'));
    const { db } = database;
    await db.execute(sql`
      insert into shareholders (id, code, name, email, address_line1, city, state, postal_code) values
        ('00000000-0000-4000-8000-000000000001', 'AAA1', 'Ann', 'ann@example.com', '1 Main', 'Fresno', 'CA', '93721'),
        ('00000000-0000-4000-8000-000000000002', 'BBB1', 'Ben', 'ben@example.com', '1 Main', 'Fresno', 'CA', '93721')`);
    await db.execute(sql`
      insert into shareholder_accounts
        (shareholder_id, account_number, registration_name, issuer, share_class, shares_held, holding_type, certificate_numbers)
      values
        ('00000000-0000-4000-8000-000000000001', 'A-1', 'Ann', 'Acme Corp', 'Common', 1500, 'DRS', '{}'),
        ('00000000-0000-4000-8000-000000000001', 'A-2', 'Ann', ' acme corp', 'common ', 200, 'CERTIFICATED', '{c-1,C-2,C-3}'),
        ('00000000-0000-4000-8000-000000000002', 'B-1', 'Ben', 'Acme Corp', 'Preferred', 5, 'CERTIFICATED', '{C-1}'),
        ('00000000-0000-4000-8000-000000000002', 'B-2', 'Ben', 'Beta Inc', 'Common', 0, 'DRS', '{}'),
        ('00000000-0000-4000-8000-000000000002', 'B-3', 'Ben', 'Beta Inc', 'Common', 7, 'CERTIFICATED', '{}')`);

    await migrateWith(database, MIGRATIONS_FOLDER);

    const classes = rowsOf<{ issuer: string; name: string; accounts: number; issued: string; total: string }>(
      await db.execute(sql`
        select i.legal_name as issuer, c.name, count(a.id)::int as accounts, b.issued_shares::text as issued,
               (select coalesce(sum(p.drs_shares + p.certificated_shares), 0) from ledger_positions p where p.class_id = c.id)::text as total
        from share_classes c join issuers i on i.id = c.issuer_id join control_books b on b.class_id = c.id
        left join shareholder_accounts a on a.class_id = c.id
        group by i.legal_name, c.name, b.issued_shares, c.id order by 1, 2`),
    );
    expect(classes).toEqual([
      { issuer: 'Acme Corp', name: 'Common', accounts: 2, issued: '1700.000000', total: '1700.000000' },
      { issuer: 'Acme Corp', name: 'Preferred', accounts: 1, issued: '5.000000', total: '5.000000' },
      { issuer: 'Beta Inc', name: 'Common', accounts: 2, issued: '7.000000', total: '7.000000' },
    ]);
    const certificates = rowsOf<{ number: string; account: string; shares: string }>(
      await db.execute(sql`
        select c.number, a.account_number as account, c.shares::text as shares
        from certificates c join shareholder_accounts a on a.id = c.account_id order by a.account_number, c.number`),
    );
    expect(certificates).toEqual([
      { number: 'C-1', account: 'A-2', shares: '68.000000' },
      { number: 'C-2', account: 'A-2', shares: '66.000000' },
      { number: 'C-3', account: 'A-2', shares: '66.000000' },
      // The same number in another class of the same issuer keeps the account number as a suffix.
      { number: 'C-1-B-1', account: 'B-1', shares: '5.000000' },
      { number: 'UNNUMBERED-B-3', account: 'B-3', shares: '7.000000' },
    ]);
    const journal = rowsOf<{ type: string; legs: number }>(
      await db.execute(sql`select t.type, count(l.id)::int as legs from ledger_transactions t
        join ledger_legs l on l.transaction_id = t.id group by t.id, t.type order by 2, 1`),
    );
    expect(journal.map((j) => j.type)).toEqual(['ISSUANCE', 'ISSUANCE', 'ISSUANCE', 'ISSUANCE']);
    expect(journal.map((j) => j.legs).sort()).toEqual([1, 1, 1, 3]);
  });
});
