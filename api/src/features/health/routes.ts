import { Hono } from 'hono';
import { sql } from 'drizzle-orm';
import type { AppDeps, AppEnv } from '../../lib/context';
import { readiness } from './readiness';

export function healthRoutes(deps: AppDeps) {
  return (
    new Hono<AppEnv>()
      .get('/health', async (c) => {
        c.header('Cache-Control', 'no-store');
        try {
          await deps.db.execute(sql`select 1`);
          return c.json({ status: 'ok', database: deps.engine });
        } catch (error) {
          c.get('log').error({ err: error }, 'health check: database unreachable');
          return c.json({ status: 'error', database: deps.engine }, 503);
        }
      })
      // Liveness: the process answers. Never touches the database, so an orchestrator does not restart
      // every process because PostgreSQL is away for a moment.
      .get('/health/live', (c) => {
        c.header('Cache-Control', 'no-store');
        return c.json({ status: 'ok' });
      })
      // Readiness: send this process traffic (database answers, migrations applied, not shutting down).
      .get('/health/ready', async (c) => {
        c.header('Cache-Control', 'no-store');
        const result = await readiness(deps);
        if (result.ready) return c.json({ status: 'ok' });
        if (result.error) c.get('log').warn({ err: result.error }, `readiness check: ${result.reason}`);
        return c.json({ status: 'unavailable', reason: result.reason }, 503);
      })
  );
}
