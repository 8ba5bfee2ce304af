import cluster, { type Worker } from 'node:cluster';
import { AggregatorRegistry } from 'prom-client';
import type { Logger } from '../../lib/logger';
import { metricsRegistry } from '../../lib/metrics';

/**
 * With WEB_CONCURRENCY > 1 a scrape lands on one worker, but Prometheus must see the whole fleet on
 * the port: the worker asks the primary, which collects every worker's registry over the cluster's
 * IPC channel and sums them (prom-client's AggregatorRegistry.aggregate: counters and histograms
 * summed; gauges say how, e.g. the outbox gauges take the largest since every process reads one table).
 *
 * The primary collects only from workers that said they are ready (their metrics are on and they
 * listen), so a worker still starting does not hold a scrape up: prom-client's own clusterMetrics()
 * asks every connected worker and fails the whole scrape after 5 s when one has not started yet.
 */
const READY = 'ledgerwell:metrics-ready';
const ASK = 'ledgerwell:metrics-ask';
const ANSWER = 'ledgerwell:metrics-answer';
const COLLECT = 'ledgerwell:metrics-collect';
const COLLECTED = 'ledgerwell:metrics-collected';

/** How long the primary waits for every ready worker's registry. */
export const COLLECT_TIMEOUT_MS = 4000;
/** How long the asking worker waits for the primary (which may take COLLECT_TIMEOUT_MS to say it failed). */
export const CLUSTER_METRICS_TIMEOUT_MS = 5000;

type Message = { type: string; id: number; text?: string; error?: string; metrics?: unknown[] };

const is = (message: unknown, type: string): message is Message =>
  typeof message === 'object' &&
  message !== null &&
  (message as Message).type === type &&
  typeof (message as Message).id === 'number';

/** The primary's side of one ask: the fleet's text, or the reason it could not be gathered. */
export async function answerAsk(message: unknown, aggregate: () => Promise<string>): Promise<Message | null> {
  if (!is(message, ASK)) return null;
  try {
    return { type: ANSWER, id: message.id, text: await aggregate() };
  } catch (error) {
    return { type: ANSWER, id: message.id, error: error instanceof Error ? error.message : String(error) };
  }
}

let primaryInstalled = false;

/** For the cluster's primary, once (before or after forking): answers workers' asks for the cluster's metrics. Elsewhere a no-op. */
export function installClusterMetrics(timeoutMs = COLLECT_TIMEOUT_MS): void {
  if (!cluster.isPrimary || primaryInstalled) return;
  primaryInstalled = true;
  const ready = new Set<Worker>();
  const collections = new Map<
    number,
    { received(worker: Worker, message: Message): void; gone(worker: Worker): void }
  >();
  let nextId = 0;

  const collect = () =>
    new Promise<string>((resolve, reject) => {
      const id = nextId++;
      const pending = new Set([...ready].filter((worker) => worker.isConnected()));
      const results: unknown[] = [];
      const finish = (error?: Error) => {
        clearTimeout(timer);
        collections.delete(id);
        if (error) reject(error);
        else
          AggregatorRegistry.aggregate(results as object[])
            .metrics()
            .then(resolve, reject);
      };
      const timer = setTimeout(
        () => finish(new Error(`${pending.size} worker(s) did not send their metrics within ${timeoutMs} ms`)),
        timeoutMs,
      );
      collections.set(id, {
        received(worker, message) {
          if (message.error !== undefined) return finish(new Error(message.error));
          if (!pending.delete(worker)) return;
          results.push(message.metrics ?? []);
          if (pending.size === 0) finish();
        },
        // A worker gone mid-collection has no metrics any more: the others' are the cluster's.
        gone(worker) {
          if (pending.delete(worker) && pending.size === 0) finish();
        },
      });
      for (const worker of pending) worker.send({ type: COLLECT, id }, () => undefined);
      if (pending.size === 0) finish();
    });

  cluster.on('message', (worker, message: unknown) => {
    if (is(message, READY)) ready.add(worker);
    else if (is(message, COLLECTED)) collections.get(message.id)?.received(worker, message);
    else if (is(message, ASK)) {
      void answerAsk(message, collect).then((answer) => {
        // The worker may have died meanwhile: nobody left to answer.
        if (answer && worker.isConnected()) worker.send(answer, () => undefined);
      });
    }
  });
  cluster.on('exit', (worker) => {
    ready.delete(worker);
    for (const collection of collections.values()) collection.gone(worker);
  });
}

let workerInstalled = false;
let nextAskId = 0;
const waiting = new Map<number, { resolve: (text: string) => void; reject: (error: Error) => void }>();

/** In a worker, once: hands the primary this process's registry when asked, and hears the answers to its own asks. */
function installWorker(): void {
  if (workerInstalled) return;
  workerInstalled = true;
  process.on('message', (message: unknown) => {
    if (is(message, COLLECT)) {
      const { id } = message;
      void metricsRegistry.getMetricsAsJSON().then(
        (metrics) => process.send?.({ type: COLLECTED, id, metrics }, () => undefined),
        (error: unknown) =>
          process.send?.(
            { type: COLLECTED, id, error: error instanceof Error ? error.message : String(error) },
            () => undefined,
          ),
      );
    } else if (is(message, ANSWER)) {
      const pending = waiting.get(message.id);
      waiting.delete(message.id);
      if (message.text !== undefined) pending?.resolve(message.text);
      else pending?.reject(new Error(message.error ?? 'no metrics in the answer'));
    }
  });
  process.send?.({ type: READY, id: 0 }, () => undefined);
}

function askPrimary(timeoutMs: number): Promise<string> {
  const id = nextAskId++;
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      waiting.delete(id);
      reject(new Error(`the primary did not answer within ${timeoutMs} ms`));
    }, timeoutMs);
    waiting.set(id, {
      resolve: (text) => (clearTimeout(timer), resolve(text)),
      reject: (error) => (clearTimeout(timer), reject(error)),
    });
    process.send!({ type: ASK, id }, (error: Error | null) => {
      if (error) waiting.get(id)?.reject(error);
    });
  });
}

/** Call in a worker once its metrics are on: from then on the primary includes it in the cluster's metrics. */
export function prepareClusterWorker(): void {
  if (cluster.isWorker) installWorker();
}

/**
 * The text to serve: the whole cluster's when this process is a worker, else this process's own. A
 * worker whose primary does not answer serves its own registry rather than nothing, and says so.
 */
export async function metricsText(logger: Logger, timeoutMs = CLUSTER_METRICS_TIMEOUT_MS): Promise<string> {
  if (!cluster.isWorker || !process.send) return metricsRegistry.metrics();
  installWorker();
  try {
    return await askPrimary(timeoutMs);
  } catch (error) {
    logger.warn({ err: error }, "metrics: the cluster's aggregate was not available; serving this worker's own");
    return metricsRegistry.metrics();
  }
}
