import { desc, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUsers, portalSessions } from '@ledgerwell/db/schema';
import { CSRF_HEADER } from '@ledgerwell/shared/csrf';
import {
  arbitraryFromJsonSchema,
  freeTextWith,
  holdsTrickyText,
  TRICKY_CHARACTERS,
  hostileValue,
  type JsonSchema,
} from '../../test/json-schema-arbitrary';
import { photoJpeg } from '../../test/images';
import { seedContactSubmission, submitIssuerApplication } from '../../test/review-fixtures';
import { portalFixtures } from '../../test/portal-fixtures';
import { createAdminUser, createTestApp, type TestApp } from '../../test/test-app';
import { createSession } from '../../identity/sessions';
import { csrfTokens } from '../csrf/csrf-tokens';
import { createPortalSession } from '../portal-auth/portal-sessions';
import { seedDemoRegistry } from '../registry/demo-registry';

// Issue 18: no documented route answers a 5xx to any input, whether its schema allows it or forbids
// it. The routes, their parameters and their bodies come from GET /api/openapi.json itself; each
// route gets RUNS generated requests (valid-shaped and hostile), signed in or not.
const RUNS = Number(process.env.PROPERTY_RUNS ?? 12);
const METRICS_TOKEN = 'm'.repeat(32);

interface Operation {
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
}

interface Credentials {
  admin: string;
  portal: string;
  csrf: string;
}

let t: TestApp;
let operations: { method: string; path: string; operation: Operation }[];
/** Real ids and codes, so that generated requests also reach rows that exist. */
let known: string[];
/** The real row a route's path names, by path: the tricky pass reaches the code behind the lookup every time. */
let knownByPath: [RegExp, string[]][];
let photo: Buffer;
let fresh: () => Promise<Credentials>;

beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_TOKEN } });
  const document = (await t.request('GET', '/api/openapi.json')).json as {
    paths: Record<string, Record<string, Operation>>;
  };
  operations = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
  );

  await seedDemoRegistry(t.deps);
  const portal = portalFixtures(t);
  const portalToken = await portal.signIn();
  const transfer = await portal.transfer(portalToken);
  const [portalSession] = await t.deps.db
    .select()
    .from(portalSessions)
    .where(eq(portalSessions.stage, 'ACCOUNT'))
    .orderBy(desc(portalSessions.createdAt))
    .limit(1);
  const admin = await createAdminUser(t.deps, {
    username: 'property-admin',
    password: 'Property-Admin-Pass-1',
    role: 'SUPER_ADMIN',
  });
  const other = await createAdminUser(t.deps, { username: 'property-other', password: 'Property-Other-Pass-1' });
  // The ledger's rows behind DEMO02's account 200300400 and the trust's certificate C-1001 (demo registry).
  const [ledgerRows] = (
    (await t.deps.db.execute(sql`
      select a.id as "accountId", a.shareholder_id as "shareholderId", a.class_id as "classId", c.issuer_id as "issuerId",
             (select l.transaction_id from ledger_legs l where l.account_id = a.id limit 1) as "transactionId",
             (select id from certificates where number = 'C-1001') as "certificateId"
      from shareholder_accounts a join share_classes c on c.id = a.class_id where a.account_number = '200300400'`)) as unknown as {
      rows: Record<
        'accountId' | 'shareholderId' | 'classId' | 'issuerId' | 'transactionId' | 'certificateId',
        string
      >[];
    }
  ).rows;
  const ledger = ledgerRows!;
  known = [
    transfer.id,
    transfer.code ?? 'AB12CD',
    transfer.referenceNumber,
    admin.id,
    other.id,
    'DEMO02',
    '200300400',
    ...Object.values(ledger),
  ];
  const contact = await seedContactSubmission(t);
  const applicationId = await submitIssuerApplication(t);
  knownByPath = [
    [/\/ledger\/accounts\//, [ledger.accountId]],
    [/\/ledger\/classes\//, [ledger.classId]],
    [/\/ledger\/transactions\//, [ledger.transactionId]],
    [/\/issuers\//, [ledger.issuerId]],
    [/\/certificates\//, [ledger.certificateId]],
    [/\/shareholders\//, [ledger.shareholderId]],
    [/\/requests\//, [transfer.id]],
    [/\/users\//, [other.id]],
    [/\/contact-submissions\//, [contact.id]],
    [/\/issuer-(?:applications|onboarding)\//, [applicationId]],
  ];
  photo = await photoJpeg(640, 480);
  const csrf = csrfTokens(t.deps);
  const meta = { ip: '203.0.113.9', userAgent: 'property-test' } as Parameters<typeof createSession>[3];
  // A new session per generated request: a route that ends the caller's session (sign-out, reset)
  // must not turn every later request into a 401.
  fresh = async () => {
    // Generated calls may reset this admin's password or deactivate it: each request starts from a usable account.
    await t.deps.db
      .update(adminUsers)
      .set({ mustChangePassword: false, isActive: true, role: 'SUPER_ADMIN' })
      .where(eq(adminUsers.id, admin.id));
    return {
      admin: (
        await createSession(t.deps.db, t.clock, { kind: 'staff', id: admin.id, label: admin.username }, meta, true)
      ).token,
      portal: await createPortalSession(
        t.deps.db,
        t.clock,
        {
          stage: 'ACCOUNT',
          shareholderId: portalSession!.shareholderId,
          accountId: portalSession!.accountId ?? undefined,
        },
        meta,
      ),
      csrf: await csrf.issue(),
    };
  };
}, 120_000);
afterAll(() => t?.close());

/** The real rows a path names (its own kind first), else every known id. */
const idsFor = (path: string) => knownByPath.find(([pattern]) => pattern.test(path))?.[1] ?? known;

const pathValue = (path: string) =>
  fc.oneof(
    fc.constantFrom(...idsFor(path)),
    fc.constantFrom(...known),
    fc.uuid(),
    fc.string({ minLength: 1, maxLength: 40 }),
    hostileValue().map((value) => (typeof value === 'string' ? value : JSON.stringify(value))),
  );

/** One generated request for an operation: path parameters, query, headers and body. */
function requestArbitrary(path: string, operation: Operation) {
  const parameters = operation.parameters ?? [];
  const pathNames = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
  const query = parameters.filter((p) => p.in === 'query');
  const queryValue = (schema: JsonSchema | undefined) =>
    fc.oneof(schema ? arbitraryFromJsonSchema(schema) : fc.string(), hostileValue());
  const content = operation.requestBody?.content ?? {};
  const media = Object.keys(content)[0];
  const shaped = media ? arbitraryFromJsonSchema(content[media]?.schema ?? {}) : fc.constant(undefined);
  const pathValues = fc.tuple(...pathNames.map(() => pathValue(path)));
  const common = {
    // Mostly signed in, so the code behind authentication is reached; sometimes not.
    signedIn: fc.nat({ max: 4 }).map((n) => n > 0),
    withPhoto: fc.boolean(),
  };
  // Every part shaped by the schemas: most of these pass validation and reach the service behind it.
  const shapedRequest = fc.record({
    ...common,
    pathValues,
    query: fc.record(
      Object.fromEntries(query.map((p) => [p.name, p.schema ? arbitraryFromJsonSchema(p.schema) : fc.string()])),
      { requiredKeys: [] },
    ),
    extraQuery: fc.constant({}),
    body: shaped,
    rawJson: fc.constant(null),
  });
  // Any part may be hostile: wrong types, junk JSON, unknown query keys, huge strings.
  const hostileRequest = fc.record({
    ...common,
    pathValues,
    query: fc.record(Object.fromEntries(query.map((p) => [p.name, queryValue(p.schema)])), { requiredKeys: [] }),
    extraQuery: fc.dictionary(
      fc.constantFrom('page', 'limit', 'sort', 'code', 'search', 'x'),
      fc.string({ maxLength: 20 }),
      { maxKeys: 2 },
    ),
    body: fc.oneof(
      { weight: 3, arbitrary: shaped },
      { weight: 2, arbitrary: hostileValue() },
      { weight: 1, arbitrary: fc.constant(undefined) },
    ),
    rawJson: fc.option(fc.constantFrom('{', '{"a":', '[1,2', 'null', '"', '{"__proto__":{"x":1}}'), { freq: 6 }),
  });
  return fc.oneof(shapedRequest, hostileRequest);
}

type Generated = ReturnType<typeof requestArbitrary> extends fc.Arbitrary<infer T> ? T : never;

/**
 * One request whose every free-text field, in the body and the query, holds `character`, signed in, the
 * path naming a real row: a route that stores text reaches its insert with it (issue 27's lone surrogate).
 */
function trickyRequest(path: string, operation: Operation, character: string): fc.Arbitrary<Generated> {
  const options = { freeText: freeTextWith(character) };
  const pathNames = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
  const ids = idsFor(path);
  const query = (operation.parameters ?? []).filter((p) => p.in === 'query');
  const content = operation.requestBody?.content ?? {};
  const media = Object.keys(content)[0];
  return fc.record({
    signedIn: fc.constant(true),
    withPhoto: fc.constant(true),
    pathValues: fc.tuple(...pathNames.map(() => fc.constantFrom(...ids))),
    query: fc.record(
      Object.fromEntries(
        query.map((p) => [
          p.name,
          p.schema ? arbitraryFromJsonSchema(p.schema, options) : freeTextWith(character)(0, 20),
        ]),
      ),
      { requiredKeys: [] },
    ),
    extraQuery: fc.constant({}),
    body: media ? arbitraryFromJsonSchema(content[media]?.schema ?? {}, options) : fc.constant(undefined),
    rawJson: fc.constant(null),
  }) as fc.Arbitrary<Generated>;
}

function formBody(value: unknown, withPhoto: boolean): FormData {
  const form = new FormData();
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, field] of Object.entries(value))
      form.set(key, typeof field === 'string' ? field : JSON.stringify(field));
  }
  form.set(
    'document',
    new File([new Uint8Array(withPhoto ? photo : Buffer.from('not an image'))], 'photo.jpg', { type: 'image/jpeg' }),
  );
  return form;
}

/**
 * Percent-encodes as a hostile client may: a lone surrogate, which UTF-8 cannot encode (encodeURIComponent
 * throws, URLSearchParams sends U+FFFD), goes as its three generalised-UTF-8 bytes (%ED%A0%80 for U+D800),
 * invalid UTF-8 the server must refuse cleanly.
 */
function encodeHostile(value: string): string {
  let encoded = '';
  for (const character of value) {
    const unit = character.charCodeAt(0);
    encoded +=
      character.length === 1 && unit >= 0xd800 && unit <= 0xdfff
        ? [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
            .map((byte) => `%${byte.toString(16).toUpperCase()}`)
            .join('')
        : encodeURIComponent(character);
  }
  return encoded;
}

async function send(method: string, path: string, operation: Operation, generated: Generated) {
  let url = path;
  [...path.matchAll(/\{([^}]+)\}/g)].forEach((match, index) => {
    url = url.replace(match[0], encodeHostile(String(generated.pathValues[index] ?? '')));
  });
  const search = Object.entries({ ...generated.extraQuery, ...generated.query }).map(
    ([key, value]) =>
      `${encodeHostile(key)}=${encodeHostile(typeof value === 'string' ? value : JSON.stringify(value))}`,
  );
  if (search.length > 0) url += `?${search.join('&')}`;

  const headers: Record<string, string> = {};
  if (generated.signedIn) {
    const credentials = await fresh();
    const schemes = (operation.security ?? []).flatMap((requirement) => Object.keys(requirement));
    if (schemes.includes('adminBearer')) headers.Authorization = `Bearer ${credentials.admin}`;
    if (schemes.includes('portalBearer')) headers.Authorization = `Bearer ${credentials.portal}`;
    if (schemes.includes('metricsBearer')) headers.Authorization = `Bearer ${METRICS_TOKEN}`;
    if (schemes.includes('csrfHeader')) headers[CSRF_HEADER] = credentials.csrf;
  }
  let body: string | FormData | undefined;
  const media = Object.keys(operation.requestBody?.content ?? {})[0];
  if (method !== 'GET' && method !== 'HEAD') {
    if (media === 'multipart/form-data') body = formBody(generated.body, generated.withPhoto);
    else if (generated.rawJson !== null) body = generated.rawJson;
    else if (generated.body !== undefined)
      body =
        typeof generated.body === 'string' && media !== 'application/json'
          ? generated.body
          : JSON.stringify(generated.body);
    if (typeof body === 'string') headers['Content-Type'] = media ?? 'application/json';
  }
  const response = await t.app.request(url, { method, headers, body });
  return { url, status: response.status, text: await response.text() };
}

describe('every documented route, with each tricky character in every free-text field', () => {
  it('answers 2xx or 4xx, never 5xx', { timeout: 600_000 }, async () => {
    let sent = 0;
    const refused = new Map<string, number>();
    for (const { method, path, operation } of operations) {
      for (const character of TRICKY_CHARACTERS) {
        // One per character and route, with the character in every free-text field at once.
        for (const generated of fc.sample(trickyRequest(path, operation, character), 1)) {
          const answer = await send(method, path, operation, generated);
          sent++;
          if (answer.status === 400) refused.set(character, (refused.get(character) ?? 0) + 1);
          if (answer.status < 200 || answer.status >= 500) {
            throw new Error(
              `${method} ${answer.url} with U+${character.codePointAt(0)!.toString(16).toUpperCase()} answered ${answer.status}: ${answer.text.slice(0, 300)}`,
            );
          }
        }
      }
    }
    expect(sent).toBe(operations.length * TRICKY_CHARACTERS.length);
    console.log(
      `tricky Unicode pass: ${sent} requests over ${operations.length} routes, ${TRICKY_CHARACTERS.length} characters (lone surrogates, NUL, combining and right-to-left marks, 4-byte characters); 400s by character ${JSON.stringify(Object.fromEntries([...refused].map(([c, n]) => [`U+${c.codePointAt(0)!.toString(16).toUpperCase()}`, n])))}`,
    );
  });
});

describe('every documented route, under generated input', () => {
  it('answers 2xx or 4xx, never 5xx', { timeout: 600_000 }, async () => {
    expect(operations.length).toBeGreaterThan(80);
    let sent = 0;
    // Requests with a lone surrogate, NUL, combining or right-to-left mark, or 4-byte character somewhere.
    let tricky = 0;
    const statuses = new Map<number, number>();
    const reached = new Set<string>();
    for (const { method, path, operation } of operations) {
      await fc.assert(
        fc.asyncProperty(requestArbitrary(path, operation), async (generated) => {
          const answer = await send(method, path, operation, generated);
          sent++;
          if (holdsTrickyText(generated)) tricky++;
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          if (answer.status < 300) reached.add(`${method} ${path}`);
          if (answer.status < 200 || answer.status >= 500) {
            throw new Error(`${method} ${answer.url} answered ${answer.status}: ${answer.text.slice(0, 300)}`);
          }
        }),
        { numRuns: RUNS, endOnFailure: true },
      );
    }
    expect(sent).toBeGreaterThanOrEqual(operations.length * RUNS);
    // The Unicode cases are generated often, not by luck.
    expect(tricky).toBeGreaterThan(sent / 10);
    console.log(
      `property test: ${sent} requests over ${operations.length} routes, ${tricky} with tricky Unicode; answers by status ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}; ${reached.size} routes answered 2xx at least once`,
    );
    // The generated input gets past validation often enough to reach the code behind it, not only the 400s.
    expect(reached.size).toBeGreaterThan(operations.length / 3);
  });
});
