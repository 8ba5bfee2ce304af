import type { RouterRoute } from 'hono/types';
import { apiErrorSchema } from '@ledgerwell/shared/api-error';
import { documentedRoutes, errorStatuses, type RawContent, type RouteDoc } from '../lib/openapi';
import { undocumentedKeys } from './extra-keys';

interface CompiledRoute {
  method: string;
  path: string;
  pattern: RegExp;
  params: number;
  doc: RouteDoc;
}

function compile(app: { routes: RouterRoute[] }): CompiledRoute[] {
  return documentedRoutes(app)
    .map(({ method, path, doc }) => {
      const source = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z0-9_]+/g, '[^/]+');
      return { method, path, doc, pattern: new RegExp(`^${source}/?$`), params: (path.match(/:/g) ?? []).length };
    })
    .sort((a, b) => a.params - b.params); // a static segment wins over a parameter, as in the router (/users/me before /users/:id)
}

/**
 * The API tests' check of every answer against the route's documentation (lib/openapi.ts): the status
 * is one the route documents, a JSON answer parses with its schema (the error shape for 4xx/5xx), a raw
 * one has its media type. Paths no documented route matches (the API's 404, the web app) are not checked.
 */
export function answerChecker(app: { routes: RouterRoute[] }) {
  let routes: CompiledRoute[] | undefined;
  return (method: string, url: string, status: number, contentType: string | null, json: unknown, text: string) => {
    routes ??= compile(app);
    const path = new URL(url, 'http://test').pathname;
    const route = routes.find((r) => r.method === method.toUpperCase() && r.pattern.test(path));
    if (!route) return;
    const where = `${method} ${path} (documented as ${route.path}) answered ${status}`;
    const answer = route.doc.responses[status];
    if (answer === undefined) {
      if (!errorStatuses(route.doc).includes(status))
        throw new Error(`${where}: an undocumented status. Body: ${text.slice(0, 300)}`);
      const parsed = apiErrorSchema.safeParse(json);
      if (!parsed.success)
        throw new Error(`${where}: not the error shape: ${parsed.error.message}\nBody: ${text.slice(0, 300)}`);
      const extra = undocumentedKeys(apiErrorSchema, json);
      if (extra.length > 0) throw new Error(`${where}: error keys the error shape does not name: ${extra.join(', ')}`);
      return;
    }
    if ('media' in answer && typeof (answer as RawContent).media === 'string') {
      const media = (answer as RawContent).media;
      if (!contentType?.startsWith(media))
        throw new Error(`${where}: Content-Type ${contentType}, documented ${media}`);
      return;
    }
    const schema = answer as Exclude<typeof answer, RawContent>;
    const parsed = schema.safeParse(json);
    if (!parsed.success)
      throw new Error(
        `${where}: the answer does not match its documented schema: ${parsed.error.message}\nBody: ${text.slice(0, 500)}`,
      );
    const extra = undocumentedKeys(schema, json);
    if (extra.length > 0)
      throw new Error(`${where}: keys its documented schema does not name: ${extra.slice(0, 10).join(', ')}`);
  };
}

/** Reads an answer as text and JSON (null when it is none) and checks it with `check` (answerChecker's). */
export async function readCheckedAnswer(
  check: ReturnType<typeof answerChecker>,
  method: string,
  path: string,
  response: Response,
) {
  const text = await response.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  check(method, path, response.status, response.headers.get('Content-Type'), json, text);
  return { status: response.status, headers: response.headers, json, text };
}
