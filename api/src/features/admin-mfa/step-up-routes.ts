import { Hono } from 'hono';
import { stepUpBodySchema } from '@ledgerwell/shared/admin-mfa';
import type { AppDeps, AppEnv } from '../../lib/context';
import { parseJson, readProof } from '../../lib/validate';
import { stepUp } from './step-up';

/** Mounted behind requireAdmin: any signed-in admin may confirm it is them, whatever the role. */
export function adminStepUpRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().post('/mfa/step-up', async (c) => {
    const body = await parseJson(c, stepUpBodySchema);
    const data = await stepUp(deps, c.get('admin'), body, c.get('meta'), await readProof(c));
    return c.json({ success: true, data });
  });
}
