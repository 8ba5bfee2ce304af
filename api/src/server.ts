// The process entry: one serving process (WEB_CONCURRENCY=1, the default), or a cluster's primary
// and, in each of its workers, a serving process that skips the start work the primary did.
import cluster from 'node:cluster';
import { fileURLToPath } from 'node:url';
import { runPrimary } from './cluster';
import { loadConfigOrExit } from './config/env';
import { createLogger } from './lib/logger';
import { serveProcess } from './start/serve';

const config = loadConfigOrExit();
const logger = createLogger(config.LOG_LEVEL);

let processes = config.WEB_CONCURRENCY;
if (processes > 1 && !config.DATABASE_URL) {
  logger.warn(
    `WEB_CONCURRENCY=${processes} ignored: the embedded database belongs to one process; set DATABASE_URL to run ${processes} processes`,
  );
  processes = 1;
}

try {
  if (cluster.isWorker) await serveProcess(config, logger, { startWork: false });
  else if (processes > 1) await runPrimary(config, logger, processes, fileURLToPath(import.meta.url));
  else await serveProcess(config, logger, { startWork: true });
} catch (error) {
  // A start that cannot succeed (an unreachable database, a missing bucket) ends in one line, not a stack.
  logger.fatal({ err: error }, `the server could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
