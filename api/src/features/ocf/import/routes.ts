import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import {
  OCF_IMPORT_MAX_BYTES,
  OCF_IMPORT_MESSAGES as M,
  ocfImportResultSchema,
  type OcfImportRejected,
} from '@ledgerwell/shared/ocf-import';
import type { AppDeps, AppEnv } from '../../../lib/context';
import { AppError, notFound } from '../../../lib/errors';
import { isUuid } from '../../../lib/ids';
import { documented } from '../../../lib/openapi';
import { requireRole } from '../../../identity/middleware';
import { importOcf } from './import-ocf';

/** What browsers and tools send for a .zip: the registered type, and the one Windows gives. */
const ZIP_TYPES = /^application\/(zip|x-zip-compressed)\b/;

/**
 * Mounted behind requireAdmin. An issuer's whole cap table is written from a file: ADMIN and up with a recent
 * second-factor proof (the step-up policy lists the path), as the export that reads it out.
 */
export function ocfImportRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().post(
    '/issuers/:issuerId/ocf-import',
    documented({
      tag: 'Ledger',
      auth: 'admin',
      summary:
        "Post an issuer's opening cap table from an Open Cap Table Format bundle, all or nothing (ADMIN and up, step-up). The issuer must have no ledger postings (409); a bundle with any rejected object is a 422 listing each (file, object id, reason), and nothing is written",
      rawBody: {
        media: 'application/zip',
        description: 'The OCF bundle (.ocf.zip), at most 20 MB',
        maxLength: OCF_IMPORT_MAX_BYTES,
      },
      responses: { 201: ocfImportResultSchema },
      // 422: the error shape with `problems`, every rejected object (ocfImportRejectedSchema).
      errors: [404, 409, 422],
    }),
    requireRole('ADMIN'),
    bodyLimit({
      maxSize: OCF_IMPORT_MAX_BYTES,
      onError: () => {
        throw new AppError('PAYLOAD_TOO_LARGE', M.tooLarge);
      },
    }),
    async (c) => {
      const issuerId = c.req.param('issuerId');
      // A path id that is no uuid names nothing: 404, before it reaches a uuid column.
      if (!isUuid(issuerId)) throw notFound('Issuer not found');
      if (!ZIP_TYPES.test(c.req.header('Content-Type') ?? '')) throw new AppError('VALIDATION_ERROR', M.wrongType);
      const { profile } = c.get('admin');
      const outcome = await importOcf({
        deps,
        actor: { id: profile.id, username: profile.username },
        issuerId,
        bytes: new Uint8Array(await c.req.arrayBuffer()),
        meta: c.get('meta'),
      });
      if (outcome.ok) return c.json({ success: true, data: outcome.result }, 201);
      const body: OcfImportRejected = {
        success: false,
        code: 'UNPROCESSABLE',
        message: M.rejected(outcome.problems.length),
        problems: outcome.problems,
        requestId: c.get('requestId'),
      };
      return c.json(body, 422);
    },
  );
}
