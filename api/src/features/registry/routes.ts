import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import {
  addressHistorySchema,
  IMPORT_MAX_BYTES,
  shareholderCreatedSchema,
  shareholderImportResultSchema,
  shareholderInputSchema,
  shareholderListQuerySchema,
  shareholderListSchema,
} from '@ledgerwell/shared/registry';
import type { AppDeps, AppEnv } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { parseJson, parseQuery } from '../../lib/validate';
import { requireRole } from '../../identity/middleware';
import { addressHistory } from './address-history';
import { createShareholder } from './create-shareholder';
import { importShareholders } from './import-shareholders';
import { listShareholders } from './list-shareholders';
import { documented } from '../../lib/openapi';

/** Mounted behind requireAdmin: every admin role reads, ADMIN and SUPER_ADMIN write. */
export function registryRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get(
      '/shareholders',
      documented({
        tag: 'Registry',
        auth: 'admin',
        summary: 'List shareholders',
        query: shareholderListQuerySchema,
        responses: { 200: shareholderListSchema },
      }),
      async (c) =>
        c.json({ success: true, ...(await listShareholders(deps, parseQuery(c, shareholderListQuerySchema))) }),
    )
    .post(
      '/shareholders',
      documented({
        tag: 'Registry',
        auth: 'admin',
        summary: 'Add a shareholder (ADMIN and up)',
        body: shareholderInputSchema,
        responses: { 201: shareholderCreatedSchema },
        errors: [409],
      }),
      requireRole('ADMIN'),
      async (c) => {
        const input = await parseJson(c, shareholderInputSchema);
        const { profile } = c.get('admin');
        const data = await createShareholder(
          deps,
          { id: profile.id, username: profile.username },
          input,
          c.get('meta'),
        );
        return c.json({ success: true, data }, 201);
      },
    )
    .get(
      '/shareholders/:id/addresses',
      documented({
        tag: 'Registry',
        auth: 'admin',
        summary: "A shareholder's addresses over time, newest first, each with the day it took effect",
        responses: { 200: addressHistorySchema },
        errors: [404],
      }),
      async (c) => c.json({ success: true, data: await addressHistory(deps, c.req.param('id')) }),
    )
    .post(
      '/shareholders/import',
      documented({
        tag: 'Registry',
        auth: 'admin',
        summary:
          'Import shareholders from CSV (ADMIN and up); a bad file is a 400 listing its bad lines, and nothing is imported',
        rawBody: { media: 'text/csv', description: 'The registry file, at most 5 MB', maxLength: IMPORT_MAX_BYTES },
        responses: { 200: shareholderImportResultSchema },
      }),
      requireRole('ADMIN'),
      bodyLimit({
        maxSize: IMPORT_MAX_BYTES,
        onError: () => {
          throw new AppError('PAYLOAD_TOO_LARGE', 'The file is too large: at most 5 MB per import.');
        },
      }),
      async (c) => {
        const type = c.req.header('Content-Type') ?? '';
        if (!/^text\/(csv|plain)\b/.test(type)) throw new AppError('VALIDATION_ERROR', 'Send the file as text/csv');
        const result = await importShareholders(deps, c.get('admin'), await c.req.text(), c.get('meta'));
        if (!result.ok) {
          const count = result.errors.length;
          return c.json(
            {
              success: false,
              code: 'VALIDATION_ERROR',
              message: `The file has ${count} problem${count === 1 ? '' : 's'}; nothing was imported.`,
              errors: result.errors,
              requestId: c.get('requestId'),
            },
            400,
          );
        }
        return c.json({
          success: true,
          data: { created: result.created, updated: result.updated, accounts: result.accounts },
        });
      },
    );
}
