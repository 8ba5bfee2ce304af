import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@ledgerwell/db/client';
import { APP_VERSION_LABEL } from '@ledgerwell/shared/app-info';
import { shareholderRequests, verificationDocuments } from '@ledgerwell/db/schema';
import { encryptedStorage, FILE_KEY_PURPOSE } from '../../lib/encrypted-storage';
import { createFieldCipher } from '../../lib/field-encryption';
import { localDiskStorage } from '../../lib/storage';
import { freePort, getOnce, REPO_ROOT, startScript, type ScriptProcess } from '../../test/cluster-process';
import { portalFixtures } from '../../test/portal-fixtures';
import { TEST_ENGINE, type TestApp } from '../../test/test-app';
import { readBackupArchive } from './archive';
import { controlSocketPath } from './control-socket';

const made: string[] = [];
const tempDir = (prefix: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  made.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});

/** The commands' environment: nothing of the vitest process's DATABASE_URL unless given. */
function cliEnv(dataDir: string, key: string, extra: Record<string, string> = {}): Record<string, string | undefined> {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    DATA_DIR: dataDir,
    ENCRYPTION_KEY: key,
    LOG_LEVEL: 'warn',
    ...extra,
  };
}

/** Runs `pnpm db:backup` / `db:restore` as the operator would (node + tsx), with its exit code and output. */
function runCli(
  command: 'backup' | 'restore',
  args: string[],
  env: Record<string, string | undefined>,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `api/src/cli/${command}.ts`, ...args], {
      cwd: REPO_ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

function startServer(dataDir: string, key: string, port: number): ScriptProcess {
  return startScript(
    'api/src/server.ts',
    cliEnv(dataDir, key, {
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      DEMO_DATA: '1',
      ADMIN_MFA_ROLES: '',
      SHUTDOWN_TIMEOUT_MS: '5000',
    }),
  );
}

const listening = (line: Record<string, unknown>) =>
  typeof line.msg === 'string' && line.msg.startsWith('Ledgerwell listening');

async function stop(server: ScriptProcess) {
  if (server.child.exitCode === null) server.child.kill('SIGTERM');
  await server.exited;
}

/** The portal fixtures, over HTTP to a real server instead of an in-process app. */
function httpPortal(port: number) {
  const base = `http://127.0.0.1:${port}`;
  const shim = {
    app: { request: (pathname: string, init: RequestInit) => fetch(`${base}${pathname}`, init) },
    async request(method: string, pathname: string, init: { token?: string; body?: unknown } = {}) {
      const headers: Record<string, string> = { 'Content-Type': 'application/json' };
      if (init.token) headers.Authorization = `Bearer ${init.token}`;
      const response = await fetch(`${base}${pathname}`, {
        method,
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
      const text = await response.text();
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        json = null;
      }
      return { status: response.status, headers: response.headers, json, text };
    },
  };
  return portalFixtures(shim as unknown as TestApp);
}

/** The rows and decrypted photos of `requestIds` in the embedded database under `dataDir`. */
async function readBack(dataDir: string, key: string, requestIds: string[]) {
  const database = await openDatabase({ dataDir });
  try {
    const requests = await database.db
      .select({ id: shareholderRequests.id })
      .from(shareholderRequests)
      .where(inArray(shareholderRequests.id, requestIds));
    const photos = await database.db
      .select({ key: verificationDocuments.storageKey })
      .from(verificationDocuments)
      .where(inArray(verificationDocuments.requestId, requestIds));
    const storage = encryptedStorage(
      localDiskStorage(path.join(dataDir, 'uploads')),
      createFieldCipher(Buffer.from(key, 'hex')).deriveKey(FILE_KEY_PURPOSE),
    );
    const decrypted = await Promise.all(
      photos.map(async (photo) => (await storage.read(photo.key))?.subarray(0, 2).toString('hex')),
    );
    return { requests: requests.length, photos: decrypted };
  } finally {
    await database.close();
  }
}

// Each test starts several processes (commands, servers): slow on a busy machine.
describe('backup and restore of the embedded database', { timeout: 150_000 }, () => {
  const key = randomBytes(32).toString('hex');
  let offline: { dataDir: string; archive: string };

  beforeAll(async () => {
    if (TEST_ENGINE !== 'embedded') return;
    // A database made and closed: no server runs, so the command opens it itself.
    const dataDir = tempDir('lw-backup-offline-');
    const database = await openDatabase({ dataDir });
    await database.migrate();
    await database.close();
    offline = { dataDir, archive: path.join(tempDir('lw-archive-'), 'offline.tar.gz') };
  });

  it.runIf(TEST_ENGINE === 'embedded')(
    'backs up with no server running, refuses to overwrite without --force, and restores',
    async () => {
      const first = await runCli('backup', [offline.archive], cliEnv(offline.dataDir, key));
      expect(first.output).toContain('Backed up the embedded database');
      expect(first.code).toBe(0);
      const again = await runCli('backup', [offline.archive], cliEnv(offline.dataDir, key));
      expect(again.code).toBe(1);
      expect(again.output).toContain('already exists');
      expect((await runCli('backup', [offline.archive, '--force'], cliEnv(offline.dataDir, key))).code).toBe(0);
      expect(fs.readdirSync(path.dirname(offline.archive))).toEqual(['offline.tar.gz']);
      const { manifest } = await readBackupArchive(offline.archive, {
        onManifest: () => undefined,
        uploadsDir: tempDir('lw-manifest-'),
      });
      expect(manifest).toMatchObject({ engine: 'embedded', appVersion: APP_VERSION_LABEL, photos: 0 });
      expect(manifest.migrations).toBeGreaterThan(20);

      const target = tempDir('lw-restore-');
      const restored = await runCli('restore', [offline.archive], cliEnv(target, key));
      expect(restored.output).toContain('Restored the backup');
      expect(restored.code).toBe(0);
      expect(fs.existsSync(path.join(target, 'pgdata', 'PG_VERSION'))).toBe(true);
    },
  );

  it.runIf(TEST_ENGINE === 'embedded')(
    'refuses a wrong key and a non-empty DATA_DIR, and leaves the folder as it was',
    async () => {
      if (!fs.existsSync(offline.archive))
        expect((await runCli('backup', [offline.archive], cliEnv(offline.dataDir, key))).code).toBe(0);
      const target = tempDir('lw-restore-');
      const wrongKey = await runCli('restore', [offline.archive], cliEnv(target, randomBytes(32).toString('hex')));
      expect(wrongKey.code).toBe(1);
      expect(wrongKey.output).toContain('This backup was made with another encryption key');
      expect(fs.readdirSync(target)).toEqual([]);

      // The key file of the server that made it, alone in DATA_DIR, is accepted in place of ENCRYPTION_KEY.
      fs.writeFileSync(path.join(target, 'encryption.key'), key, { mode: 0o600 });
      fs.writeFileSync(path.join(target, 'notes.txt'), 'something else');
      const notEmpty = await runCli('restore', [offline.archive], cliEnv(target, ''));
      expect(notEmpty.code).toBe(1);
      expect(notEmpty.output).toContain('is not empty (notes.txt)');
      fs.rmSync(path.join(target, 'notes.txt'));
      const withKeyFile = await runCli('restore', [offline.archive], cliEnv(target, ''));
      expect(withKeyFile.output).toContain('Restored the backup');
      expect(withKeyFile.code).toBe(0);
    },
  );

  it.runIf(TEST_ENGINE === 'embedded')('says clearly that a corrupt or foreign file is not a backup', async () => {
    const folder = tempDir('lw-corrupt-');
    if (!fs.existsSync(offline.archive))
      expect((await runCli('backup', [offline.archive], cliEnv(offline.dataDir, key))).code).toBe(0);
    const whole = fs.readFileSync(offline.archive);
    const cases = {
      'cut.tar.gz': whole.subarray(0, Math.floor(whole.length / 2)),
      'noise.tar.gz': randomBytes(4096),
    };
    for (const [name, bytes] of Object.entries(cases)) {
      fs.writeFileSync(path.join(folder, name), bytes);
      const target = tempDir('lw-restore-');
      const result = await runCli('restore', [path.join(folder, name)], cliEnv(target, key));
      expect(result.code, name).toBe(1);
      expect(result.output, name).toContain('is not a readable Ledgerwell backup');
      expect(fs.readdirSync(target), name).toEqual([]);
    }
    const missing = await runCli('restore', [path.join(folder, 'absent.tar.gz')], cliEnv(tempDir('lw-restore-'), key));
    expect(missing.code).toBe(1);
    expect(missing.output).toContain('Cannot read');
  });

  it.runIf(TEST_ENGINE === 'embedded')(
    'round-trips a backup taken from the running server while requests and photos are being written',
    async () => {
      const source = tempDir('lw-backup-live-');
      const port = await freePort();
      const server = startServer(source, key, port);
      const acknowledged: { id: string; at: number }[] = [];
      let writing = true;
      let writer: Promise<void> = Promise.resolve();
      try {
        await server.waitForLog(listening);
        expect((fs.statSync(controlSocketPath(source)).mode & 0o777).toString(8)).toBe('600');
        const portal = httpPortal(port);
        const token = await portal.signIn();
        writer = (async () => {
          while (writing) {
            const request = await portal.transfer(token, acknowledged.length + 1);
            await portal.uploadAll(request.code!);
            // Acknowledged once the last photo's upload answered 200.
            acknowledged.push({ id: request.id, at: Date.now() });
          }
        })();
        while (acknowledged.length < 2) await new Promise((resolve) => setTimeout(resolve, 50));
        const backupStarted = Date.now();
        const archive = path.join(tempDir('lw-archive-'), 'live.tar.gz');
        const backup = await runCli('backup', [archive], cliEnv(source, key));
        expect(backup.output).toContain('Backed up the embedded database');
        expect(backup.code).toBe(0);
        // The server's snapshot of the photos (hard links) is gone once the archive is written.
        expect(fs.readdirSync(path.dirname(controlSocketPath(source)))).toEqual(['server.sock']);
        writing = false;
        await writer;
        const before = acknowledged.filter((request) => request.at < backupStarted).map((request) => request.id);
        expect(before.length).toBeGreaterThanOrEqual(2);
        await stop(server);

        const target = tempDir('lw-restore-live-');
        const restored = await runCli('restore', [archive], cliEnv(target, key));
        expect(restored.output).toContain('one read back and decrypted');
        expect(restored.code).toBe(0);
        const again = startServer(target, key, port);
        try {
          await again.waitForLog(listening);
          expect((await getOnce(port, '/api/health/ready')).status).toBe(200);
        } finally {
          await stop(again);
        }
        const back = await readBack(target, key, before);
        expect(back.requests).toBe(before.length);
        // Three photos per request, each decrypted back to a JPEG.
        expect(back.photos).toHaveLength(before.length * 3);
        expect(back.photos.every((start) => start === 'ffd8')).toBe(true);
      } finally {
        writing = false;
        await writer.catch(() => undefined);
        await stop(server);
      }
    },
  );

  it('with DATABASE_URL, both commands point to pg_dump and the object store, and exit non-zero', async () => {
    const env = cliEnv(tempDir('lw-pg-'), key, { DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/none' });
    for (const [command, args] of [
      ['backup', ['x.tar.gz']],
      ['restore', ['x.tar.gz']],
    ] as const) {
      const result = await runCli(command, [...args], env);
      expect(result.code, command).toBe(1);
      expect(result.output, command).toContain('pg_dump');
      expect(result.output, command).toContain('versioning');
    }
  });
});
