import type { Db } from '@ledgerwell/db/client';
import { verificationDocuments } from '@ledgerwell/db/schema';
import { sealLegacyFile } from '../../lib/encrypted-storage';
import type { FileStorage } from '../../lib/storage';

/** Written once every photo is encrypted, so later starts do not read every file again. */
const DONE_MARKER = 'markers/photos-encrypted.v1';

/**
 * Identity photos stored by versions before issue 14 are plain JPEGs. Run at start, before the
 * server listens: each file the database knows is encrypted in place. Reading stays strict (a file
 * without the header is refused), so a plaintext photo never reaches a reviewer unnoticed.
 */
export async function encryptLegacyPhotos(db: Db, raw: FileStorage, fileKey: Buffer): Promise<number> {
  if (await raw.read(DONE_MARKER)) return 0;
  const rows = await db.selectDistinct({ key: verificationDocuments.storageKey }).from(verificationDocuments);
  let sealed = 0;
  for (const { key } of rows) if (await sealLegacyFile(raw, fileKey, key)) sealed++;
  await raw.put(DONE_MARKER, Buffer.from(new Date().toISOString()));
  return sealed;
}
