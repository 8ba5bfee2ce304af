import type { MiddlewareHandler } from 'hono';
import type { RouterRoute } from 'hono/types';
import { describeRoute, resolver, type DescribeRouteOptions } from 'hono-openapi';
import { z } from 'zod';

/**
 * How a route is authenticated (the securitySchemes of the document, openapi-document.ts):
 * - public: nothing (a proof-of-work challenge may still be asked for on 429);
 * - admin: the admin session's bearer token (and the IP whitelist);
 * - issuer: the issuer portal session's bearer token (decision 023);
 * - portal: the shareholder portal's bearer token;
 * - portal-csrf: the portal's bearer token and the X-CSRF-Token header;
 * - portal-or-code: the portal's bearer token, or a verification code in the request instead;
 * - portal-csrf-or-code: the portal's bearer token with X-CSRF-Token, or `?code=` (a verification code);
 * - metrics: the METRICS_TOKEN bearer token;
 * - issuer: an issuer user's session (/api/issuer): every read is scoped to that user's issuer.
 */
export type RouteAuth =
  | 'public'
  | 'admin'
  | 'issuer'
  | 'portal'
  | 'portal-csrf'
  | 'portal-or-code'
  | 'portal-csrf-or-code'
  | 'metrics'
  | 'issuer';

/** A body or answer that is not JSON: its media type and what it carries. */
export interface RawContent {
  media: string;
  description: string;
  /** The fields of a multipart body (the schema that validates them). */
  fields?: z.ZodType;
  /** A text body's limit, in characters (its byte limit bounds them). */
  maxLength?: number;
}

export interface RouteDoc {
  summary: string;
  tag: string;
  auth: RouteAuth;
  description?: string;
  /** The JSON body's schema: the very object the handler parses with (parseJson). */
  body?: z.ZodType;
  /** A body that is not JSON (CSV import, multipart upload). */
  rawBody?: RawContent;
  /** The query's schema: the very object the handler parses with (parseQuery). */
  query?: z.ZodType;
  /** The JSON body may be left out. */
  bodyOptional?: boolean;
  /** Headers and query values the route reads by hand (beyond authentication and `query`). */
  extraParameters?: {
    name: string;
    in: 'header' | 'query';
    description: string;
    required?: boolean;
    /** The value's rule as the route checks it (a string schema: maxLength, pattern or enum). */
    schema: { maxLength?: number; pattern?: string; enum?: string[] };
  }[];
  /** Success answers by status: a JSON schema, or a raw content type. */
  responses: Record<number, z.ZodType | RawContent>;
  /** Error statuses beyond those implied by auth, body and query (404, 409, 429, ...). */
  errors?: number[];
}

const DOC = Symbol('route-doc');
type Documented = MiddlewareHandler & { [DOC]: RouteDoc };

const SECURITY: Record<RouteAuth, Record<string, string[]>[]> = {
  public: [],
  admin: [{ adminBearer: [] }],
  issuer: [{ issuerBearer: [] }],
  portal: [{ portalBearer: [] }],
  'portal-csrf': [{ portalBearer: [], csrfHeader: [] }],
  'portal-or-code': [{ portalBearer: [] }, {}],
  'portal-csrf-or-code': [{ portalBearer: [], csrfHeader: [] }, { verificationCode: [] }],
  metrics: [{ metricsBearer: [] }],
};

/**
 * The error statuses every route of an auth kind can give, and those a body or a query adds. Every route
 * can answer 413 (the body limit applies to any request that carries a body, whatever the route reads),
 * 500 (a fault of ours) and 503 (the database away).
 */
export function errorStatuses(doc: RouteDoc): number[] {
  const statuses = new Set<number>([413, 500, 503, ...(doc.errors ?? [])]);
  if (doc.body || doc.rawBody) statuses.add(400);
  if (doc.query) statuses.add(400);
  // The IP whitelist, roles, a forced password change, MFA enrolment and step-up answer 403.
  // An issuer user without a second factor reaches enrolment only (403).
  if (doc.auth === 'admin' || doc.auth === 'issuer') [401, 403].forEach((s) => statuses.add(s));
  if (doc.auth.startsWith('portal') || doc.auth === 'metrics') statuses.add(401);
  if (doc.auth.includes('csrf')) statuses.add(403);
  if (doc.auth === 'issuer') statuses.add(401);
  return [...statuses].sort((a, b) => a - b);
}

type JsonSchemaOverride = NonNullable<NonNullable<Parameters<typeof z.toJSONSchema>[1]>['override']>;

/**
 * How a schema is written into the document. A piped rule (`trimmed(...).pipe(z.string().max(100))`) is
 * checked on the pipe's output, which JSON Schema of the input never shows; its string limits are copied
 * onto the input, so that a client generated from the document sends what the server accepts (issue 27).
 * Dates are date-time strings, as hono-openapi's own override makes them.
 */
const writeRules: JsonSchemaOverride = (ctx) => {
  const def = ctx.zodSchema._zod.def as { type: string; out?: z.ZodType };
  if (def.type === 'date') Object.assign(ctx.jsonSchema, { type: 'string', format: 'date-time' });
  // z.uuid() admits exactly 36 characters; the document says so.
  if ((ctx.jsonSchema as { format?: string }).format === 'uuid')
    (ctx.jsonSchema as { maxLength?: number }).maxLength ??= 36;
  if (def.type !== 'pipe' || !def.out || def.out._zod.def.type === 'transform') return;
  const out = z.toJSONSchema(def.out, JSON_SCHEMA_OPTIONS) as Record<string, unknown>;
  if (out.type !== 'string') return;
  const json = ctx.jsonSchema as Record<string, unknown>;
  if (typeof out.minLength === 'number') json.minLength = Math.max(Number(json.minLength ?? 0), out.minLength);
  if (typeof out.maxLength === 'number')
    json.maxLength = Math.min(Number(json.maxLength ?? Number.POSITIVE_INFINITY), out.maxLength);
  for (const key of ['pattern', 'format', 'enum'] as const) if (out[key] !== undefined) json[key] ??= out[key];
};

