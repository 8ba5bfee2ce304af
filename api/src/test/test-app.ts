import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { Hono } from 'hono';
import {
  loadEmbeddedAssets,
  MIGRATIONS_FOLDER,
  openDatabase,
  type Database,
  type EmbeddedAssets,
} from '@ledgerwell/db/client';
import { createTestDatabase, dropTestDatabase } from '@ledgerwell/db/test-databases';
import { adminUsers } from '@ledgerwell/db/schema';
import { startSessionCache } from '../features/admin-auth/session-cache';
import type { SessionCacheValue } from '../identity/sessions';
import { startIpRuleCache } from '../features/ip-whitelist/rule-cache';
import type { AdminRole } from '@ledgerwell/shared/admin-auth';
import { createApp } from '../app';
import { loadConfig } from '../config/env';
import { hashPassword, useCheapPasswordHashingInThisTestProcess } from '../identity/passwords';
import { postgresRun } from './postgres-run';
import { fixedClock } from '../lib/clock';
import { createFieldCipher } from '../lib/field-encryption';
import type { AppDeps, AppEnv } from '../lib/context';
import { handleError } from '../middleware/error-handler';
import { requestContext } from '../middleware/request-context';
import { createLogger } from '../lib/logger';
import { encryptedStorage, FILE_KEY_PURPOSE } from '../lib/encrypted-storage';
import { localDiskStorage, type FileStorage } from '../lib/storage';
import { answerChecker, readCheckedAnswer } from './documented-answers';

/**
 * API tests run on the engine named by TEST_DB_ENGINE (set per vitest project): an in-memory
 * PGlite, or a database on the DATABASE_URL server copied from the run's migrated template.
 */
export const TEST_ENGINE = process.env.TEST_DB_ENGINE === 'postgres' ? 'postgres' : 'embedded';

// Every test app hashes passwords at argon2id's smallest cost (passwords.ts says why this is safe).
useCheapPasswordHashingInThisTestProcess();

/**
 * A database of its own on the DATABASE_URL server: by default a copy of the run's migrated template
 * (api/src/test/postgres-global-setup.ts), `migrated: false` an empty one (a test of the migration itself).
 * `drop` is for tests that must see a database go; the rest leave theirs to the run, which drops
 * every database it made at its end (a DROP DATABASE waits for a checkpoint: about a second each).
 */
export async function createPostgresDatabase({
  migrated = true,
} = {}): Promise<{ url: string; drop: () => Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB_ENGINE=postgres needs DATABASE_URL');
  const { run, template } = postgresRun();
  const { name, url } = await createTestDatabase(serverUrl, 'test', run, migrated ? template : undefined);
  return { url, drop: () => dropTestDatabase(serverUrl, name) };
}

/**
 * A fresh PGlite runs initdb, which costs seconds; loading a dump of an already migrated one costs
 * about one. The dump is cached in the temp folder under a hash of the migrations, so every test
 * file and worker shares it and a new migration makes a new one. Each worker reads it once, with
 * PGlite's compiled code and file bundle (about a quarter of each start).
 */
let embeddedTemplate: Promise<{ template: Blob; assets: EmbeddedAssets }> | undefined;

