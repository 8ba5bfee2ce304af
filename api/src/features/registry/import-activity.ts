import type { Db } from '@ledgerwell/db/client';
import type { AdminContext, RequestMeta } from '../../lib/context';
import { recordActivity } from '../activity/record-activity';

/**
 * Ids per activity row. A file may name 20,000 holders: one row listing them all would be some
 * 800 KB of JSON that every read of the activity log carries back. 500 ids keep a row near 20 KB
 * and a full import at 40 rows.
 */
export const IMPORT_IDS_PER_ACTIVITY = 500;

export interface ImportChanges {
  createdIds: string[];
  updatedIds: string[];
  accounts: number;
  rows: number;
}

/**
 * Records which shareholders an import created or changed: the ids in parts of
 * IMPORT_IDS_PER_ACTIVITY, one SHAREHOLDERS_IMPORTED row per part, each with the whole import's
 * counts and its place (part 2 of 3), so any one row reads on its own. Call inside the import's
 * transaction: the record lands with the change or not at all.
 */
export async function recordImportActivity(
  tx: Db,
  admin: AdminContext,
  changes: ImportChanges,
  meta: RequestMeta,
): Promise<void> {
  const all = [
    ...changes.createdIds.map((id) => ({ id, created: true })),
    ...changes.updatedIds.map((id) => ({ id, created: false })),
  ];
  const parts = Math.max(1, Math.ceil(all.length / IMPORT_IDS_PER_ACTIVITY));
  for (let part = 0; part < parts; part++) {
    const slice = all.slice(part * IMPORT_IDS_PER_ACTIVITY, (part + 1) * IMPORT_IDS_PER_ACTIVITY);
    await recordActivity(tx, {
      actor: { id: admin.profile.id, username: admin.profile.username },
      action: 'SHAREHOLDERS_IMPORTED',
      resourceType: 'shareholder',
      details: {
        created: changes.createdIds.length,
        updated: changes.updatedIds.length,
        accounts: changes.accounts,
        rows: changes.rows,
        part: part + 1,
        parts,
        createdIds: slice.filter((entry) => entry.created).map((entry) => entry.id),
        updatedIds: slice.filter((entry) => !entry.created).map((entry) => entry.id),
      },
      meta,
    });
  }
}
