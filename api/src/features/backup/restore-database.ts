import fs from 'node:fs/promises';
import path from 'node:path';
import { desc, sql } from 'drizzle-orm';
import { openDatabase } from '@ledgerwell/db/client';
import { shareholderRequests, verificationDocuments } from '@ledgerwell/db/schema';
import { encryptedStorage, FILE_KEY_PURPOSE } from '../../lib/encrypted-storage';
import { createFieldCipher } from '../../lib/field-encryption';
import { localDiskStorage } from '../../lib/storage';
import { BackupError } from './archive';

export interface RestoreCheck {
  requests: number;
  photoRows: number;
  /** Whether one photo was read back and decrypted (false when there is none on local disk). */
  photoDecrypted: boolean;
}

/**
 * Loads the dump into DATA_DIR/pgdata, runs the migrations this app ships (an older backup opens on a
 * newer app), then checks it: rows counted, the newest photo read from `uploadsDir` and decrypted.
 */
export async function loadAndCheckDatabase(
  dataDir: string,
  pgdata: Buffer,
  uploadsDir: string,
  key: Buffer,
): Promise<RestoreCheck> {
  const database = await openDatabase({ dataDir, template: new Blob([new Uint8Array(pgdata)]) });
  try {
    await database.migrate();
    const count = async (table: typeof shareholderRequests | typeof verificationDocuments) =>
      (await database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n ?? 0;
    const requests = await count(shareholderRequests);
    const photoRows = await count(verificationDocuments);
    const [newest] = await database.db
      .select({ key: verificationDocuments.storageKey })
      .from(verificationDocuments)
      .orderBy(desc(verificationDocuments.uploadedAt))
      .limit(1);
    let photoDecrypted = false;
    if (newest && (await fs.stat(path.join(uploadsDir, newest.key)).catch(() => null))) {
      const storage = encryptedStorage(
        localDiskStorage(uploadsDir),
        createFieldCipher(key).deriveKey(FILE_KEY_PURPOSE),
      );
      try {
        photoDecrypted = (await storage.read(newest.key)) !== null;
      } catch {
        throw new BackupError(
          'A photo in this backup does not decrypt with this encryption key: the restore was undone.',
        );
      }
    }
    return { requests, photoRows, photoDecrypted };
  } finally {
    await database.close();
  }
}
