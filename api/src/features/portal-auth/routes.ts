import { Hono } from 'hono';
import { validateAccountSchema, validateCodeSchema } from '@ledgerwell/shared/portal-auth';
import type { AppDeps } from '../../lib/context';
import { parseJson, readProof } from '../../lib/validate';
import { requirePortalSession, type PortalEnv } from './middleware';
import { portalLogout, portalSessionSummary, validateAccount, validateCode } from './sign-in';

/** Portal sign-in (public-site spec calls 3 and 4), under /api/shareholder-portal. */
export function portalAuthRoutes(deps: AppDeps) {
  return new Hono<PortalEnv>()
    .post('/validate-code', async (c) => {
      const { code } = await parseJson(c, validateCodeSchema);
      const token = await validateCode(deps, code, c.get('meta'), await readProof(c));
      return c.json({ success: true, token, message: 'Shareholder code accepted' });
    })
    .post('/validate-account', requirePortalSession(deps, 'CODE'), async (c) => {
      const { accountNumber } = await parseJson(c, validateAccountSchema);
      const result = await validateAccount(deps, c.get('portalSession'), accountNumber, c.get('meta'), await readProof(c));
      return c.json({ success: true, message: 'Account verified', ...result });
    })
    .get('/session', requirePortalSession(deps, 'ACCOUNT'), async (c) =>
      c.json({ success: true, ...(await portalSessionSummary(deps, c.get('portalSession'))) }),
    )
    .post('/logout', requirePortalSession(deps, 'ACCOUNT'), async (c) => {
      await portalLogout(deps, c.get('portalSession'), c.get('meta'));
      return c.json({ success: true, message: 'Signed out' });
    });
}
