// A process that starts slowly (START_MS) under holdSignalsDuringStart, then stops on SIGTERM as a
// started server does: the test sends the signal during the start.
import { holdSignalsDuringStart } from '../lib/lifecycle';
import { createLogger } from '../lib/logger';

const logger = createLogger('info');
const release = holdSignalsDuringStart(logger, Number(process.env.HOLD_TIMEOUT_MS ?? 10_000));
logger.info('starting');
await new Promise((resolve) => setTimeout(resolve, Number(process.env.START_MS ?? 500)));
process.on('SIGTERM', () => {
  logger.info('stopped after the start');
  process.exit(0);
});
release();
// Stays up until a signal ends it.
setInterval(() => undefined, 1_000);
