import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import { Counter, Histogram } from 'prom-client';
import type { AppDeps } from '../../lib/context';
import { METRICS_PREFIX, metricsRegistry } from '../../lib/metrics';

const LABELS = ['method', 'route', 'status'] as const;

const requestsTotal = new Counter({
  name: `${METRICS_PREFIX}http_requests_total`,
  help: 'HTTP requests answered, by method, route pattern and status.',
  labelNames: LABELS,
  registers: [metricsRegistry],
});

const requestDuration = new Histogram({
  name: `${METRICS_PREFIX}http_request_duration_seconds`,
  help: 'Time from receiving a request to its answer (headers and body built), by method, route pattern and status.',
  labelNames: LABELS,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

/** Any other method (a client may send one) is one label, not a new series each. */
const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export const UNMATCHED_ROUTE = 'unmatched';

/**
 * The pattern the request was routed to (`/api/admin/requests/:id`), never its path: ids, codes and
 * probes for absent paths must not become labels (a label per value) nor leak into the metrics.
 * After the chain ran, `routeIndex` is the last handler dispatched: the route's own handler, or the
 * middleware that answered first (a 401, a 403 from the IP whitelist), in which case the route it
 * guarded is named. A 404 from a catch-all (the API's, the web app's file server) is `unmatched`.
 */
export function routeLabel(c: Context): string {
  const routes = matchedRoutes(c);
  const answered = routes[c.req.routeIndex];
  if (!answered) return UNMATCHED_ROUTE;
  if (answered.method !== 'ALL') return answered.path;
  if (c.res.status === 404) return UNMATCHED_ROUTE;
  for (let i = c.req.routeIndex + 1; i < routes.length; i++) if (routes[i]!.method !== 'ALL') return routes[i]!.path;
  return UNMATCHED_ROUTE;
}

/** One pair of labelled children per series: a Map lookup per request instead of hashing label objects twice. */
const series = new Map<string, { count: Counter.Internal; duration: Histogram.Internal<(typeof LABELS)[number]> }>();

function seriesFor(method: string, route: string, status: string) {
  const key = `${method} ${status} ${route}`;
  let found = series.get(key);
  if (!found) {
    found = {
      count: requestsTotal.labels(method, route, status),
      duration: requestDuration.labels(method, route, status),
    };
    series.set(key, found);
  }
  return found;
}

/** Counts and times every request; a pass-through when metrics are off (no METRICS_TOKEN). */
export function httpMetrics(deps: Pick<AppDeps, 'config'>): MiddlewareHandler {
  if (!deps.config.METRICS_TOKEN) return (_c, next) => next();
  return async (c, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      const method = KNOWN_METHODS.has(c.req.method) ? c.req.method : 'OTHER';
      const { count, duration } = seriesFor(method, routeLabel(c), String(c.res.status));
      count.inc();
      duration.observe((performance.now() - started) / 1000);
    }
  };
}
