// The embedded database belongs to the server process; `pnpm db:backup` asks that process for a dump
// over a unix socket under DATA_DIR (readable by the owner only) instead of opening the database itself.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { Database } from '@ledgerwell/db/client';
import type { Logger } from '../../lib/logger';
import { dumpEmbeddedDatabase, type DatabaseDump } from './database-dump';

/** A folder of its own (mode 0700), so the socket is never reachable by others, not even for an instant. */
export function controlSocketPath(dataDir: string): string {
  return path.join(dataDir, 'control', 'server.sock');
}

/** Unix socket paths longer than this are refused by the kernel (108 bytes on Linux, 104 on macOS). */
const MAX_SOCKET_PATH = 100;
const DUMP_COMMAND = 'dump-database';
const MAX_REQUEST_BYTES = 1024;

/**
 * Listens for dump requests while the server runs with the embedded database; the socket file is
 * removed when the process exits. Null (with a warning) when DATA_DIR's path is too long for a socket.
 */
export async function startControlSocket(database: Pick<Database, 'db' | 'dumpDataDir' | 'engine'>, dataDir: string, logger: Logger): Promise<net.Server | null> {
  if (database.engine !== 'embedded') return null;
  const socketPath = controlSocketPath(dataDir);
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH) {
    logger.warn({ socketPath }, 'DATA_DIR is too long a path for the control socket: `pnpm db:backup` works only while the server is stopped');
    return null;
  }
  fs.mkdirSync(path.dirname(socketPath), { recursive: true, mode: 0o700 });
  fs.chmodSync(path.dirname(socketPath), 0o700);
  // Left by a process that did not exit cleanly; this process owns the database now.
  fs.rmSync(socketPath, { force: true });
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
    try {
      const dump = await dumpEmbeddedDatabase(database);
      socket.write(`${JSON.stringify({ ok: true, migrations: dump.migrations, size: dump.pgdata.length })}\n`);
      socket.end(dump.pgdata);
      logger.info({ bytes: dump.pgdata.length }, 'database dumped for a backup (pnpm db:backup)');
    } catch (error) {
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
 * server answers but cannot dump, or the connection breaks mid-way.
 */
export async function requestDumpFromServer(dataDir: string, timeoutMs = 5 * 60 * 1000): Promise<DatabaseDump | null> {
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
      let header: { ok?: boolean; message?: string; migrations?: number; size?: number };
      try {
        header = JSON.parse(all.subarray(0, newline).toString('utf8')) as typeof header;
      } catch {
        return reject(new Error('the server answered something unreadable on its control socket'));
      }
      if (!header.ok) return reject(new Error(header.message ?? 'the server refused the dump'));
      const pgdata = all.subarray(newline + 1);
      if (pgdata.length !== header.size) return reject(new Error('the dump from the server was cut short'));
      resolve({ pgdata, migrations: header.migrations ?? 0 });
    });
  });
}
