import { Hono } from 'hono';
import { sql } from 'drizzle-orm';
import type { AppDeps, AppEnv } from '../../lib/context';
import { readiness } from './readiness';
import { healthResponseSchema, livenessResponseSchema, readinessResponseSchema } from '@ledgerwell/shared/health';
import { documented } from '../../lib/openapi';

export function healthRoutes(deps: AppDeps) {
  return (
    new Hono<AppEnv>()
      .get(
        '/health',
        documented({
          tag: 'Health',
          auth: 'public',
          summary: 'The process and its database',
          responses: { 200: healthResponseSchema, 503: healthResponseSchema },
        }),
        async (c) => {
          c.header('Cache-Control', 'no-store');
          try {
            await deps.db.execute(sql`select 1`);
            return c.json({ status: 'ok', database: deps.engine });
          } catch (error) {
            c.get('log').error({ err: error }, 'health check: database unreachable');
            return c.json({ status: 'error', database: deps.engine }, 503);
          }
        },
      )
      // Liveness: the process answers. Never touches the database, so an orchestrator does not restart
      // every process because PostgreSQL is away for a moment.
      .get(
        '/health/live',
        documented({
          tag: 'Health',
          auth: 'public',
          summary: 'Liveness: the process answers',
          responses: { 200: livenessResponseSchema },
        }),
        (c) => {
          c.header('Cache-Control', 'no-store');
          return c.json({ status: 'ok' });
        },
      )
      // Readiness: send this process traffic (database answers, migrations applied, not shutting down).
      .get(
        '/health/ready',
        documented({
          tag: 'Health',
          auth: 'public',
          summary: 'Readiness: send this process traffic',
          responses: { 200: readinessResponseSchema, 503: readinessResponseSchema },
        }),
        async (c) => {
          c.header('Cache-Control', 'no-store');
          const result = await readiness(deps);
          if (result.ready) return c.json({ status: 'ok' });
          if (result.error) c.get('log').warn({ err: result.error }, `readiness check: ${result.reason}`);
          return c.json({ status: 'unavailable', reason: result.reason }, 503);
        },
      )
  );
}
