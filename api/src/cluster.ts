import cluster, { type Worker } from 'node:cluster';
import type { AppConfig } from './config/env';
import { installClusterMetrics } from './features/metrics/cluster';
import type { Logger } from './lib/logger';
import { runStartWork } from './start/once';
import { closeResources, openResources } from './start/resources';

/** A crash loop must not spin: at most `count` replacements per window, then the next waits for the window to pass. */
const RESTART_WINDOW_MS = 10_000;
/** After the workers' own drain (SHUTDOWN_TIMEOUT_MS), how long the primary waits before it kills one still running. */
const SHUTDOWN_GRACE_MS = 5_000;

/**
 * When the next replacement may start, in ms from `now`: at once while fewer than `limit` started in
 * the last window, else when the oldest of them leaves it. Records it in `restarts` (their start times).
 */
export function scheduleRestart(restarts: number[], now: number, limit: number): number {
  while (restarts.length > 0 && restarts[0]! <= now - RESTART_WINDOW_MS) restarts.shift();
  const wait = restarts.length >= limit ? restarts[restarts.length - limit]! + RESTART_WINDOW_MS - now : 0;
  restarts.push(now + wait);
  return wait;
}

/**
 * The primary of WEB_CONCURRENCY=N (issue 18): runs the start work once (migrations, first admin,
 * demo data, upgrades), closes its database, then keeps N workers serving on the one port (node:cluster
 * shares the listening socket). A worker that dies is replaced; SIGTERM/SIGINT are passed on to the
 * workers, which drain as a single server does, and the primary exits once all have exited.
 * `exec` is the entry a worker runs (server.ts), whatever script started the primary.
 */
export async function runPrimary(config: AppConfig, logger: Logger, count: number, exec: string): Promise<void> {
  const resources = await openResources(config, logger);
  await runStartWork(resources);
  await closeResources(resources);

  cluster.setupPrimary({ exec });
  // GET /api/metrics in a worker answers for the whole cluster: the primary aggregates over IPC.
  installClusterMetrics();
  const live = new Set<Worker>();
  // Workers that have served: one killed by the stop before it listened had no request to lose.
  const listening = new WeakSet<Worker>();
  cluster.on('listening', (worker) => listening.add(worker));
  const restarts: number[] = [];
  let pending: ReturnType<typeof setTimeout> | undefined;
  let stopping = false;
  let failedExits = 0;

  const fork = () => {
    const worker = cluster.fork();
    live.add(worker);
    logger.info({ worker: worker.id, pid: worker.process.pid }, 'cluster worker started');
  };

  const replace = () => {
    const wait = scheduleRestart(restarts, Date.now(), count);
    if (wait > 0) logger.warn({ waitMs: wait }, 'workers are failing repeatedly: waiting before the next replacement');
    pending = setTimeout(() => {
      pending = undefined;
      if (!stopping) fork();
    }, wait);
  };

  cluster.on('exit', (worker, code, signal) => {
    live.delete(worker);
    if (stopping) {
      // A worker still starting when the signal came may die of it before its own handler is set.
      if (code !== 0 && listening.has(worker)) failedExits++;
      if (live.size === 0) {
        logger.info({ failedExits }, 'all cluster workers have exited');
        process.exit(failedExits > 0 ? 1 : 0);
      }
      return;
    }
    logger.warn(
      { worker: worker.id, pid: worker.process.pid, code, signal },
      'cluster worker exited; starting a replacement',
    );
    replace();
  });

  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      logger.info({ signal }, 'already shutting down');
      return;
    }
    stopping = true;
    clearTimeout(pending);
    logger.info({ signal, workers: live.size }, 'signal received: the cluster workers drain and exit');
    if (live.size === 0) process.exit(0);
    for (const worker of live) worker.process.kill(signal);
    setTimeout(() => {
      for (const worker of live) {
        logger.warn(
          { worker: worker.id, pid: worker.process.pid },
          'a cluster worker did not exit in time: killing it',
        );
        worker.process.kill('SIGKILL');
      }
    }, config.SHUTDOWN_TIMEOUT_MS + SHUTDOWN_GRACE_MS).unref();
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);

  for (let i = 0; i < count; i++) fork();
}