async function loadMigratedEmbeddedTemplate(): Promise<{ template: Blob; assets: EmbeddedAssets }> {
  const hash = createHash('sha256');
  for (const file of fs.readdirSync(MIGRATIONS_FOLDER, { recursive: true }).map(String).sort()) {
    const full = path.join(MIGRATIONS_FOLDER, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  const assets = await loadEmbeddedAssets();
  const cached = path.join(os.tmpdir(), `ledgerwell-pglite-template-${hash.digest('hex').slice(0, 16)}.tar`);
  if (fs.existsSync(cached)) return { template: new Blob([fs.readFileSync(cached)]), assets };
  const fresh = await openDatabase({ assets });
  await fresh.migrate();
  const dump = await fresh.dumpDataDir!();
  await fresh.close();
  const partial = `${cached}.${process.pid}.${randomBytes(4).toString('hex')}`;
  fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(partial, cached);
  return { template: dump, assets };
}

export interface TestAppOptions {
  env?: Record<string, string>;
  /** Embedded only: keep PGlite files here (restart tests). */
  dataDir?: string;
  /** Postgres only: reuse this database instead of creating one (restart tests). */
  databaseUrl?: string;
  /** The store under the encryption, e.g. an S3 one (test/s3-server.ts); default: local disk in `uploadsDir`. */
  fileStore?: FileStorage;
}

export async function createTestApp(options: TestAppOptions = {}) {
  const clock = fixedClock(new Date());
  let databaseUrl: string | undefined;
  if (TEST_ENGINE === 'postgres') databaseUrl = options.databaseUrl ?? (await createPostgresDatabase()).url;
  const embedded =
    TEST_ENGINE === 'embedded' && !options.dataDir
      ? await (embeddedTemplate ??= loadMigratedEmbeddedTemplate())
      : undefined;
  const database: Database = await openDatabase({ databaseUrl, dataDir: options.dataDir, poolSize: 4, ...embedded });
  await database.migrate();

  const logLines: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      logLines.push(chunk.toString());
      callback();
    },
  });
  const encryptionKey = randomBytes(32);
  const cipher = createFieldCipher(encryptionKey);
  const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lw-uploads-'));
  // Existing tests sign in SUPER_ADMIN and ADMIN users without a second factor: the requirement is off
  // by default here. The second factor has its own tests (features/admin-mfa), which set it explicitly.
  // Proof-of-work challenges at cost 1 unless a test says otherwise: the same code paths, a thousandth of
  // the work. production-parameters.test.ts checks that a server started without it issues the real cost.
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    WEB_DIST_DIR: 'web/dist',
    ADMIN_MFA_ROLES: '',
    CHALLENGE_COST: '1',
    ...options.env,
  });
  const logger = createLogger(config.LOG_LEVEL, logStream);
  // As in production: sessions cached in the process, forgotten on the database's announcements.
  const sessions = await startSessionCache<SessionCacheValue>(database, clock, logger);
  // Likewise the IP whitelist rules.
  const ipRules = await startIpRuleCache(database, clock, logger);
  const deps: AppDeps = {
    db: database.db,
    engine: database.engine,
    config,
    logger,
    clock,
    cipher,
    storage: encryptedStorage(options.fileStore ?? localDiskStorage(uploadsDir), cipher.deriveKey(FILE_KEY_PURPOSE)),
    sessionCache: sessions.cache,
    ipRuleCache: ipRules.cache,
  };
  const app = createApp(deps);
  // Every answer t.request gets is checked against the route's documentation (GET /api/openapi.json).
  const checkAnswer = answerChecker(app);

  async function request(
    method: string,
    path: string,
    init: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
  ) {
    const headers: Record<string, string> = { ...init.headers };
    if (init.token) headers.Authorization = `Bearer ${init.token}`;
    let body: string | undefined;
    if (init.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
    }
    return readCheckedAnswer(checkAnswer, method, path, await app.request(path, { method, headers, body }));
  }

  /** A bare app with the real request context and error handler, for testing one middleware in front of a stub route. */
  function bareApp() {
    const bare = new Hono<AppEnv>();
    bare.use('*', requestContext(deps));
    bare.onError(handleError);
    return bare;
  }

  return {
    app,
    bareApp,
    /** The database itself, e.g. for a second process's own listener. */
    database,
    deps,
    /** This process's IP rule cache (deps.ipRuleCache), to watch or silence in tests. */
    ipRuleCache: ipRules.cache,
    clock,
    databaseUrl,
    /** The key behind deps.cipher, for tests that write what older versions stored. */
    encryptionKey,
    logLines,
    request,
    uploadsDir,
    /** Stops the app and closes its database; a PostgreSQL database is left for the run to drop (createPostgresDatabase). */
    async close() {
      await sessions.stop();
      await ipRules.stop();
      await database.close();
      fs.rmSync(uploadsDir, { recursive: true, force: true });
    },
  };
}
export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

export async function createAdminUser(
  deps: AppDeps,
  fields: { username: string; password: string; role?: AdminRole; mustChangePassword?: boolean; isActive?: boolean },
) {
  const [user] = await deps.db
    .insert(adminUsers)
    .values({
      username: fields.username,
      email: `${fields.username.toLowerCase()}@example.com`,
      firstName: 'Test',
      lastName: fields.username,
      role: fields.role ?? 'ADMIN',
      mustChangePassword: fields.mustChangePassword ?? false,
      isActive: fields.isActive ?? true,
      passwordHash: await hashPassword(fields.password),
    })
    .returning();
  if (!user) throw new Error('admin insert failed');
  return user;
}

export async function loginToken(t: TestApp, username: string, password: string): Promise<string> {
  const res = await t.request('POST', '/api/admin/login', { body: { username, password } });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${res.text}`);
  return res.json.token as string;
}