const JSON_SCHEMA_OPTIONS = { io: 'input', unrepresentable: 'any', override: writeRules } as const;

/** A request or answer schema for the document, with writeRules. */
const schemaOf = (schema: z.ZodType) => resolver(schema, { options: { unrepresentable: 'any', override: writeRules } });

const isRaw = (value: z.ZodType | RawContent): value is RawContent =>
  'media' in value && typeof (value as RawContent).media === 'string';

/** Query parameters from the query's object schema (each property one parameter). */
function queryParameters(schema: z.ZodType): NonNullable<DescribeRouteOptions['parameters']> {
  const json = z.toJSONSchema(schema, JSON_SCHEMA_OPTIONS) as {
    properties?: Record<string, object>;
    required?: string[];
  };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    required: json.required?.includes(name) ?? false,
    schema: property,
  }));
}

const AUTH_SENTENCES: Record<RouteAuth, string> = {
  public: 'Open to anyone.',
  admin:
    'Needs an admin session (adminBearer) from an address the IP whitelist admits; the role, a forced password change, second-factor enrolment and, for sensitive calls, a recent step-up are checked (403).',
  issuer:
    "Needs an issuer portal session (issuerBearer); a staff token is refused (401); until the user has a second factor only enrolment is open (403). Everything read is the session's issuer's: another issuer's class answers 404.",
  portal: 'Needs a shareholder portal token (portalBearer).',
  'portal-csrf': 'Needs a shareholder portal token (portalBearer) and a CSRF token (X-CSRF-Token).',
  'portal-or-code': "Needs a shareholder portal token (portalBearer), or the request's verification code instead.",
  'portal-csrf-or-code':
    "Needs a shareholder portal token with a CSRF token, or the request's verification code (`?code=`) instead.",
  metrics: 'Needs the METRICS_TOKEN (metricsBearer); without it the route does not exist.',
};

const STATUS_SENTENCES: Partial<Record<number, string>> = {
  400: 'A body or query that breaks a rule answers 400 with a message per field.',
  410: 'A link that expired, was used or was revoked answers 410.',
  413: 'A body over the size limit answers 413.',
  429: 'Too many attempts answer 429 (with a proof-of-work challenge where the limit protects a secret), with Retry-After.',
};

/** The operation's description: its own words, then who may call it and what its failures mean, from its doc. */
function operationDescription(doc: RouteDoc, statuses: number[]): string {
  const failures = statuses.flatMap((status) => STATUS_SENTENCES[status] ?? []);
  return [doc.description ?? `${doc.summary}.`, AUTH_SENTENCES[doc.auth], ...failures].join(' ');
}

function describe(doc: RouteDoc): DescribeRouteOptions {
  const responses: NonNullable<DescribeRouteOptions['responses']> = {};
  for (const [status, answer] of Object.entries(doc.responses)) {
    responses[status] = isRaw(answer)
      ? { description: answer.description, content: { [answer.media]: { schema: { type: 'string' } } } }
      : { description: 'Success', content: { 'application/json': { schema: schemaOf(answer) } } };
  }
  const statuses = errorStatuses(doc);
  for (const status of statuses) responses[String(status)] = { $ref: '#/components/responses/Error' };
  const parameters: NonNullable<DescribeRouteOptions['parameters']> = [
    ...(doc.query ? queryParameters(doc.query) : []),
    ...(doc.extraParameters ?? []).map((p) => ({
      ...p,
      required: p.required ?? false,
      schema: { type: 'string' as const, ...p.schema },
    })),
  ];
  let requestBody: DescribeRouteOptions['requestBody'];
  if (doc.body)
    requestBody = { required: !doc.bodyOptional, content: { 'application/json': { schema: schemaOf(doc.body) } } };
  else if (doc.rawBody) {
    const schema = doc.rawBody.fields
      ? schemaOf(doc.rawBody.fields)
      : { type: 'string' as const, ...(doc.rawBody.maxLength ? { maxLength: doc.rawBody.maxLength } : {}) };
    requestBody = {
      required: true,
      description: doc.rawBody.description,
      content: { [doc.rawBody.media]: { schema } },
    };
  }
  return {
    summary: doc.summary,
    description: operationDescription(doc, statuses),
    tags: [doc.tag],
    security: SECURITY[doc.auth],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses,
  };
}

/**
 * A route's documentation, as a pass-through middleware placed first in the route's handlers: the
 * generator (hono-openapi) reads it from app.routes, and the API tests check every answer against it.
 */
export function documented(doc: RouteDoc): MiddlewareHandler {
  return Object.assign(describeRoute(describe(doc)), { [DOC]: doc }) as Documented;
}

export interface DocumentedRoute {
  method: string;
  /** Hono's pattern, e.g. /api/admin/users/:id */
  path: string;
  doc: RouteDoc;
}

/** Every documented route of an app, from its registered handlers. */
export function documentedRoutes(app: { routes: RouterRoute[] }): DocumentedRoute[] {
  const found: DocumentedRoute[] = [];
  for (const route of app.routes) {
    const doc = (route.handler as Partial<Documented>)[DOC];
    if (doc) found.push({ method: route.method, path: route.path, doc });
  }
  return found;
}

/** Hono's `:id` path parameters as OpenAPI's `{id}`. */
export const openApiPath = (honoPath: string) => honoPath.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
