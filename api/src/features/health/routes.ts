import { Hono } from 'hono';
import { sql } from 'drizzle-orm';
import type { AppDeps, AppEnv } from '../../lib/context';

export function healthRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get('/health', async (c) => {
    c.header('Cache-Control', 'no-store');
    try {
      await deps.db.execute(sql`select 1`);
      return c.json({ status: 'ok', database: deps.engine });
    } catch (error) {
      c.get('log').error({ err: error }, 'health check: database unreachable');
      return c.json({ status: 'error', database: deps.engine }, 503);
    }
  });
}
