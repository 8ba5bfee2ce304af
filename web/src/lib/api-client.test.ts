import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiRequest, ApiRequestError } from './api-client';

function answer(status: number, body: unknown) {
  return vi.fn(async () => new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
}

describe('apiRequest', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends JSON and parses the answer with the given schema', async () => {
    const fetchMock = answer(200, { success: true, value: 3 });
    vi.stubGlobal('fetch', fetchMock);
    const result = await apiRequest('/api/thing', { method: 'POST', body: { a: 1 }, query: { q: 'x', empty: '' }, schema: z.object({ success: z.literal(true), value: z.number() }) });
    expect(result).toEqual({ success: true, value: 3 });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/thing?q=x');
    expect(init.body).toBe('{"a":1}');
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/json');
  });

  it('turns the server error shape into an ApiRequestError with field messages', async () => {
    vi.stubGlobal('fetch', answer(400, { success: false, code: 'VALIDATION_ERROR', message: 'Username is required', errors: { username: 'Username is required' }, requestId: 'r-123456789' }));
    const error = await apiRequest('/api/admin/login', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', message: 'Username is required', fromServer: true, requestId: 'r-123456789' });
    expect((error as ApiRequestError).fieldErrors).toEqual({ username: 'Username is required' });
  });

  it('keeps the bad lines of a file upload apart from field messages', async () => {
    vi.stubGlobal('fetch', answer(400, { success: false, code: 'VALIDATION_ERROR', message: 'The file has 1 problem; nothing was imported.', errors: [{ line: 3, message: 'shares_held: bad' }] }));
    const error = (await apiRequest('/api/admin/shareholders/import', { method: 'POST', body: 'x' }).catch((e: unknown) => e)) as ApiRequestError;
    expect(error.lineErrors).toEqual([{ line: 3, message: 'shares_held: bad' }]);
    expect(error.fieldErrors).toEqual({});
  });

  it('sends a string body as is with the given content type', async () => {
    const fetchMock = answer(200, { success: true });
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest('/api/admin/shareholders/import', { method: 'POST', body: 'code,name\n', contentType: 'text/csv' });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.body).toBe('code,name\n');
    expect(new Headers(init.headers).get('Content-Type')).toBe('text/csv');
  });

  it('marks a failed connection as a network error', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => { throw new TypeError('Failed to fetch'); }));
    const error = await apiRequest('/api/health').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, code: 'NETWORK_ERROR', isNetworkError: true, fromServer: false });
  });

  it('refuses an answer that does not match the schema, and a non-JSON error body', async () => {
    vi.stubGlobal('fetch', answer(200, { success: true }));
    await expect(apiRequest('/api/x', { schema: z.object({ token: z.string() }) })).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
    vi.stubGlobal('fetch', vi.fn(async () => new Response('<html>502</html>', { status: 502, statusText: 'Bad Gateway' })));
    await expect(apiRequest('/api/x')).rejects.toMatchObject({ status: 502, code: 'BAD_RESPONSE', fromServer: false });
  });

  it('on a CSRF refusal fetches a fresh token and sends the call once more (a cached token the server stopped accepting)', async () => {
    let issued = 0;
    const accepted = new Set<string>();
    const calls: (string | null)[] = [];
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/csrf-token') {
        const token = `token-${++issued}`;
        return new Response(JSON.stringify({ success: true, csrfToken: token }), { status: 200 });
      }
      const token = new Headers(init?.headers).get('X-CSRF-Token');
      calls.push(token);
      if (token && accepted.has(token)) return new Response(JSON.stringify({ success: true }), { status: 200 });
      return new Response(JSON.stringify({ success: false, code: 'CSRF_INVALID', message: 'Invalid or missing security token.' }), { status: 403 });
    });
    vi.stubGlobal('fetch', fetchMock);

    // token-1 is cached, then refused (as after a key change): token-2 is fetched and accepted.
    accepted.add('token-2');
    await expect(apiRequest('/api/guarded', { csrf: true })).resolves.toEqual({ success: true });
    expect(calls).toEqual(['token-1', 'token-2']);
    // The fresh token is the cached one now.
    await apiRequest('/api/guarded', { csrf: true });
    expect(calls).toEqual(['token-1', 'token-2', 'token-2']);

    // A refusal of the fresh token too is the caller's error: one retry, not a loop.
    accepted.clear();
    await expect(apiRequest('/api/guarded', { csrf: true })).rejects.toMatchObject({ status: 403, code: 'CSRF_INVALID' });
    expect(calls.slice(3)).toEqual(['token-2', 'token-3']);
    expect(issued).toBe(3);
  });
});
