import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { documented } from '../../lib/openapi';
import { requireRole } from '../../identity/middleware';
import { exportOcf } from './ocf-export';

/**
 * Mounted behind requireAdmin. The whole cap table leaves the system, every holder named: ADMIN and up with a
 * recent second-factor proof, as the ledger's other downloads (the step-up policy lists the path).
 */
export function ocfRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get(
    '/issuers/:issuerId/ocf',
    documented({
      tag: 'Ledger',
      auth: 'admin',
      summary:
        "The issuer's cap table as an Open Cap Table Format 1.2.0 bundle (manifest, stock classes, stakeholders, transactions), streamed (ADMIN and up, step-up)",
      responses: {
        200: { media: 'application/zip', description: 'The OCF bundle (.ocf.zip) built from the ledger' },
      },
      errors: [404],
    }),
    requireRole('ADMIN'),
    async (c) => {
      const issuerId = c.req.param('issuerId');
      // A path id that is no uuid names nothing: 404, before it reaches a uuid column.
      if (!isUuid(issuerId)) throw notFound('Issuer not found');
      const { profile } = c.get('admin');
      return exportOcf(deps, { id: profile.id, username: profile.username }, issuerId, c.get('meta'));
    },
  );
}
