// `pnpm db:restore <file>`: a backup made by `pnpm db:backup` into an empty DATA_DIR (only the key file
// may be there). The key must be the one the backup was made with; the app's migrations run after.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { BackupError, readBackupArchive } from '../features/backup/archive';
import { findEncryptionKey, KEY_FILE_NAME, keyFingerprint } from '../features/backup/manifest';
import { loadAndCheckDatabase } from '../features/backup/restore-database';
import { startEmbeddedOnlyCommand } from './embedded-only-command';

export const USAGE = 'Usage: pnpm db:restore <file>';

export function parseRestoreArgs(argv: readonly string[]): { file: string } | { error: string } {
  const files = argv.filter((arg) => arg !== '--');
  const option = files.find((arg) => arg.startsWith('--'));
  if (option) return { error: `Unknown option ${option}. ${USAGE}` };
  if (files.length !== 1)
    return { error: `${files.length === 0 ? "The backup's file name is required." : 'One file at a time.'} ${USAGE}` };
  return { file: files[0]! };
}

export const wrongKeyMessage = (dataDir: string) =>
  `This backup was made with another encryption key: set ENCRYPTION_KEY (or place the key file ${KEY_FILE_NAME} in ${dataDir}) to the key of the server that made it. Nothing was restored.`;

/** Restores into `dataDir`; the message to print and whether it worked. */
export async function restoreBackup(
  file: string,
  dataDir: string,
  configuredKey: string | undefined,
): Promise<{ ok: boolean; message: string }> {
  const present = fs.existsSync(dataDir) ? fs.readdirSync(dataDir).filter((name) => name !== KEY_FILE_NAME) : [];
  if (present.length > 0) {
    return {
      ok: false,
      message: `${dataDir} (DATA_DIR) is not empty (${present.slice(0, 5).join(', ')}): restore into an empty folder; only ${KEY_FILE_NAME} may be there.`,
    };
  }
  const key = findEncryptionKey(configuredKey, dataDir);
  if (!key)
    return {
      ok: false,
      message: `No encryption key: set ENCRYPTION_KEY, or place the key file ${KEY_FILE_NAME} of the server that made the backup in ${dataDir}.`,
    };
  fs.mkdirSync(dataDir, { recursive: true });
  const staging = path.join(dataDir, `.restore-${randomUUID()}`);
  const uploadsDir = path.join(dataDir, 'uploads');
  try {
    const fingerprint = keyFingerprint(key);
    const archive = await readBackupArchive(file, {
      uploadsDir: staging,
      onManifest(manifest) {
        if (manifest.keyFingerprint !== fingerprint) throw new BackupError(wrongKeyMessage(dataDir));
      },
    });
    if (fs.existsSync(staging)) fs.renameSync(staging, uploadsDir);
    const check = await loadAndCheckDatabase(dataDir, archive.pgdata, uploadsDir, key);
    return {
      ok: true,
      message: [
        `Restored the backup of ${archive.manifest.createdAt} into ${dataDir}: ${check.requests} requests, ${check.photoRows} photo records, ${archive.photos} files of the photo store${check.photoDecrypted ? ' (one read back and decrypted)' : ''}.`,
        archive.manifest.photos === null
          ? 'Its photos were kept in an S3 bucket: point S3_BUCKET at it (its versioning restores them).'
          : '',
        'Start the server with this DATA_DIR and the same encryption key.',
      ]
        .filter(Boolean)
        .join('\n'),
    };
  } catch (error) {
    // Leaves DATA_DIR as it was: empty, or only the key file.
    for (const made of [staging, uploadsDir, path.join(dataDir, 'pgdata')])
      fs.rmSync(made, { recursive: true, force: true });
    return {
      ok: false,
      message:
        error instanceof BackupError ? error.message : `The restore failed and was undone: ${(error as Error).message}`,
    };
  }
}

async function main(): Promise<number> {
  const started = startEmbeddedOnlyCommand(parseRestoreArgs(process.argv.slice(2)));
  if (typeof started === 'number') return started;
  const { args, config } = started;
  const result = await restoreBackup(path.resolve(args.file), config.dataDir, config.ENCRYPTION_KEY);
  (result.ok ? console.log : console.error)(result.message);
  return result.ok ? 0 : 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await main();
}
