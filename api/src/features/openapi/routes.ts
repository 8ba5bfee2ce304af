import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../lib/context';
import { documented } from '../../lib/openapi';
import { buildOpenApiDocument } from './openapi-document';

export const OPENAPI_PATH = '/openapi.json';

/**
 * GET /api/openapi.json. `app` is the whole application (its routes are read at the first request,
 * once everything is mounted); the document is built once per process and kept.
 */
export function openApiRoutes(app: Hono<AppEnv>) {
  // Kept as its JSON text: serialising the whole document on every request is most of its cost.
  let document: Promise<string> | undefined;
  return new Hono<AppEnv>().get(
    OPENAPI_PATH,
    documented({
      tag: 'Meta',
      summary: 'This document: the API described in OpenAPI 3.1',
      auth: 'public',
      responses: {
        200: z
          .object({
            openapi: z.string(),
            info: z.object({
              title: z.string(),
              version: z.string(),
              description: z.string(),
              license: z.object({ name: z.string(), url: z.string() }),
              contact: z.object({ name: z.string(), email: z.string() }),
            }),
            paths: z.record(z.string(), z.unknown()),
          })
          .loose(),
      },
    }),
    async (c) => {
      // A failed build is not kept: the next request tries again.
      document ??= buildOpenApiDocument(app)
        .then((built) => JSON.stringify(built))
        .catch((error: unknown) => {
          document = undefined;
          throw error;
        });
      return c.body(await document, 200, { 'Content-Type': 'application/json; charset=UTF-8' });
    },
  );
}
