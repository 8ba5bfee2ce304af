import { Hono } from 'hono';
import { shareholderInputSchema, shareholderListQuerySchema } from '@ledgerwell/shared/registry';
import type { AppDeps, AppEnv } from '../../lib/context';
import { parseJson, parseQuery } from '../../lib/validate';
import { requireRole } from '../admin-auth/middleware';
import { createShareholder } from './create-shareholder';
import { listShareholders } from './list-shareholders';

/** Mounted behind requireAdmin: every admin role reads, ADMIN and SUPER_ADMIN write. */
export function registryRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get('/shareholders', async (c) => c.json({ success: true, ...(await listShareholders(deps, parseQuery(c, shareholderListQuerySchema))) }))
    .post('/shareholders', requireRole('ADMIN'), async (c) => {
      const input = await parseJson(c, shareholderInputSchema);
      const data = await createShareholder(deps, c.get('admin'), input, c.get('meta'));
      return c.json({ success: true, data }, 201);
    });
}
