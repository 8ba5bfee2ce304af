// The embedded database belongs to the server process; `pnpm db:backup` asks that process for a dump
// over a unix socket under DATA_DIR (readable by the owner only) instead of opening the database itself.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { Database } from '@ledgerwell/db/client';
import type { AppConfig } from '../../config/env';
import type { Logger } from '../../lib/logger';
import { dumpEmbeddedDatabase, linkStoredFiles, type DatabaseDump } from './database-dump';

/** A folder of its own (mode 0700), so the socket is never reachable by others, not even for an instant. */
export function controlSocketPath(dataDir: string): string {
  return path.join(dataDir, 'control', 'server.sock');
}

/** The photos as they were at the dump: hard links the server makes and the backup command removes. */
const SNAPSHOT_PREFIX = 'photos-';

/** Unix socket paths longer than this are refused by the kernel (108 bytes on Linux, 104 on macOS). */
const MAX_SOCKET_PATH = 100;
const DUMP_COMMAND = 'dump-database';
const MAX_REQUEST_BYTES = 1024;

/**
 * Listens for dump requests while the server runs with the embedded database; the socket file is
 * removed when the process exits. Null (with a warning) when DATA_DIR's path is too long for a socket.
 */
export async function startControlSocket(
  database: Pick<Database, 'db' | 'dumpDataDir' | 'engine'>,
  config: Pick<AppConfig, 'dataDir' | 'S3_BUCKET'>,
  logger: Logger,
): Promise<net.Server | null> {
  if (database.engine !== 'embedded') return null;
  const { dataDir } = config;
  const socketPath = controlSocketPath(dataDir);
  const controlDir = path.dirname(socketPath);
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH) {
    logger.warn(
      { socketPath },
      'DATA_DIR is too long a path for the control socket: `pnpm db:backup` works only while the server is stopped',
    );
    return null;
  }
  fs.mkdirSync(controlDir, { recursive: true, mode: 0o700 });
  fs.chmodSync(controlDir, 0o700);
  // Left by a process that did not exit cleanly, or by a backup command that was stopped; this process owns the database now.
  for (const name of fs.readdirSync(controlDir))
    fs.rmSync(path.join(controlDir, name), { recursive: true, force: true });
  const server = net.createServer((socket) => {
    let request = '';
    socket.on('error', () => undefined);
    socket.on('data', (chunk: Buffer) => {
      request += chunk.toString('utf8');
      if (request.length > MAX_REQUEST_BYTES) socket.destroy();
      else if (request.includes('\n')) {
        socket.pause();
        void answer(socket, request.slice(0, request.indexOf('\n')));
      }
    });
  });
  const answer = async (socket: net.Socket, line: string) => {
    if (line.trim() !== DUMP_COMMAND) {
      socket.end(`${JSON.stringify({ ok: false, message: 'unknown command' })}\n`);
      return;
    }
    // With S3 the bucket keeps the photos; on local disk they are linked while the database is held.
    const photosDir = config.S3_BUCKET ? null : path.join(controlDir, `${SNAPSHOT_PREFIX}${randomUUID()}`);
    try {
      const dump = await dumpEmbeddedDatabase(
        database,
        photosDir ? () => linkStoredFiles(path.join(dataDir, 'uploads'), photosDir).then(() => undefined) : undefined,
      );
      socket.write(
        `${JSON.stringify({ ok: true, migrations: dump.migrations, size: dump.pgdata.length, photosDir })}\n`,
      );
      socket.end(dump.pgdata);
      logger.info({ bytes: dump.pgdata.length }, 'database dumped for a backup (pnpm db:backup)');
    } catch (error) {
      if (photosDir) fs.rmSync(photosDir, { recursive: true, force: true });
      logger.error({ err: error }, 'database dump for a backup failed');
      socket.end(`${JSON.stringify({ ok: false, message: 'the server could not dump the database: see its log' })}\n`);
    }
  };
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      resolve();
    });
  });
  fs.chmodSync(socketPath, 0o600);
  process.once('exit', () => fs.rmSync(socketPath, { force: true }));
  server.unref();
  return server;
}

/**
 * Asks the server for a dump; null when no server listens (no socket, or a stale one). Rejects when a
 * server answers but cannot dump, or the connection breaks mid-way. `photosDir`: the photos as they
 * were at the dump (local disk), for the caller to copy and then remove.
 */
export async function requestDumpFromServer(
  dataDir: string,
  timeoutMs = 5 * 60 * 1000,
): Promise<(DatabaseDump & { photosDir: string | null }) | null> {
  const socketPath = controlSocketPath(dataDir);
  if (!fs.existsSync(socketPath)) return null;
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath);
    const chunks: Buffer[] = [];
    let connected = false;
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error('the server did not finish the dump in time')));
    socket.on('connect', () => {
      connected = true;
      socket.write(`${DUMP_COMMAND}\n`);
    });
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (!connected && (error.code === 'ECONNREFUSED' || error.code === 'ENOENT')) resolve(null);
      else reject(new Error(`the server's control socket failed: ${error.message}`));
    });
    socket.on('end', () => {
      const all = Buffer.concat(chunks);
      const newline = all.indexOf(0x0a);
      if (newline < 0) return reject(new Error('the server closed its control socket without an answer'));
      let header: { ok?: boolean; message?: string; migrations?: number; size?: number; photosDir?: string | null };
      try {
        header = JSON.parse(all.subarray(0, newline).toString('utf8')) as typeof header;
      } catch {
        return reject(new Error('the server answered something unreadable on its control socket'));
      }
      if (!header.ok) return reject(new Error(header.message ?? 'the server refused the dump'));
      const pgdata = all.subarray(newline + 1);
      if (pgdata.length !== header.size) return reject(new Error('the dump from the server was cut short'));
      // Rebuilt under this command's own control folder: it deletes that folder afterwards, so it takes no other path from the answer.
      const name = header.photosDir ? path.basename(header.photosDir) : '';
      const photosDir = name.startsWith(SNAPSHOT_PREFIX) ? path.join(path.dirname(socketPath), name) : null;
      resolve({ pgdata, migrations: header.migrations ?? 0, photosDir });
    });
  });
}
