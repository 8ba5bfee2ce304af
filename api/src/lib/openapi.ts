import type { MiddlewareHandler } from 'hono';
import type { RouterRoute } from 'hono/types';
import { describeRoute, resolver, type DescribeRouteOptions } from 'hono-openapi';
import { z } from 'zod';

/**
 * How a route is authenticated (the securitySchemes of the document, openapi-document.ts):
 * - public: nothing (a proof-of-work challenge may still be asked for on 429);
 * - admin: the admin session's bearer token (and the IP whitelist);
 * - portal: the shareholder portal's bearer token;
 * - portal-csrf: the portal's bearer token and the X-CSRF-Token header;
 * - portal-or-code: the portal's bearer token, or a verification code in the request instead;
 * - portal-csrf-or-code: the portal's bearer token with X-CSRF-Token, or `?code=` (a verification code);
 * - metrics: the METRICS_TOKEN bearer token.
 */
export type RouteAuth =
  | 'public'
  | 'admin'
  | 'portal'
  | 'portal-csrf'
  | 'portal-or-code'
  | 'portal-csrf-or-code'
  | 'metrics';

/** A body or answer that is not JSON: its media type and what it carries. */
export interface RawContent {
  media: string;
  description: string;
  /** The fields of a multipart body (the schema that validates them). */
  fields?: z.ZodType;
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
  extraParameters?: { name: string; in: 'header' | 'query'; description: string; required?: boolean }[];
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
  portal: [{ portalBearer: [] }],
  'portal-csrf': [{ portalBearer: [], csrfHeader: [] }],
  'portal-or-code': [{ portalBearer: [] }, {}],
  'portal-csrf-or-code': [{ portalBearer: [], csrfHeader: [] }, { verificationCode: [] }],
  metrics: [{ metricsBearer: [] }],
};

/** The error statuses every route of an auth kind can give, and those a body or a query adds. */
export function errorStatuses(doc: RouteDoc): number[] {
  const statuses = new Set<number>([503, ...(doc.errors ?? [])]);
  if (doc.body || doc.rawBody) [400, 413].forEach((s) => statuses.add(s));
  if (doc.query) statuses.add(400);
  // The IP whitelist, roles, a forced password change, MFA enrolment and step-up answer 403.
  if (doc.auth === 'admin') [401, 403].forEach((s) => statuses.add(s));
  if (doc.auth.startsWith('portal') || doc.auth === 'metrics') statuses.add(401);
  if (doc.auth.includes('csrf')) statuses.add(403);
  return [...statuses].sort((a, b) => a - b);
}

const isRaw = (value: z.ZodType | RawContent): value is RawContent =>
  'media' in value && typeof (value as RawContent).media === 'string';

/** Query parameters from the query's object schema (each property one parameter). */
function queryParameters(schema: z.ZodType): NonNullable<DescribeRouteOptions['parameters']> {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
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

function describe(doc: RouteDoc): DescribeRouteOptions {
  const responses: NonNullable<DescribeRouteOptions['responses']> = {};
  for (const [status, answer] of Object.entries(doc.responses)) {
    responses[status] = isRaw(answer)
      ? { description: answer.description, content: { [answer.media]: { schema: { type: 'string' } } } }
      : { description: 'Success', content: { 'application/json': { schema: resolver(answer) } } };
  }
  for (const status of errorStatuses(doc)) responses[String(status)] = { $ref: '#/components/responses/Error' };
  const parameters: NonNullable<DescribeRouteOptions['parameters']> = [
    ...(doc.query ? queryParameters(doc.query) : []),
    ...(doc.extraParameters ?? []).map((p) => ({
      ...p,
      required: p.required ?? false,
      schema: { type: 'string' as const },
    })),
  ];
  let requestBody: DescribeRouteOptions['requestBody'];
  if (doc.body)
    requestBody = { required: !doc.bodyOptional, content: { 'application/json': { schema: resolver(doc.body) } } };
  else if (doc.rawBody) {
    const schema = doc.rawBody.fields ? resolver(doc.rawBody.fields) : { type: 'string' as const };
    requestBody = {
      required: true,
      description: doc.rawBody.description,
      content: { [doc.rawBody.media]: { schema } },
    };
  }
  return {
    summary: doc.summary,
    description: doc.description,
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
