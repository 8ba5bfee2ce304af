import cluster from 'node:cluster';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { createApp } from '../app';
import type { AppConfig } from '../config/env';
import { startSessionCache } from '../features/admin-auth/session-cache';
import type { SessionCacheValue } from '../identity/sessions';
import { intercomMessagingService } from '../features/contact/messaging-service';
import { retryDueForwards } from '../features/contact/submit-contact';
import { drainDueEmails, smtpTransport } from '../features/email/outbox-sender';
import { startControlSocket } from '../features/backup/control-socket';
import { startIpRuleCache } from '../features/ip-whitelist/rule-cache';
import { pruneIdempotencyKeys } from '../lib/idempotency';
import { holdSignalsDuringStart, ProcessLifecycle, shutdownOnSignals } from '../lib/lifecycle';
import type { Logger } from '../lib/logger';
import { pruneRedemptions } from '../lib/proof-of-work';
import { pruneHits } from '../lib/throttle';
import { inProcessOverrides } from './in-process-overrides';
import { retireSecrets, runStartWork, upgradeCiphertexts } from './once';
import { openResources } from './resources';
import { reconcileDaily } from '../features/ledger/reconcile';

/**
 * Test aid (tests of the cluster): each answer names the cluster worker that gave it, so a test can
 * see that every worker answers on the one port. Never in production, whatever the environment says.
 */
const workerHeader = (config: AppConfig) =>
  config.NODE_ENV !== 'production' && process.env.LEDGERWELL_TEST_WORKER_HEADER === '1' && cluster.isWorker;

/**
 * One serving process: the single server, or a cluster worker (`startWork` false: its primary ran the
 * start work already). Its sweeps claim rows with SKIP LOCKED, so any number of processes run them.
 */
export async function serveProcess(
  config: AppConfig,
  logger: Logger,
  { startWork }: { startWork: boolean },
): Promise<void> {
  const { totpClock } = inProcessOverrides();
  if (totpClock && config.NODE_ENV === 'production')
    throw new Error('a TOTP clock set by a test harness is refused with NODE_ENV=production');
  const releaseSignals = holdSignalsDuringStart(logger, config.SHUTDOWN_TIMEOUT_MS * 3);
  const resources = await openResources(config, logger);
  if (startWork) await runStartWork(resources);
  const { database } = resources;
  await startControlSocket(database, config, logger);
  const sessions = await startSessionCache<SessionCacheValue>(database, resources.deps.clock, logger);
  const ipRules = await startIpRuleCache(database, resources.deps.clock, logger);
  // The sweeps below, the requests, and the shutdown on SIGTERM (lib/lifecycle.ts).
  const lifecycle = new ProcessLifecycle(logger);
  const deps = {
    ...resources.deps,
    ...(totpClock ? { totpClock } : {}),
    sessionCache: sessions.cache,
    ipRuleCache: ipRules.cache,
    lifecycle,
  };

  const mailTransport = smtpTransport(config);
  lifecycle.every(15 * 1000, () =>
    drainDueEmails(deps, mailTransport, { stopping: () => lifecycle.closing }).catch((error: unknown) =>
      logger.warn({ err: error }, 'e-mail outbox sweep failed'),
    ),
  );

  lifecycle.every(60 * 60 * 1000, () => {
    pruneHits(deps.db, deps.clock).catch((error: unknown) =>
      logger.warn({ err: error }, 'pruning throttle hits failed'),
    );
    pruneRedemptions(deps.db, deps.clock.now()).catch((error: unknown) =>
      logger.warn({ err: error }, 'pruning challenge redemptions failed'),
    );
    pruneIdempotencyKeys(deps.db, deps.clock).catch((error: unknown) =>
      logger.warn({ err: error }, 'pruning idempotency keys failed'),
    );
    retireSecrets(deps).catch((error: unknown) => logger.warn({ err: error }, 'retiring database-held keys failed'));
    // The day's reconciliation of the ledger with the control books: claimed by one process per day.
    reconcileDaily(deps)
      .then(
        (run) => run && logger.info({ run: run.id, differences: run.differencesFound }, 'daily reconciliation done'),
      )
      .catch((error: unknown) => logger.warn({ err: error }, 'daily reconciliation failed'));
    // Catches v1 values written by an older process still running during a rolling start.
    upgradeCiphertexts(deps).catch((error: unknown) =>
      logger.warn({ err: error }, 'upgrading field ciphertexts failed'),
    );
  });

  const messaging = intercomMessagingService(config);
  if (messaging) {
    // Contact submissions whose forward failed are retried with backoff; safe with several processes.
    lifecycle.every(60 * 1000, () => {
      retryDueForwards(deps, messaging).catch((error: unknown) =>
        logger.warn({ err: error }, 'contact forward retry sweep failed'),
      );
    });
  }

  const app = createApp(deps, messaging);
  const worker = cluster.worker?.id;
  // The adapter's default: its lightweight Request and Response stand in for the global ones, so an
  // answer is written without building a web-stream Response first (a third of the CPU of a plain
  // call here). Nothing in the API checks `instanceof Response`.
  const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, (info) => {
    logger.info(
      {
        port: info.port,
        database: database.engine,
        dataDir: database.engine === 'embedded' ? config.dataDir : undefined,
        worker,
      },
      `Ledgerwell listening on http://localhost:${info.port}`,
    );
  });

  // serve() makes a node:http server unless given another createServer.
  lifecycle.track(server as Server);
  if (workerHeader(config))
    (server as Server).on('request', (_request, response) => response.setHeader('X-Test-Worker', String(worker)));
  shutdownOnSignals(lifecycle, logger, {
    server: server as Server,
    timeoutMs: config.SHUTDOWN_TIMEOUT_MS,
    closers: [
      () => sessions.stop(),
      () => ipRules.stop(),
      async () => mailTransport?.close?.(),
      () => database.close(),
      async () => resources.rawStorage.close?.(),
    ],
  });
  releaseSignals();
}
