import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGING_MESSAGES } from '@ledgerwell/shared/paging';
import { createAdminUser, createTestApp, loginToken, type TestApp } from './test/test-app';

/** Every paged admin list stops at the same depth (shared/src/paging.ts), whatever its page size. */
describe('admin list paging depth', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    await createAdminUser(t.deps, { username: 'olga', password: 'Correct-Horse-7', role: 'READ_ONLY' });
    token = await loginToken(t, 'olga', 'Correct-Horse-7');
  });
  afterAll(() => t.close());

  const get = (path: string) => t.request('GET', `/api/admin${path}`, { token });

  async function expectTooDeep(path: string, field: 'page' | 'offset') {
    const answer = await get(path);
    expect(answer.status, path).toBe(400);
    expect(answer.json, path).toMatchObject({
      success: false,
      code: 'VALIDATION_ERROR',
      message: PAGING_MESSAGES.tooDeep,
      errors: { [field]: PAGING_MESSAGES.tooDeep },
    });
    expect(answer.json.message).toMatch(/narrow the search with filters/);
  }

  it.each([
    ['/requests', 'requests'],
    ['/shareholders', 'shareholders'],
  ])('%s answers its deepest page and refuses the next one', async (list, rows) => {
    // 5,000 pages of the default 20 rows and 1,000 of 100 reach row 100,000 exactly.
    for (const query of ['page=5000', 'page=1000&limit=100', 'page=100000&limit=1']) {
      const answer = await get(`${list}?${query}`);
      expect(answer.status, query).toBe(200);
      expect(answer.json[rows], query).toEqual([]);
    }
    await expectTooDeep(`${list}?page=5001`, 'page');
    await expectTooDeep(`${list}?page=1001&limit=100`, 'page');
    await expectTooDeep(`${list}?page=100001&limit=1`, 'page');
    await expectTooDeep(`${list}?page=1000000000`, 'page');
  });

  it('/activity answers its deepest offset and refuses one row further', async () => {
    for (const query of ['offset=99950', 'offset=99800&limit=200', 'offset=99999&limit=1']) {
      const answer = await get(`/activity?${query}`);
      expect(answer.status, query).toBe(200);
      expect(answer.json.data.activities, query).toEqual([]);
    }
    await expectTooDeep('/activity?offset=99951', 'offset');
    await expectTooDeep('/activity?offset=99801&limit=200', 'offset');
    await expectTooDeep('/activity?resource_type=PORTAL_SIGN_IN&offset=100000', 'offset');
  });

  it('caps the page size of each list', async () => {
    for (const [path, max] of [
      ['/requests', 100],
      ['/shareholders', 100],
      ['/activity', 200],
    ] as const) {
      expect((await get(`${path}?limit=${max}`)).status, path).toBe(200);
      const tooMany = await get(`${path}?limit=${max + 1}`);
      expect(tooMany.status, path).toBe(400);
      expect(tooMany.json.errors.limit, path).toBe(PAGING_MESSAGES.limitTooLarge(max));
    }
  });
});
