import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Logger } from './logger';

/** What the readiness check reads (AppDeps.lifecycle). */
export interface LifecycleState {
  readonly closing: boolean;
}

/** The part of node:http's Server the drain uses (what @hono/node-server's serve() returns by default). */
export type DrainableServer = Pick<Server, 'close' | 'closeIdleConnections' | 'closeAllConnections' | 'on'>;

export interface ShutdownPlan {
  server: DrainableServer;
  /** How long requests in flight may take before their connections are cut (SHUTDOWN_TIMEOUT_MS). */
  timeoutMs: number;
  /** Run in order once no request is left: the caches' listeners, then the pool. One failing does not stop the rest. */
  closers: ReadonlyArray<() => Promise<void>>;
}

export interface ShutdownOutcome {
  /** Requests whose connections were cut at the timeout; 0 when everything finished. */
  cut: number;
}

/**
 * One process's life after start: its periodic sweeps, the requests it is answering, and the one
 * graceful shutdown (issue 18). Written for any process serving the app, so that a cluster worker
 * calls the same sequence as the single-process server:
 *   closing (readiness answers 503) → no new connections → requests in flight finish, up to the
 *   timeout, then their connections are cut → sweeps stopped (a running one finishes, up to the
 *   timeout) → closers (listeners, pool).
 */
export class ProcessLifecycle implements LifecycleState {
  private closingNow = false;
  private readonly sweeps = new Set<ReturnType<typeof setInterval>>();
  private readonly sweepsRunning = new Set<Promise<unknown>>();
  private readonly inFlight = new Set<ServerResponse>();
  private run: Promise<ShutdownOutcome> | undefined;

  constructor(private readonly logger: Logger) {}

  get closing(): boolean {
    return this.closingNow;
  }

  /** How many requests are being answered now. */
  get requestsInFlight(): number {
    return this.inFlight.size;
  }

  /**
   * Runs `task` every `ms` until the shutdown; `task` handles its own failures. A tick is skipped
   * while the previous run of the same task is still going, and the shutdown waits for a running
   * one before it closes the pool (a sweep cut halfway could send an e-mail and not record it).
   */
  every(ms: number, task: () => Promise<unknown> | void): void {
    let running: Promise<unknown> | undefined;
    const timer = setInterval(() => {
      if (running) return;
      const run = Promise.resolve(task()).finally(() => {
        running = undefined;
        this.sweepsRunning.delete(run);
      });
      running = run;
      this.sweepsRunning.add(run);
    }, ms);
    // A sweep never keeps the process alive on its own.
    timer.unref();
    this.sweeps.add(timer);
  }

  /** Follows the requests `server` answers, so the shutdown knows when none is left. Call once, right after creating it. */
  track(server: DrainableServer): void {
    server.on('request', (_request: IncomingMessage, response: ServerResponse) => {
      this.inFlight.add(response);
      // A request that arrived on a kept-alive connection during the drain: the client must not send another on it.
      if (this.closingNow) response.setHeader('Connection', 'close');
      response.once('close', () => {
        this.inFlight.delete(response);
        // Its connection is idle now: end it, or close() would wait for the client's keep-alive timeout.
        if (this.closingNow) setImmediate(() => server.closeIdleConnections());
      });
    });
  }

  /** The shutdown sequence; a second call (a second signal) returns the first one's promise. */
  shutdown(plan: ShutdownPlan): Promise<ShutdownOutcome> {
    this.run ??= this.runShutdown(plan);
    return this.run;
  }

  private async runShutdown({ server, timeoutMs, closers }: ShutdownPlan): Promise<ShutdownOutcome> {
    this.closingNow = true;
    this.logger.info(
      { inFlight: this.inFlight.size, timeoutMs },
      'shutting down: no new connections, waiting for requests in flight',
    );
    for (const response of this.inFlight) if (!response.headersSent) response.setHeader('Connection', 'close');
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    let cut = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutMs);
    });
    if ((await Promise.race([closed, timedOut])) === 'timeout') {
      cut = this.inFlight.size;
      this.logger.warn(
        { cut, timeoutMs },
        'shutdown timeout reached: cutting the connections of requests still in flight',
      );
      server.closeAllConnections();
      await closed;
    }
    clearTimeout(timer);
    for (const sweep of this.sweeps) clearInterval(sweep);
    this.sweeps.clear();
    if (this.sweepsRunning.size > 0) {
      // They check `closing` between batches; the bound keeps a hung one from holding the exit.
      this.logger.info({ sweeps: this.sweepsRunning.size }, 'waiting for running sweeps to finish');
      let sweepTimer: ReturnType<typeof setTimeout> | undefined;
      const sweepsDone = Promise.allSettled([...this.sweepsRunning]).then(() => 'done' as const);
      const sweepsTimedOut = new Promise<'timeout'>(
        (resolve) => (sweepTimer = setTimeout(() => resolve('timeout'), timeoutMs)),
      );
      if ((await Promise.race([sweepsDone, sweepsTimedOut])) === 'timeout')
        this.logger.warn({ timeoutMs }, 'a sweep was still running at the shutdown timeout');
      clearTimeout(sweepTimer);
    }
    for (const close of closers) {
      try {
        await close();
      } catch (error) {
        this.logger.warn({ err: error }, 'a resource failed to close during shutdown');
      }
    }
    this.logger.info({ cut }, 'shut down');
    return { cut };
  }
}

/**
 * SIGTERM and SIGINT run the shutdown once, then exit (0; 1 if the sequence itself threw); a repeated
 * signal is logged and changes nothing. Returns the function that removes the handlers.
 */
export function shutdownOnSignals(
  lifecycle: ProcessLifecycle,
  logger: Logger,
  plan: ShutdownPlan,
  exit: (code: number) => void = (code) => process.exit(code),
): () => void {
  const onSignal = (signal: NodeJS.Signals) => {
    if (lifecycle.closing) {
      logger.info({ signal }, 'already shutting down');
      return;
    }
    logger.info({ signal }, 'signal received');
    void lifecycle.shutdown(plan).then(
      () => exit(0),
      () => exit(1),
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
  return () => {
    process.off('SIGTERM', onSignal);
    process.off('SIGINT', onSignal);
  };
}

/**
 * Holds SIGTERM/SIGINT while the process starts (migrations, pools, caches): Node's default would end
 * it halfway, mid-migration on the embedded database. The returned release, called once
 * shutdownOnSignals listens, delivers a held signal again so the process stops as any started one
 * does. A start still running `timeoutMs` after the signal exits 1.
 */
export function holdSignalsDuringStart(
  logger: Logger,
  timeoutMs: number,
  deliver: (signal: NodeJS.Signals) => void = (signal) => process.kill(process.pid, signal),
): () => void {
  let held: NodeJS.Signals | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    if (held) return;
    held = signal;
    logger.info({ signal }, 'signal received while starting: the process stops once started');
    timer = setTimeout(() => {
      logger.warn({ signal }, 'the start did not finish in time after the signal: exiting');
      process.exit(1);
    }, timeoutMs);
    timer.unref();
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
  return () => {
    process.off('SIGTERM', onSignal);
    process.off('SIGINT', onSignal);
    clearTimeout(timer);
    if (held) deliver(held);
  };
}
