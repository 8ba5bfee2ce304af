import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { createFieldCipher, loadEncryptionKey } from '../../lib/field-encryption';

/** Raised by a new archive layout; a restore refuses a format it does not know. */
export const BACKUP_FORMAT_VERSION = 1 as const;

/** Archive entry names: the manifest comes first, so a restore checks the key before anything is written. */
export const MANIFEST_ENTRY = 'manifest.json';
export const PGDATA_ENTRY = 'pgdata.tar';
export const UPLOADS_PREFIX = 'uploads/';

export const backupManifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT_VERSION),
  createdAt: z.string().max(40),
  engine: z.literal('embedded'),
  appVersion: z.string().max(100),
  /** Migrations applied to the dumped database: a newer app runs the rest after restoring. */
  migrations: z.number().int().min(0),
  /** Photos in the archive; null when they live in an S3 bucket (its own versioning keeps them). */
  photos: z.number().int().min(0).nullable(),
  keyFingerprint: z.string().regex(/^[0-9a-f]{64}$/),
});
export type BackupManifest = z.infer<typeof backupManifestSchema>;

const FINGERPRINT_LABEL = 'ledgerwell backup: encryption key fingerprint v1';

/**
 * Names the encryption key without revealing it: an HMAC of a fixed label under a key derived for this
 * purpose only, so the archive can say "made with this key" and a restore can compare.
 */
export function keyFingerprint(key: Buffer): string {
  return createHmac('sha256', createFieldCipher(key).deriveKey('backup-fingerprint'))
    .update(FINGERPRINT_LABEL)
    .digest('hex');
}

export const KEY_FILE_NAME = 'encryption.key';

/** ENCRYPTION_KEY, else the key file in DATA_DIR; null when neither is there (never generates one, unlike the server). */
export function findEncryptionKey(configured: string | undefined, dataDir: string): Buffer | null {
  if (!configured && !fs.existsSync(path.join(dataDir, KEY_FILE_NAME))) return null;
  return loadEncryptionKey(configured, dataDir);
}
