import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { openDatabase } from '@ledgerwell/db/client';
import { createApp } from './app';
import { loadConfigOrExit } from './config/env';
import { bootstrapAdmin } from './features/admin-auth/bootstrap';
import { startSessionCache } from './features/admin-auth/session-cache';
import type { SessionCacheValue } from './features/admin-auth/sessions';
import { intercomMessagingService } from './features/contact/messaging-service';
import { retryDueForwards } from './features/contact/submit-contact';
import { startIpRuleCache } from './features/ip-whitelist/rule-cache';
import { pruneIdempotencyKeys } from './features/portal-requests/idempotency';
import { seedDemoData } from './demo-data';
import { deliverDueEmails, smtpTransport } from './features/email/outbox-sender';
import { retireAppSecrets } from './lib/app-secrets';
import { systemClock } from './lib/clock';
import { createFieldCipher, loadEncryptionKey } from './lib/field-encryption';
import { ProcessLifecycle, shutdownOnSignals } from './lib/lifecycle';
import { createLogger } from './lib/logger';
import { pruneRedemptions } from './lib/proof-of-work';
import { pruneHits } from './lib/throttle';
import { upgradeLegacyCiphertexts } from './lib/upgrade-ciphertexts';
import { encryptedStorage, FILE_KEY_PURPOSE } from './lib/encrypted-storage';
import { createFileStorage, describeFileStorage } from './lib/file-storage';
import { encryptLegacyPhotos } from './features/verification/encrypt-legacy-photos';

const config = loadConfigOrExit();

const logger = createLogger(config.LOG_LEVEL);
const database = await openDatabase({
  databaseUrl: config.DATABASE_URL,
  dataDir: config.dataDir,
  poolSize: config.DATABASE_POOL_SIZE,
  onPoolError: (error) => logger.warn({ err: error }, 'an idle database connection failed; the pool replaces it'),
});
await database.migrate();
const cipher = createFieldCipher(loadEncryptionKey(config.ENCRYPTION_KEY, config.dataDir));
const upgradeCiphertexts = async () => {
  const { upgraded, unreadable } = await upgradeLegacyCiphertexts(database.db, cipher);
  if (upgraded > 0) logger.info({ upgraded }, 'field ciphertexts rewritten in the row-bound format (v2)');
  if (unreadable > 0) logger.warn({ unreadable }, 'field ciphertexts that this ENCRYPTION_KEY cannot read were left as they are');
};
await upgradeCiphertexts();
const rawStorage = await createFileStorage(config);
logger.info(describeFileStorage(config), 'identity photos are stored, encrypted, in this file store');
const fileKey = cipher.deriveKey(FILE_KEY_PURPOSE);
const legacyPhotos = await encryptLegacyPhotos(database.db, rawStorage, fileKey);
if (legacyPhotos > 0) logger.info({ files: legacyPhotos }, 'identity photos stored before encryption were encrypted in place');
const storage = encryptedStorage(rawStorage, fileKey);
const sessions = await startSessionCache<SessionCacheValue>(database, systemClock, logger);
const ipRules = await startIpRuleCache(database, systemClock, logger);
// The sweeps below, the requests, and the shutdown on SIGTERM (lib/lifecycle.ts).
const lifecycle = new ProcessLifecycle(logger);
const deps = { db: database.db, engine: database.engine, config, logger, clock: systemClock, cipher, storage, sessionCache: sessions.cache, ipRuleCache: ipRules.cache, lifecycle };

const retireSecrets = async () => {
  const retired = await retireAppSecrets(deps);
  if (retired.length > 0) logger.info({ retired }, 'keys older versions kept in the database were deleted');
};
await retireSecrets();

const bootstrap = await bootstrapAdmin(deps);
if (bootstrap.created && bootstrap.generatedPassword) {
  // Printed once, outside the structured log: the log must never hold a password.
  process.stdout.write(
    [
      '',
      '  First start: created the SUPER_ADMIN account.',
      `    username: ${bootstrap.username}`,
      `    password: ${bootstrap.generatedPassword}`,
      '  Sign in at /admin/login; you will be asked to choose a new password. This is shown only once.',
      '',
    ].join('\n') + '\n',
  );
} else if (bootstrap.created) {
  logger.info({ username: bootstrap.username }, 'created the SUPER_ADMIN account from ADMIN_USERNAME and ADMIN_PASSWORD');
}

if (config.DEMO_DATA) {
  const added = await seedDemoData(deps);
  logger.info({ added }, 'demo registry and sample requests loaded (DEMO_DATA=1)');
}

const mailTransport = smtpTransport(config);
lifecycle.every(15 * 1000, () => {
  deliverDueEmails(deps, mailTransport).catch((error: unknown) => logger.warn({ err: error }, 'e-mail outbox sweep failed'));
});

lifecycle.every(60 * 60 * 1000, () => {
  pruneHits(deps.db, deps.clock).catch((error: unknown) => logger.warn({ err: error }, 'pruning throttle hits failed'));
  pruneRedemptions(deps.db, deps.clock.now()).catch((error: unknown) => logger.warn({ err: error }, 'pruning challenge redemptions failed'));
  pruneIdempotencyKeys(deps.db, deps.clock).catch((error: unknown) => logger.warn({ err: error }, 'pruning idempotency keys failed'));
  retireSecrets().catch((error: unknown) => logger.warn({ err: error }, 'retiring database-held keys failed'));
  // Catches v1 values written by an older process still running during a rolling start.
  upgradeCiphertexts().catch((error: unknown) => logger.warn({ err: error }, 'upgrading field ciphertexts failed'));
});

const messaging = intercomMessagingService(config);
if (messaging) {
  // Contact submissions whose forward failed are retried with backoff; safe with several processes.
  lifecycle.every(60 * 1000, () => {
    retryDueForwards(deps, messaging).catch((error: unknown) => logger.warn({ err: error }, 'contact forward retry sweep failed'));
  });
}

const app = createApp(deps, messaging);
// The adapter's default: its lightweight Request and Response stand in for the global ones, so an
// answer is written without building a web-stream Response first (a third of the CPU of a plain
// call here). Nothing in the API checks `instanceof Response`.
const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, (info) => {
  logger.info({ port: info.port, database: database.engine, dataDir: database.engine === 'embedded' ? config.dataDir : undefined }, `Ledgerwell listening on http://localhost:${info.port}`);
});

// serve() makes a node:http server unless given another createServer.
lifecycle.track(server as Server);
shutdownOnSignals(lifecycle, logger, {
  server: server as Server,
  timeoutMs: config.SHUTDOWN_TIMEOUT_MS,
  closers: [() => sessions.stop(), () => ipRules.stop(), () => database.close(), async () => rawStorage.close?.()],
});
