// `pnpm db:backup <file> [--force] [--ignore-lock]`: the embedded database and the stored photos in one
// archive, taken while the server runs (it dumps the database on request over its control socket) or
// while it is stopped (this command opens the database itself). The encryption key is never in it.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { openDatabase } from '@ledgerwell/db/client';
import { APP_VERSION_LABEL } from '@ledgerwell/shared/app-info';
import { BackupError, writeBackupArchive } from '../features/backup/archive';
import { requestDumpFromServer } from '../features/backup/control-socket';
import { dumpEmbeddedDatabase, type DatabaseDump } from '../features/backup/database-dump';
import { BACKUP_FORMAT_VERSION, findEncryptionKey, KEY_FILE_NAME, keyFingerprint } from '../features/backup/manifest';
import { startEmbeddedOnlyCommand } from './embedded-only-command';
import { embeddedDatabaseInUse } from './with-cli-database';

export const USAGE = 'Usage: pnpm db:backup <file> [--force] [--ignore-lock]';

export function parseBackupArgs(
  argv: readonly string[],
): { file: string; force: boolean; ignoreLock: boolean } | { error: string } {
  let file: string | undefined;
  let force = false;
  let ignoreLock = false;
  for (const arg of argv) {
    if (arg === '--force') force = true;
    else if (arg === '--ignore-lock') ignoreLock = true;
    else if (arg === '--') continue;
    else if (arg.startsWith('--')) return { error: `Unknown option ${arg}. ${USAGE}` };
    else if (file === undefined) file = arg;
    else return { error: `One file at a time. ${USAGE}` };
  }
  if (!file) return { error: `The archive's file name is required. ${USAGE}` };
  return { file, force, ignoreLock };
}

/**
 * From the server when one runs (with its snapshot of the photos), else from the database opened here;
 * a message when neither can be.
 */
async function takeDump(
  dataDir: string,
  ignoreLock: boolean,
): Promise<(DatabaseDump & { photosDir?: string | null }) | string> {
  const fromServer = await requestDumpFromServer(dataDir);
  if (fromServer) return fromServer;
  if (!fs.existsSync(path.join(dataDir, 'pgdata', 'PG_VERSION')))
    return `There is no embedded database under ${dataDir} (DATA_DIR).`;
  if (embeddedDatabaseInUse(dataDir) && !ignoreLock) {
    return [
      `The embedded database under ${dataDir} is locked, and no server answers on its control socket.`,
      'If a server is running, it is an older version: stop it and run this command again.',
      'If no server is running (it stopped without closing the database), run it again with --ignore-lock.',
    ].join('\n');
  }
  const database = await openDatabase({ dataDir });
  try {
    return await dumpEmbeddedDatabase(database);
  } finally {
    await database.close();
  }
}

async function main(): Promise<number> {
  const started = startEmbeddedOnlyCommand(parseBackupArgs(process.argv.slice(2)));
  if (typeof started === 'number') return started;
  const { args, config } = started;
  const key = findEncryptionKey(config.ENCRYPTION_KEY, config.dataDir);
  if (!key) {
    console.error(
      `No encryption key: set ENCRYPTION_KEY, or start the server once so that it creates ${path.join(config.dataDir, KEY_FILE_NAME)}.`,
    );
    return 1;
  }
  const file = path.resolve(args.file);
  try {
    if (!args.force && fs.existsSync(file))
      throw new BackupError(`${file} already exists: choose another name, or add --force to replace it.`);
    const dump = await takeDump(config.dataDir, args.ignoreLock);
    if (typeof dump === 'string') {
      console.error(dump);
      return 1;
    }
    const uploadsDir = config.S3_BUCKET ? null : (dump.photosDir ?? path.join(config.dataDir, 'uploads'));
    const manifest = {
      format: BACKUP_FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      engine: 'embedded' as const,
      appVersion: APP_VERSION_LABEL,
      migrations: dump.migrations,
      keyFingerprint: keyFingerprint(key),
    };
    let photos: number;
    try {
      photos = await writeBackupArchive(file, { manifest, pgdata: dump.pgdata, uploadsDir }, args.force);
    } finally {
      if (dump.photosDir) fs.rmSync(dump.photosDir, { recursive: true, force: true });
    }
    const size = (fs.statSync(file).size / (1024 * 1024)).toFixed(1);
    console.log(
      [
        `Backed up the embedded database (${dump.migrations} migrations applied) and ${uploadsDir ? `${photos} files of the photo store` : 'no photos'} into ${file} (${size} MB).`,
        ...(uploadsDir ? [] : [`Photos are in the S3 bucket ${config.S3_BUCKET}: its own versioning keeps them.`]),
        `The encryption key is not in the archive: keep ${config.ENCRYPTION_KEY ? 'ENCRYPTION_KEY' : path.join(config.dataDir, KEY_FILE_NAME)} apart; a restore needs it.`,
      ].join('\n'),
    );
    return 0;
  } catch (error) {
    console.error(error instanceof BackupError ? error.message : `The backup failed: ${(error as Error).message}`);
    return 1;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await main();
}
