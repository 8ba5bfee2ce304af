import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import { collectDefaultMetrics } from 'prom-client';
import type { AppDeps, AppEnv } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { METRICS_PREFIX, metricsRegistry } from '../../lib/metrics';
import { metricsText, prepareClusterWorker } from './cluster';
import { watchDatabase } from './gauges';
import { documented } from '../../lib/openapi';

export const METRICS_PATH = '/metrics';

let defaultsStarted = false;

/** Compared as SHA-256 digests: equal lengths for timingSafeEqual, and no early exit that times the token. */
const digest = (value: string) => createHash('sha256').update(value).digest();

export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = header ? /^Bearer ([^\s]{1,512})$/.exec(header.length <= 520 ? header : '') : null;
  return match !== null && timingSafeEqual(digest(match[1]!), digest(token));
}

/**
 * GET /api/metrics in the Prometheus text format (issue 18). Without METRICS_TOKEN the route does not
 * exist (the API's plain 404); with it, only `Authorization: Bearer <METRICS_TOKEN>` reads it. It sits
 * outside /api/admin: a scraper is neither a staff member on the IP whitelist nor a browser (no CSRF).
 */
export function metricsRoutes(deps: AppDeps) {
  const routes = new Hono<AppEnv>();
  const token = deps.config.METRICS_TOKEN;
  if (!token) return routes;

  if (!defaultsStarted) {
    defaultsStarted = true;
    collectDefaultMetrics({ register: metricsRegistry, prefix: METRICS_PREFIX });
  }
  watchDatabase(deps);
  prepareClusterWorker();

  return routes.get(
    METRICS_PATH,
    documented({
      tag: 'Operations',
      summary: 'Prometheus metrics (only when METRICS_TOKEN is set)',
      auth: 'metrics',
      responses: { 200: { media: 'text/plain', description: 'The Prometheus text exposition format' } },
    }),
    async (c) => {
      if (!bearerMatches(c.req.header('Authorization'), token)) {
        throw new AppError('UNAUTHENTICATED', 'A valid metrics token is required.', undefined, {
          'WWW-Authenticate': 'Bearer realm="metrics"',
        });
      }
      const text = await metricsText(c.get('log'));
      return c.body(text, 200, { 'Content-Type': metricsRegistry.contentType, 'Cache-Control': 'no-store' });
    },
  );
}
