import { count, eq, min } from 'drizzle-orm';
import { Gauge } from 'prom-client';
import { poolStats, type PoolStats } from '@ledgerwell/db/client';
import { emailOutbox } from '@ledgerwell/db/schema';
import type { AppDeps } from '../../lib/context';
import { METRICS_PREFIX, metricsRegistry } from '../../lib/metrics';

/** What the scrape-time gauges read: the app's database and clock. Set once per process by the metrics route. */
let source: Pick<AppDeps, 'db' | 'clock' | 'logger'> | null = null;

let poolGaugesRegistered = false;

/** Points the scrape-time gauges at this database; the pool gauges exist only on PostgreSQL (PGlite has no pool). */
export function watchDatabase(deps: Pick<AppDeps, 'db' | 'clock' | 'logger'>): void {
  source = deps;
  if (poolGaugesRegistered || !poolStats(deps.db)) return;
  poolGaugesRegistered = true;
  poolGauge('connections', 'Connections open', (stats) => stats.total);
  poolGauge('idle', 'Connections open and idle', (stats) => stats.idle);
  poolGauge('waiting', 'Queries waiting for a free connection', (stats) => stats.waiting);
  poolGauge('max', 'Most connections the pool opens', (stats) => stats.max);
}

function poolGauge(name: string, help: string, read: (stats: PoolStats) => number) {
  return new Gauge({
    name: `${METRICS_PREFIX}db_pool_${name}`,
    // Per process; a cluster's aggregate sums them (prom-client's default for gauges).
    help: `${help} (the PostgreSQL pool of each process).`,
    registers: [metricsRegistry],
    collect() {
      const stats = source ? poolStats(source.db) : null;
      if (stats) this.set(read(stats));
    },
  });
}

/**
 * Read at scrape time with one query on the outbox's (status, next_attempt_at) index. Every process
 * reads the same table, so a cluster's aggregate takes the largest answer instead of summing them.
 */
let pendingOutbox: Promise<{ count: number; oldest: Date | null } | null> | null = null;

async function readOutbox(): Promise<{ count: number; oldest: Date | null } | null> {
  if (!source) return null;
  const { db, logger } = source;
  try {
    const [row] = await db
      .select({ count: count(), oldest: min(emailOutbox.createdAt) })
      .from(emailOutbox)
      .where(eq(emailOutbox.status, 'PENDING'));
    return row ? { count: row.count, oldest: row.oldest } : null;
  } catch (error) {
    // A scrape while the database is away still answers the process's other metrics.
    logger.warn({ err: error }, 'metrics: reading the e-mail outbox failed');
    return null;
  }
}

/** Both outbox gauges come from one query per scrape: the first to collect starts it, the second shares it. */
function outboxOnce() {
  pendingOutbox ??= readOutbox().finally(() => {
    pendingOutbox = null;
  });
  return pendingOutbox;
}

new Gauge({
  name: `${METRICS_PREFIX}outbox_pending`,
  help: 'E-mails queued and not yet sent (status PENDING), whole database.',
  aggregator: 'max',
  registers: [metricsRegistry],
  async collect() {
    const outbox = await outboxOnce();
    // NaN when it could not be read: a gap on the graph, never a reassuring 0.
    this.set(outbox ? outbox.count : NaN);
  },
});

new Gauge({
  name: `${METRICS_PREFIX}outbox_oldest_pending_age_seconds`,
  help: 'Age of the oldest queued e-mail not yet sent, in seconds (0 when none), whole database.',
  aggregator: 'max',
  registers: [metricsRegistry],
  async collect() {
    const outbox = await outboxOnce();
    if (!outbox || !source) this.set(NaN);
    else this.set(outbox.oldest ? Math.max(0, (source.clock.now().getTime() - outbox.oldest.getTime()) / 1000) : 0);
  },
});
