import cluster from 'node:cluster';
import { AggregatorRegistry } from 'prom-client';
import type { Logger } from '../../lib/logger';
import { metricsRegistry } from '../../lib/metrics';

/**
 * With WEB_CONCURRENCY > 1 a scrape lands on one worker, but Prometheus must see the whole fleet on
 * the port: the worker asks the primary, which gathers every worker's registry (prom-client's
 * AggregatorRegistry, over the cluster's IPC channel) and answers the text. Counters and histograms
 * are summed; gauges say how (the outbox gauges take the largest, since every process reads one table).
 */
const ASK = 'ledgerwell:metrics-ask';
const ANSWER = 'ledgerwell:metrics-answer';

/** prom-client gives up on a silent worker after 5 s; the asking worker waits a little longer for that answer. */
export const CLUSTER_METRICS_TIMEOUT_MS = 6000;

interface Ask {
  type: typeof ASK;
  id: number;
}
interface Answer {
  type: typeof ANSWER;
  id: number;
  text?: string;
  error?: string;
}

const isAsk = (message: unknown): message is Ask => (message as Ask | null)?.type === ASK && typeof (message as Ask).id === 'number';
const isAnswer = (message: unknown): message is Answer => (message as Answer | null)?.type === ANSWER && typeof (message as Answer).id === 'number';

/** The primary's side of one ask: the fleet's text, or the reason it could not be gathered. */
export async function answerAsk(message: unknown, aggregate: () => Promise<string>): Promise<Answer | null> {
  if (!isAsk(message)) return null;
  try {
    return { type: ANSWER, id: message.id, text: await aggregate() };
  } catch (error) {
    return { type: ANSWER, id: message.id, error: error instanceof Error ? error.message : String(error) };
  }
}

let primaryInstalled = false;

/** For the cluster's primary, once: answers workers' asks for the aggregated metrics. Elsewhere a no-op. */
export function installClusterMetrics(): void {
  if (!cluster.isPrimary || primaryInstalled) return;
  primaryInstalled = true;
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: unknown) => {
    void answerAsk(message, () => aggregator.clusterMetrics()).then((answer) => {
      // The worker may have died meanwhile: nobody left to answer.
      if (answer && worker.isConnected()) worker.send(answer, () => undefined);
    });
  });
}

let workerInstalled = false;
let nextAskId = 0;
const waiting = new Map<number, { resolve: (text: string) => void; reject: (error: Error) => void }>();

/** In a worker, once: lets the primary read this process's registry and hears the answers to its asks. */
function installWorker(): void {
  if (workerInstalled) return;
  workerInstalled = true;
  // prom-client answers the primary's requests for the registries named here, from the moment an
  // AggregatorRegistry exists in the worker.
  AggregatorRegistry.setRegistries([metricsRegistry]);
  new AggregatorRegistry();
  process.on('message', (message: unknown) => {
    if (!isAnswer(message)) return;
    const pending = waiting.get(message.id);
    if (!pending) return;
    waiting.delete(message.id);
    if (message.text !== undefined) pending.resolve(message.text);
    else pending.reject(new Error(message.error ?? 'no metrics in the answer'));
  });
}

function askPrimary(timeoutMs: number): Promise<string> {
  installWorker();
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
    process.send!({ type: ASK, id } satisfies Ask, (error: Error | null) => {
      if (error) waiting.get(id)?.reject(error);
    });
  });
}

/** Call early in a worker (when metrics are on) so that the primary can read it before it is scraped itself. */
export function prepareClusterWorker(): void {
  if (cluster.isWorker) installWorker();
}

/**
 * The text to serve: the whole cluster's when this process is a worker, else this process's own. A
 * worker whose primary does not answer serves its own registry rather than nothing, and says so.
 */
export async function metricsText(logger: Logger, timeoutMs = CLUSTER_METRICS_TIMEOUT_MS): Promise<string> {
  if (!cluster.isWorker || !process.send) return metricsRegistry.metrics();
  try {
    return await askPrimary(timeoutMs);
  } catch (error) {
    logger.warn({ err: error }, "metrics: the cluster's aggregate was not available; serving this worker's own");
    return metricsRegistry.metrics();
  }
}
