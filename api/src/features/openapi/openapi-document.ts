import type { Hono } from 'hono';
import { generateSpecs, resolver, type GenerateSpecOptions } from 'hono-openapi';
import type { AppEnv } from '../../lib/context';
import { apiErrorSchema } from '@ledgerwell/shared/api-error';
import { APP_NAME, APP_VERSION_LABEL } from '@ledgerwell/shared/app-info';
import { CSRF_HEADER } from '@ledgerwell/shared/csrf';
import { DOCUMENT_TYPES } from '@ledgerwell/shared/verification';

/** The document's frame: what every route's own description (lib/openapi.ts) refers to. */
const documentation = {
  openapi: '3.1.0',
  info: {
    title: `${APP_NAME} API`,
    version: APP_VERSION_LABEL,
    description:
      'Generated from the zod schemas that validate each route (api/src/lib/openapi.ts). Every failure has the one error shape (ApiError). Every string of every body and query must be well-formed Unicode without NUL (a 400 otherwise).',
    license: { name: 'Proprietary', url: 'https://ledgerwell.com/terms-of-service' },
    contact: { name: 'Ledgerwell support', email: 'support@ledgerwell.com' },
  },
  // Relative: the one this document came from, whatever its address and environment; staff and the public alike call it.
  servers: [
    {
      url: '/',
      description: 'The server that served this document (production, staging or a local development server)',
      'x-internal': false,
    },
  ],
  components: {
    securitySchemes: {
      adminBearer: {
        type: 'http',
        scheme: 'bearer',
        description:
          'The admin session token from POST /api/admin/login (or /login/mfa); admin calls also pass the IP whitelist.',
      },
      issuerBearer: {
        type: 'http',
        scheme: 'bearer',
        description:
          'The issuer portal session token from POST /api/issuer/login (then /login/mfa) or /api/issuer/invitations/accept; never a staff token.',
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

/** What each group of operations is for (every tag an operation uses is listed, with its description). */
const TAG_DESCRIPTIONS: Record<string, string> = {
  Health: 'Liveness and readiness, for load balancers and orchestrators.',
  Operations: 'Prometheus metrics, for the operator.',
  Meta: 'This document.',
  'Public site': 'The public site: the contact form and its CSRF token.',
  'Issuer onboarding': "The public issuer onboarding wizard's session and submission.",
  'Shareholder portal': "The shareholder portal: sign-in, the holder's requests, sign-out.",
  'Identity verification': 'Identity photos for a transfer, by portal session or verification code.',
  'Admin sign-in': 'Staff sign-in: password, then a second factor.',
  'Admin session': "The signed-in staff member's own session and profile.",
  'Admin second factor': "A staff member's own authenticator app, passkeys, recovery codes and step-up.",
  'Admin sessions': 'Live staff sessions: list and end them.',
  'Admin users': 'Staff accounts (SUPER_ADMIN).',
  'IP whitelist': 'The addresses staff may sign in from (SUPER_ADMIN).',
  'Request review':
    'Shareholder requests: list, details, status, notes, flags, identity documents and the activity log.',
  'Contact triage': 'Contact form submissions: triage and export.',
  'Issuer applications': 'Issuer applications from the onboarding wizard: review and export.',
  Registry: 'The shareholder registry: holders and their accounts.',
  Ledger:
    'The master securityholder file: issuers, share classes, postings, positions as of a date, record-date lists and control books.',
  'Mail log': 'Every e-mail the product queued, for the operator.',
  'Paper advices': 'Transaction advices to print and mail to holders who get paper, and the record of their mailing.',
};

const INT32 = { min: -(2 ** 31), max: 2 ** 31 - 1 };

/** Integers get the format their bounds allow (OWASP API4: a client then knows the range it may send). */
function withIntegerFormats(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(withIntegerFormats);
  if (!node || typeof node !== 'object') return;
  const schema = node as Record<string, unknown>;
  if (schema.type === 'integer' && schema.format === undefined) {
    const { minimum, maximum } = schema as { minimum?: number; maximum?: number };
    const fits = minimum !== undefined && maximum !== undefined && minimum >= INT32.min && maximum <= INT32.max;
    schema.format = fits ? 'int32' : 'int64';
  }
  Object.values(schema).forEach(withIntegerFormats);
}

/**
 * Path parameters as the routes check them: ids are UUIDs (anything else is a 404), the image type one of
 * three. The generator sees only `{name}` in the path, so their schemas are stated here.
 */
const PATH_PARAMETERS: Record<string, object> = {
  id: { type: 'string', format: 'uuid', maxLength: 36 },
  sessionId: { type: 'string', format: 'uuid', maxLength: 36 },
  docId: { type: 'string', format: 'uuid', maxLength: 36 },
  issuerId: { type: 'string', format: 'uuid', maxLength: 36 },
  classId: { type: 'string', format: 'uuid', maxLength: 36 },
  accountId: { type: 'string', format: 'uuid', maxLength: 36 },
  transactionId: { type: 'string', format: 'uuid', maxLength: 36 },
  imageType: { type: 'string', enum: [...DOCUMENT_TYPES] },
};

type Operation = { tags?: string[]; parameters?: { in: string; name: string; schema?: object }[] };

/** The OpenAPI 3.1 document of an app's documented routes (the web app's and the API's catch-alls are not routes). */
export async function buildOpenApiDocument(app: Hono<AppEnv>) {
  const document = await generateSpecs(app, {
    // A plain literal: its string unions ('http', 'apiKey') are wider than the generator's types once `as const` is dropped.
    documentation: documentation as unknown as GenerateSpecOptions['documentation'],
    excludeStaticFile: false,
  });
  const operations = Object.values(document.paths ?? {}).flatMap((item) => Object.values(item ?? {}) as Operation[]);
  for (const operation of operations) {
    for (const parameter of operation.parameters ?? []) {
      const stated = parameter.in === 'path' ? PATH_PARAMETERS[parameter.name] : undefined;
      if (stated) parameter.schema = stated;
    }
  }
  withIntegerFormats(document.paths);
  const used = [...new Set(operations.flatMap((operation) => operation.tags ?? []))].sort();
  return {
    ...document,
    tags: used.map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? name })),
  };
}
