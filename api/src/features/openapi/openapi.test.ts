import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERROR_CODES } from '@ledgerwell/shared/api-error';
import { openApiPath } from '../../lib/openapi';
import { createTestApp, type TestApp } from '../../test/test-app';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

let t: TestApp;
let doc: any;

beforeAll(async () => {
  // With a metrics token, so the metrics route exists and is counted too.
  t = await createTestApp({ env: { METRICS_TOKEN: 'm'.repeat(32) } });
  const res = await t.request('GET', '/api/openapi.json');
  expect(res.status).toBe(200);
  doc = res.json;
});
afterAll(() => t.close());

/** What the app really answers: every method+path with a handler, less middleware (ALL) and the two catch-alls. */
function registeredRoutes() {
  const keys = new Set<string>();
  for (const route of t.app.routes) {
    if (route.method === 'ALL') continue; // app.use(...) middleware and the API's 404 catch-all
    if (route.path.endsWith('*')) continue; // the web app's catch-all (GET /*)
    keys.add(`${route.method.toLowerCase()} ${openApiPath(route.path)}`);
  }
  return [...keys].sort();
}

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document with info, paths and the security schemes', () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual([
      'adminBearer',
      'csrfHeader',
      'issuerBearer',
      'metricsBearer',
      'portalBearer',
      'verificationCode',
    ]);
    expect(doc.components.securitySchemes.csrfHeader).toEqual(
      expect.objectContaining({ type: 'apiKey', in: 'header', name: 'X-CSRF-Token' }),
    );
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      expect(path.startsWith('/api/'), path).toBe(true);
      expect(path, 'OpenAPI paths name parameters as {name}').not.toMatch(/:/);
      for (const [method, operation] of Object.entries<any>(item)) {
        expect(METHODS, `${method} ${path}`).toContain(method);
        expect(Object.keys(operation.responses).length, `${method} ${path} has answers`).toBeGreaterThan(0);
        expect(operation.summary, `${method} ${path} has a summary`).toEqual(expect.any(String));
        expect(Array.isArray(operation.security), `${method} ${path} states its security`).toBe(true);
        // Every {param} of the path is declared as a required path parameter.
        for (const [, name] of path.matchAll(/\{([^}]+)\}/g)) {
          expect(operation.parameters, `${method} ${path} declares ${name}`).toContainEqual(
            expect.objectContaining({ in: 'path', name, required: true }),
          );
        }
      }
    }
  });

  it('documents every registered route, and nothing that is not registered', () => {
    const documentedKeys = Object.entries<any>(doc.paths)
      .flatMap(([path, item]) => Object.keys(item).map((method) => `${method} ${path}`))
      .sort();
    const registered = registeredRoutes();
    expect(registered.length).toBeGreaterThan(80);
    expect(registered.filter((key) => !documentedKeys.includes(key))).toEqual([]);
    expect(documentedKeys.filter((key) => !registered.includes(key))).toEqual([]);
  });

  it('states how representative routes are authenticated', () => {
    const security = (method: string, path: string) => doc.paths[path][method].security;
    expect(security('post', '/api/admin/login')).toEqual([]);
    expect(security('get', '/api/admin/requests')).toEqual([{ adminBearer: [] }]);
    expect(security('get', '/api/shareholder-portal/requests')).toEqual([{ portalBearer: [] }]);
    expect(security('get', '/api/shareholder-portal/check-verification-status')).toEqual([
      { portalBearer: [], csrfHeader: [] },
      { verificationCode: [] },
    ]);
    expect(security('post', '/api/contact')).toEqual([]);
    expect(security('get', '/api/metrics')).toEqual([{ metricsBearer: [] }]);
  });

  it('refers every error answer to the one error shape', () => {
    const error = doc.components.responses.Error.content['application/json'].schema;
    expect(error.properties.code.enum).toEqual([...API_ERROR_CODES]);
    expect(error.required).toEqual(expect.arrayContaining(['success', 'code', 'message']));
    const ops = Object.values<any>(doc.paths).flatMap((item) => Object.values<any>(item));
    for (const op of ops) {
      for (const [status, answer] of Object.entries<any>(op.responses)) {
        if (Number(status) >= 400 && !(op.tags[0] === 'Health' && status === '503'))
          expect(answer).toEqual({ $ref: '#/components/responses/Error' });
      }
    }
    const login = doc.paths['/api/admin/login'].post;
    expect(Object.keys(login.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '429']));
    expect(doc.paths['/api/admin/users/{id}'].put.responses['403']).toEqual({ $ref: '#/components/responses/Error' });
  });

  it('describes bodies, queries and non-JSON content from the same schemas', () => {
    const login = doc.paths['/api/admin/login'].post;
    expect(login.requestBody.content['application/json'].schema.properties).toHaveProperty('username');
    const list = doc.paths['/api/admin/requests'].get;
    expect(list.parameters.map((p: any) => p.name)).toEqual(expect.arrayContaining(['page', 'limit', 'status']));
    expect(doc.paths['/api/shareholder-portal/upload-verification'].post.requestBody.content).toHaveProperty(
      'multipart/form-data',
    );
    expect(doc.paths['/api/admin/shareholders/import'].post.requestBody.content).toHaveProperty('text/csv');
    expect(doc.paths['/api/admin/contact-submissions/export/csv'].get.responses['200'].content).toHaveProperty(
      'text/csv',
    );
    expect(doc.paths['/api/admin/requests/{id}/verification/{imageType}'].get.responses['200'].content).toHaveProperty(
      'image/jpeg',
    );
    expect(doc.paths['/api/metrics'].get.responses['200'].content).toHaveProperty('text/plain');
  });

  it('is built once and served from memory', async () => {
    const again = await t.request('GET', '/api/openapi.json');
    expect(again.json).toEqual(doc);
    const started = performance.now();
    await t.request('GET', '/api/openapi.json');
    expect(performance.now() - started).toBeLessThan(100);
  });
});
