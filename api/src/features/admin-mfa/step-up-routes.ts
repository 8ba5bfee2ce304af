import { Hono } from 'hono';
import { stepUpBodySchema, stepUpResponseSchema } from '@ledgerwell/shared/admin-mfa';
import type { AppDeps, AppEnv } from '../../lib/context';
import { parseJson, readProof } from '../../lib/validate';
import { stepUp } from './step-up';
import { documented } from '../../lib/openapi';

/** Mounted behind requireAdmin: any signed-in admin may confirm it is them, whatever the role. */
export function adminStepUpRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().post(
    '/mfa/step-up',
    documented({
      tag: 'Admin second factor',
      summary: 'Confirm it is you before a sensitive change',
      auth: 'admin',
      body: stepUpBodySchema,
      responses: { 200: stepUpResponseSchema },
      errors: [401, 429],
    }),
    async (c) => {
      const body = await parseJson(c, stepUpBodySchema);
      const data = await stepUp(deps, c.get('admin'), body, c.get('meta'), await readProof(c));
      return c.json({ success: true, data });
    },
  );
}
