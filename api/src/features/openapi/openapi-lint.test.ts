import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countByRule, redoclyProblems, spectralProblems, type LintProblem } from '../../test/openapi-lint';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * Issue 27, item 7: the document states the rules the server applies, so that a client generated from it
 * sends what the server accepts. Checked with the linters the outside review ran: Redocly's recommended
 * ruleset, and Spectral with spectral:oas and the OWASP API Security ruleset.
 */

/**
 * OWASP findings that describe this API as it is meant to be, each with the reason. Anything else fails.
 * The limits rules (string, array, integer) are accepted on answers only: requests must state them all.
 */
const ACCEPTED: Record<string, string> = {
  'owasp:api2:2023-no-api-keys-in-url':
    "The verification code in /verify/{code}'s calls (public-site spec): a one-time code that stands in for a session.",
  'owasp:api2:2023-write-restricted':
    'Public by design: the contact form, onboarding, sign-in steps and the sign-in link (each throttled).',
  'owasp:api2:2023-read-restricted': 'Public by design: health checks, the CSRF token and this document.',
  'owasp:api4:2023-rate-limit':
    'The API sends Retry-After on a 429, not RateLimit headers on every answer: declaring them would be untrue.',
  'owasp:api4:2023-rate-limit-responses-429':
    '429 is declared on the routes whose throttles can answer it, not on all.',
  'owasp:api8:2023-define-error-responses-401': 'Public routes have no 401.',
  'owasp:api8:2023-define-error-validation': 'Routes that take no body or query have no 400.',
  'owasp:api4:2023-string-restricted': 'Free text (names, notes, messages) has a length limit, not a format.',
};
const LIMIT_RULES = new Set([
  'owasp:api4:2023-string-limit',
  'owasp:api4:2023-array-limit',
  'owasp:api4:2023-integer-format',
]);
const inRequest = (problem: LintProblem) =>
  /\.(requestBody|parameters)\./.test(`.${problem.path}.`) && !problem.path.startsWith('components.responses');

let t: TestApp;
let document: any;

beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_TOKEN: 'm'.repeat(32) } });
  document = (await t.request('GET', '/api/openapi.json')).json;
});
afterAll(() => t.close());

describe("the OpenAPI document under the outside review's linters", () => {
  it("has no problem under Redocly's recommended ruleset, errors or warnings", async () => {
    const problems = await redoclyProblems(document);
    expect(countByRule(problems)).toEqual({});
  });

  it('under Spectral (spectral:oas and OWASP) states every request limit, describes and tags every operation, declares 500', async () => {
    const problems = await spectralProblems(document);
    console.log(`Spectral on the document: ${JSON.stringify(countByRule(problems))}`);
    const unexpected = problems.filter((problem) =>
      LIMIT_RULES.has(problem.rule) ? inRequest(problem) : !(problem.rule in ACCEPTED),
    );
    expect(
      unexpected.map((problem) => `${problem.severity} ${problem.rule} at ${problem.path}: ${problem.message}`),
    ).toEqual([]);
  });

  it('states the rules the fuzzer found hidden in refinements, and a 413, 500 and description on every operation', () => {
    const contact = document.paths['/api/contact'].post.requestBody.content['application/json'].schema;
    expect(contact.properties.message).toMatchObject({ minLength: 10, maxLength: 5000 });
    expect(contact.properties.name).toMatchObject({ minLength: 2, maxLength: 200 });
    const login = document.paths['/api/admin/login'].post.requestBody.content['application/json'].schema;
    expect(login.properties.username).toMatchObject({ maxLength: 100 });
    for (const [path, item] of Object.entries<any>(document.paths)) {
      for (const [method, operation] of Object.entries<any>(item)) {
        expect(operation.description, `${method} ${path}`).toMatch(/\S\. (Open to anyone\.|Needs )/);
        expect(Object.keys(operation.responses), `${method} ${path}`).toEqual(expect.arrayContaining(['413', '500']));
      }
    }
    expect(document.servers).toHaveLength(1);
    const tags = new Set(document.tags.map((tag: { name: string }) => tag.name));
    for (const item of Object.values<any>(document.paths))
      for (const operation of Object.values<any>(item)) expect(tags.has(operation.tags[0])).toBe(true);
  });
});
