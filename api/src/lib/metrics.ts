import { Counter, Registry } from 'prom-client';

/**
 * This process's Prometheus metrics, served by features/metrics at /api/metrics (issue 18). A core
 * module, like the logger, so that any feature can count an event with one line and no feature
 * imports another. prom-client's own global registry is left alone.
 */
export const metricsRegistry = new Registry();

/** Every metric name starts with this, process defaults included. */
export const METRICS_PREFIX = 'ledgerwell_';

export const throttleChallengesIssued = new Counter({
  name: `${METRICS_PREFIX}throttle_challenges_issued_total`,
  help: 'Proof-of-work challenges issued by the throttle (answers 429 CHALLENGE_REQUIRED).',
  registers: [metricsRegistry],
});

export const contactForwardsFailed = new Counter({
  name: `${METRICS_PREFIX}contact_forwards_failed_total`,
  help: 'Attempts to forward a contact submission to the messaging service that failed (each is retried with backoff).',
  registers: [metricsRegistry],
});
