// One backup = one .tar.gz: manifest.json first, then pgdata.tar (PGlite's dump), then uploads/<key>
// for each stored photo (still encrypted, as on disk). tar-stream writes and reads it entry by entry.
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import tar from 'tar-stream';
import { checkStorageKey } from '../../lib/storage';
import { backupManifestSchema, MANIFEST_ENTRY, PGDATA_ENTRY, UPLOADS_PREFIX, type BackupManifest } from './manifest';

export class BackupError extends Error {}

/** Every file under `root` as a storage key (`verification/2026/11/….jpg`); temporary files of writes in progress left out. */
async function storedFiles(root: string): Promise<string[]> {
  let entries: string[];
  try {
    entries = await fs.readdir(root, { recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return entries
    .map((entry) => entry.split(path.sep).join('/'))
    .filter((key) => !path.posix.basename(key).startsWith('.'))
    .sort();
}

async function addFile(pack: tar.Pack, name: string, file: string): Promise<boolean> {
  // Opened first: a photo removed meanwhile is either wholly in the archive or not at all.
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(file, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'EISDIR')
      return false;
    throw error;
  }
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) return false;
    const entry = pack.entry({ name, size: stat.size, mode: 0o600, mtime: stat.mtime });
    await pipeline(handle.createReadStream({ autoClose: false }), entry);
    return true;
  } finally {
    await handle.close();
  }
}

export interface ArchiveContents {
  manifest: Omit<BackupManifest, 'photos'>;
  pgdata: Buffer;
  /** DATA_DIR/uploads, or null when photos are kept elsewhere (S3). */
  uploadsDir: string | null;
}

/**
 * Writes the archive to a temporary file beside `file`, then renames it: `file` is either the whole
 * archive or absent, never half of one. Refuses an existing `file` unless `overwrite`. The number of photos.
 */
export async function writeBackupArchive(file: string, contents: ArchiveContents, overwrite: boolean): Promise<number> {
  if (!overwrite && (await fs.stat(file).catch(() => null)))
    throw new BackupError(`${file} already exists: choose another name, or add --force to replace it.`);
  const keys = contents.uploadsDir ? await storedFiles(contents.uploadsDir) : [];
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${randomUUID()}.partial`);
  const pack = tar.pack();
  const written = pipeline(pack, createGzip(), createWriteStream(temporary, { flags: 'wx', mode: 0o600 }));
  try {
    const photoEntries: string[] = [];
    const manifest: BackupManifest = { ...contents.manifest, photos: contents.uploadsDir ? keys.length : null };
    // Files that vanish before they are copied are not in the archive; the manifest is written first,
    // so it counts what was listed and the restore checks the rows, not this number.
    pack.entry({ name: MANIFEST_ENTRY, mode: 0o600 }, `${JSON.stringify(manifest, null, 2)}\n`);
    pack.entry({ name: PGDATA_ENTRY, mode: 0o600 }, contents.pgdata);
    for (const key of keys) {
      if (await addFile(pack, `${UPLOADS_PREFIX}${key}`, path.join(contents.uploadsDir!, key))) photoEntries.push(key);
    }
    pack.finalize();
    await written;
    const handle = await fs.open(temporary, 'r');
    await handle.sync().finally(() => handle.close());
    await fs.rename(temporary, file);
    return photoEntries.length;
  } catch (error) {
    pack.destroy();
    await written.catch(() => undefined);
    await fs.rm(temporary, { force: true });
    throw error;
  }
}

export interface ReadArchiveHandlers {
  /** Called with the manifest before any other entry is read; throws to stop (a key that does not match). */
  onManifest(manifest: BackupManifest): void;
  /** Where uploads/<key> entries go. */
  uploadsDir: string;
}

// tar-stream's entries are streamx streams: read them with for-await, which both kinds support.
async function readAll(entry: AsyncIterable<unknown>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of entry) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const NOT_A_BACKUP = (file: string, why: string) =>
  new BackupError(`${file} is not a readable Ledgerwell backup (${why}).`);

/** Reads an archive written by writeBackupArchive: checks the manifest, writes the photos, returns the manifest and the database dump. */
export async function readBackupArchive(
  file: string,
  handlers: ReadArchiveHandlers,
): Promise<{ manifest: BackupManifest; pgdata: Buffer; photos: number }> {
  let source: Readable;
  try {
    const handle = await fs.open(file, 'r');
    source = handle.createReadStream();
  } catch (error) {
    throw new BackupError(`Cannot read ${file}: ${(error as Error).message}`);
  }
  const extract = tar.extract();
  const feeding = pipeline(source, createGunzip(), extract);
  let manifest: BackupManifest | null = null;
  let pgdata: Buffer | null = null;
  let photos = 0;
  try {
    for await (const entry of extract) {
      const name = entry.header.name;
      if (!manifest) {
        if (name !== MANIFEST_ENTRY) throw NOT_A_BACKUP(file, 'it does not start with a manifest');
        const parsed = backupManifestSchema.safeParse(JSON.parse((await readAll(entry)).toString('utf8')));
        if (!parsed.success) throw NOT_A_BACKUP(file, 'its manifest is not one this version understands');
        manifest = parsed.data;
        handlers.onManifest(manifest);
      } else if (name === PGDATA_ENTRY && !pgdata) {
        pgdata = await readAll(entry);
      } else if (name.startsWith(UPLOADS_PREFIX) && entry.header.type === 'file') {
        let key: string;
        try {
          key = checkStorageKey(name.slice(UPLOADS_PREFIX.length));
        } catch {
          throw NOT_A_BACKUP(file, `it holds an unexpected file name: ${name.slice(0, 200)}`);
        }
        const target = path.join(handlers.uploadsDir, key);
        await fs.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
        await fs.writeFile(target, await readAll(entry), { flag: 'wx', mode: 0o600 });
        photos += 1;
      } else {
        throw NOT_A_BACKUP(file, `it holds an unexpected entry: ${name.slice(0, 200)}`);
      }
    }
    await feeding;
  } catch (error) {
    extract.destroy();
    await feeding.catch(() => undefined);
    if (error instanceof BackupError) throw error;
    throw NOT_A_BACKUP(file, (error as Error).message);
  }
  if (!manifest) throw NOT_A_BACKUP(file, 'it is empty');
  if (!pgdata) throw NOT_A_BACKUP(file, 'it holds no database');
  return { manifest, pgdata, photos };
}
