/**
 * A two-worker cluster for cluster.test.ts, run as its own Node process: each worker counts
 * FIXTURE_COUNT challenges, then the first serves a scrape and the primary prints what it got as
 * `RESULT <json>`. FIXTURE_PRIMARY_ANSWERS=0 leaves the primary without the installer;
 * FIXTURE_SECOND_SILENT=1 keeps the second worker from turning its metrics on (a worker still starting).
 */
import cluster from 'node:cluster';
import { createLogger } from '../../lib/logger';
import { throttleChallengesIssued } from '../../lib/metrics';
import { installClusterMetrics, metricsText, prepareClusterWorker } from './cluster';

const WORKERS = 2;

if (cluster.isPrimary) {
  if (process.env.FIXTURE_PRIMARY_ANSWERS !== '0') installClusterMetrics();
  let ready = 0;
  const workers = Array.from({ length: WORKERS }, (_, i) =>
    cluster.fork({ FIXTURE_COUNT: String(i + 2), FIXTURE_SILENT: i === 1 ? process.env.FIXTURE_SECOND_SILENT : '' }),
  );
  for (const worker of workers) {
    worker.on('message', (message: unknown) => {
      if (message === 'ready' && ++ready === WORKERS) workers[0]!.send('scrape');
      if (typeof message === 'object' && message !== null && 'result' in message) {
        process.stdout.write(`RESULT ${JSON.stringify(message.result)}\n`);
        for (const each of workers) each.kill();
      }
    });
  }
} else {
  if (process.env.FIXTURE_SILENT !== '1') prepareClusterWorker();
  throttleChallengesIssued.inc(Number(process.env.FIXTURE_COUNT));
  const logger = createLogger('warn');
  process.on('message', (message: unknown) => {
    if (message !== 'scrape') return;
    void metricsText(logger, Number(process.env.FIXTURE_TIMEOUT_MS ?? 6000)).then((text) =>
      process.send!({ result: text }),
    );
  });
  process.send!('ready');
}
