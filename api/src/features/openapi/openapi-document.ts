import type { Hono } from 'hono';
import { generateSpecs, resolver, type GenerateSpecOptions } from 'hono-openapi';
import type { AppEnv } from '../../lib/context';
import { apiErrorSchema } from '@ledgerwell/shared/api-error';
import { APP_NAME, APP_VERSION_LABEL } from '@ledgerwell/shared/app-info';
import { CSRF_HEADER } from '@ledgerwell/shared/csrf';

/** The document's frame: what every route's own description (lib/openapi.ts) refers to. */
const documentation = {
  openapi: '3.1.0',
  info: {
    title: `${APP_NAME} API`,
    version: APP_VERSION_LABEL,
    description:
      'Generated from the zod schemas that validate each route (api/src/lib/openapi.ts). Every failure has the one error shape (ApiError).',
  },
  components: {
    securitySchemes: {
      adminBearer: {
        type: 'http',
        scheme: 'bearer',
        description:
          'The admin session token from POST /api/admin/login (or /login/mfa); admin calls also pass the IP whitelist.',
      },
      portalBearer: {
        type: 'http',
        scheme: 'bearer',
        description:
          'The shareholder portal token from POST /api/shareholder-portal/validate-code (then validate-account).',
      },
      csrfHeader: { type: 'apiKey', in: 'header', name: CSRF_HEADER, description: 'A token from GET /api/csrf-token.' },
      verificationCode: {
        type: 'apiKey',
        in: 'query',
        name: 'code',
        description: 'The verification code of a request (sent to the shareholder) stands in for a portal session.',
      },
      metricsBearer: {
        type: 'http',
        scheme: 'bearer',
        description: 'METRICS_TOKEN; without it the metrics route does not exist.',
      },
    },
    responses: {
      Error: {
        description: 'An error: the one error shape (shared/src/api-error.ts); the status follows its code.',
        content: { 'application/json': { schema: resolver(apiErrorSchema) } },
      },
    },
  },
} as const;

/** The OpenAPI 3.1 document of an app's documented routes (the web app's and the API's catch-alls are not routes). */
export function buildOpenApiDocument(app: Hono<AppEnv>) {
  return generateSpecs(app, {
    // A plain literal: its string unions ('http', 'apiKey') are wider than the generator's types once `as const` is dropped.
    documentation: documentation as unknown as GenerateSpecOptions['documentation'],
    excludeStaticFile: false,
  });
}
