import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiBlob, apiRequest, ApiRequestError, onSessionAuthError, setStepUpHandler } from './api-client';
import { sessionTokens } from './session-token';

/** The unit project runs in Node: a window with a localStorage of its own, for the session tokens. */
function stubStorage() {
  const items = new Map<string, string>();
  vi.stubGlobal('window', {
    localStorage: {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => items.set(key, value),
      removeItem: (key: string) => items.delete(key),
    },
  });
}

function answer(status: number, body: unknown) {
  return vi.fn(
    async () =>
      new Response(body === undefined ? null : JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      }),
  );
}

describe('apiRequest', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends JSON and parses the answer with the given schema', async () => {
    const fetchMock = answer(200, { success: true, value: 3 });
    vi.stubGlobal('fetch', fetchMock);
    const result = await apiRequest('/api/thing', {
      method: 'POST',
      body: { a: 1 },
      query: { q: 'x', empty: '' },
      schema: z.object({ success: z.literal(true), value: z.number() }),
    });
    expect(result).toEqual({ success: true, value: 3 });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/thing?q=x');
    expect(init.body).toBe('{"a":1}');
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/json');
  });

  it('turns the server error shape into an ApiRequestError with field messages', async () => {
    vi.stubGlobal(
      'fetch',
      answer(400, {
        success: false,
        code: 'VALIDATION_ERROR',
        message: 'Username is required',
        errors: { username: 'Username is required' },
        requestId: 'r-123456789',
      }),
    );
    const error = await apiRequest('/api/admin/login', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'Username is required',
      fromServer: true,
      requestId: 'r-123456789',
    });
    expect((error as ApiRequestError).fieldErrors).toEqual({ username: 'Username is required' });
  });

  it('shows the server message for a 503 while the database is away, even over the failure text of the call', async () => {
    const message = 'The service is briefly unavailable. Please try again in a moment.';
    vi.stubGlobal(
      'fetch',
      answer(503, { success: false, code: 'SERVICE_UNAVAILABLE', message, requestId: 'r-503503503' }),
    );
    const error = await apiRequest('/api/admin/requests', { failureMessage: 'Could not load requests' }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE', message, fromServer: true });
  });

  it('keeps the bad lines of a file upload apart from field messages', async () => {
    vi.stubGlobal(
      'fetch',
      answer(400, {
        success: false,
        code: 'VALIDATION_ERROR',
        message: 'The file has 1 problem; nothing was imported.',
        errors: [{ line: 3, message: 'shares_held: bad' }],
      }),
    );
    const error = (await apiRequest('/api/admin/shareholders/import', { method: 'POST', body: 'x' }).catch(
      (e: unknown) => e,
    )) as ApiRequestError;
    expect(error.lineErrors).toEqual([{ line: 3, message: 'shares_held: bad' }]);
    expect(error.fieldErrors).toEqual({});
  });

  it('sends a string body as is with the given content type', async () => {
    const fetchMock = answer(200, { success: true });
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest('/api/admin/shareholders/import', {
      method: 'POST',
      body: 'code,name\n',
      contentType: 'text/csv',
    });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.body).toBe('code,name\n');
    expect(new Headers(init.headers).get('Content-Type')).toBe('text/csv');
  });

  it('marks a failed connection as a network error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const error = await apiRequest('/api/health').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, code: 'NETWORK_ERROR', isNetworkError: true, fromServer: false });
  });

  it('refuses an answer that does not match the schema, and a non-JSON error body', async () => {
    vi.stubGlobal('fetch', answer(200, { success: true }));
    await expect(apiRequest('/api/x', { schema: z.object({ token: z.string() }) })).rejects.toMatchObject({
      code: 'BAD_RESPONSE',
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>502</html>', { status: 502, statusText: 'Bad Gateway' })),
    );
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
      return new Response(
        JSON.stringify({ success: false, code: 'CSRF_INVALID', message: 'Invalid or missing security token.' }),
        { status: 403 },
      );
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
    await expect(apiRequest('/api/guarded', { csrf: true })).rejects.toMatchObject({
      status: 403,
      code: 'CSRF_INVALID',
    });
    expect(calls.slice(3)).toEqual(['token-2', 'token-3']);
    expect(issued).toBe(3);
  });
});

describe('step-up: a sensitive admin call answered 403 MFA_STEP_UP_REQUIRED', () => {
  const stepUpRequired = () =>
    new Response(
      JSON.stringify({ success: false, code: 'MFA_STEP_UP_REQUIRED', message: 'Confirm it is you to continue.' }),
      { status: 403 },
    );
  let unregister: (() => void) | undefined;
  afterEach(() => {
    unregister?.();
    vi.unstubAllGlobals();
  });

  /** Refuses each distinct call `refusals` times, then answers `ok`. */
  function server(refusals: number, ok: () => Response) {
    const seen = new Map<string, number>();
    return vi.fn(async (url: string, init?: RequestInit) => {
      const key = `${init?.method ?? 'GET'} ${url}`;
      const count = (seen.get(key) ?? 0) + 1;
      seen.set(key, count);
      return count <= refusals ? stepUpRequired() : ok();
    });
  }

  it('awaits the handler and, confirmed, sends the same call once more: JSON and FormData bodies alike', async () => {
    const fetchMock = server(1, () => new Response(JSON.stringify({ success: true }), { status: 201 }));
    vi.stubGlobal('fetch', fetchMock);
    const handler = vi.fn(async () => true);
    unregister = setStepUpHandler(handler);

    await expect(
      apiRequest('/api/admin/users', { method: 'POST', auth: 'admin', body: { username: 'newbie' } }),
    ).resolves.toEqual({ success: true });
    expect(handler).toHaveBeenCalledTimes(1);
    const [first, second] = fetchMock.mock.calls as unknown as [string, RequestInit][];
    expect(second![0]).toBe('/api/admin/users');
    expect(second![1].body).toBe('{"username":"newbie"}');
    expect(second![1].body).toBe(first![1].body);
    expect(second![1].method).toBe('POST');

    const form = new FormData();
    form.set('file', new Blob(['code,name\n'], { type: 'text/csv' }), 'list.csv');
    await apiRequest('/api/admin/ip-whitelist', { method: 'PUT', auth: 'admin', body: form });
    const sent = (fetchMock.mock.calls as unknown as [string, RequestInit][]).slice(2).map(([, init]) => init.body);
    expect(sent).toEqual([form, form]);
    expect(await (sent[1] as FormData).get('file')).toBeInstanceOf(Blob);
  });

  it('cancelled, throws the refusal as before; a second refusal after confirming is not a loop', async () => {
    vi.stubGlobal(
      'fetch',
      server(1, () => new Response(JSON.stringify({ success: true }), { status: 200 })),
    );
    unregister = setStepUpHandler(async () => false);
    await expect(apiRequest('/api/admin/users', { method: 'POST', auth: 'admin', body: {} })).rejects.toMatchObject({
      status: 403,
      code: 'MFA_STEP_UP_REQUIRED',
    });
    expect(fetch).toHaveBeenCalledTimes(1);

    unregister();
    const handler = vi.fn(async () => true);
    unregister = setStepUpHandler(handler);
    vi.stubGlobal(
      'fetch',
      server(Infinity, () => new Response(null, { status: 200 })),
    );
    const error = await apiRequest('/api/admin/users/x', { method: 'DELETE', auth: 'admin' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ code: 'MFA_STEP_UP_REQUIRED' });
    expect(handler).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('calls refused at the same time share one dialog', async () => {
    vi.stubGlobal(
      'fetch',
      server(1, () => new Response(JSON.stringify({ success: true }), { status: 200 })),
    );
    let confirm: (value: boolean) => void = () => undefined;
    const handler = vi.fn(() => new Promise<boolean>((resolve) => (confirm = resolve)));
    unregister = setStepUpHandler(handler);
    const calls = Promise.all([
      apiRequest('/api/admin/users', { method: 'POST', auth: 'admin', body: {} }),
      apiRequest('/api/admin/ip-whitelist', { method: 'POST', auth: 'admin', body: {} }),
      apiBlob('/api/admin/contact-submissions/export/csv', { auth: 'admin' }),
    ]);
    await vi.waitFor(() => expect(handler).toHaveBeenCalled());
    // Every refusal has been read by now (they answer at once): all three wait on the one dialog.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetch).toHaveBeenCalledTimes(3);
    confirm(true);
    await calls;
    expect(handler).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledTimes(6);
  });

  it('retries a CSV download (apiBlob) and returns the file', async () => {
    vi.stubGlobal(
      'fetch',
      server(1, () => new Response('id,name\n1,a\n', { status: 200, headers: { 'Content-Type': 'text/csv' } })),
    );
    unregister = setStepUpHandler(async () => true);
    const blob = await apiBlob('/api/admin/issuer-applications/export/csv', {
      auth: 'admin',
      query: { status: 'pending' },
    });
    expect(await blob.text()).toBe('id,name\n1,a\n');
    expect((fetch as unknown as { mock: { calls: [string][] } }).mock.calls.map(([url]) => url)).toEqual([
      '/api/admin/issuer-applications/export/csv?status=pending',
      '/api/admin/issuer-applications/export/csv?status=pending',
    ]);

    unregister();
    unregister = setStepUpHandler(async () => false);
    vi.stubGlobal(
      'fetch',
      server(1, () => new Response('x', { status: 200 })),
    );
    await expect(apiBlob('/api/admin/issuer-applications/export/csv', { auth: 'admin' })).rejects.toMatchObject({
      status: 403,
      code: 'MFA_STEP_UP_REQUIRED',
    });
  });

  it('leaves calls without the admin session alone', async () => {
    vi.stubGlobal(
      'fetch',
      server(1, () => new Response(null, { status: 200 })),
    );
    const handler = vi.fn(async () => true);
    unregister = setStepUpHandler(handler);
    await expect(apiRequest('/api/admin/users', { method: 'POST', body: {} })).rejects.toMatchObject({
      code: 'MFA_STEP_UP_REQUIRED',
    });
    expect(handler).not.toHaveBeenCalled();
  });

  it("an issuer call sends the issuer's token and asks the issuer area's dialog, never the staff one", async () => {
    stubStorage();
    sessionTokens.admin.set('staff-token');
    sessionTokens.issuer.set('issuer-token');
    const fetchMock = server(1, () => new Response(JSON.stringify({ success: true }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const staffDialog = vi.fn(async () => true);
    const issuerDialog = vi.fn(async () => true);
    const unregisterStaff = setStepUpHandler(staffDialog);
    unregister = setStepUpHandler(issuerDialog, 'issuer');
    try {
      await expect(apiRequest('/api/issuer/users', { method: 'POST', auth: 'issuer', body: {} })).resolves.toEqual({
        success: true,
      });
    } finally {
      unregisterStaff();
    }
    expect(issuerDialog).toHaveBeenCalledTimes(1);
    expect(staffDialog).not.toHaveBeenCalled();
    const bearers = (fetchMock.mock.calls as unknown as [string, RequestInit][]).map(([, init]) =>
      new Headers(init.headers).get('Authorization'),
    );
    expect(bearers).toEqual(['Bearer issuer-token', 'Bearer issuer-token']);
  });
});

describe('a 401 ends only the session whose call it answered', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("clears the issuer's token and tells the issuer listeners; the staff session stays", async () => {
    stubStorage();
    sessionTokens.admin.set('staff-token');
    sessionTokens.issuer.set('issuer-token');
    vi.stubGlobal('fetch', answer(401, { success: false, code: 'UNAUTHORIZED', message: 'Sign in again.' }));
    const issuerHeard: number[] = [];
    const staffHeard: number[] = [];
    const stopIssuer = onSessionAuthError('issuer', (error) => issuerHeard.push(error.status));
    const stopStaff = onSessionAuthError('admin', (error) => staffHeard.push(error.status));
    try {
      await expect(apiRequest('/api/issuer/cap-table', { auth: 'issuer' })).rejects.toMatchObject({ status: 401 });
    } finally {
      stopIssuer();
      stopStaff();
    }
    expect(issuerHeard).toEqual([401]);
    expect(staffHeard).toEqual([]);
    expect(sessionTokens.issuer.get()).toBeNull();
    expect(sessionTokens.admin.get()).toBe('staff-token');
  });
});

describe('when the error schema cannot be loaded (a page kept from before a release)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.doUnmock('@ledgerwell/shared/api-error');
    vi.doUnmock('@ledgerwell/shared/csrf-response');
    vi.resetModules();
  });

  /** A fresh api-client whose lazy imports of `modules` fail as a missing chunk does. */
  async function clientWithout(...modules: string[]) {
    vi.resetModules();
    for (const name of modules) {
      vi.doMock(name, () => {
        throw new TypeError('Failed to fetch dynamically imported module');
      });
    }
    return import('./api-client');
  }

  it("a failed call is still an ApiRequestError, told by its status and the call's failure text", async () => {
    const client = await clientWithout('@ledgerwell/shared/api-error');
    vi.stubGlobal('fetch', answer(400, { success: false, code: 'VALIDATION_ERROR', message: 'Username is required' }));
    const error = await client
      .apiRequest('/api/admin/login', { method: 'POST', body: {}, failureMessage: 'Could not sign in' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(client.ApiRequestError);
    expect(error).toMatchObject({ status: 400, code: 'BAD_RESPONSE', message: 'Could not sign in', fromServer: false });
  });

  it('a call that needs a CSRF token fails as a network error, without sending the call', async () => {
    const client = await clientWithout('@ledgerwell/shared/csrf-response');
    const fetchMock = answer(200, { success: true, csrfToken: 't' });
    vi.stubGlobal('fetch', fetchMock);
    await expect(client.apiRequest('/api/contact', { method: 'POST', body: {}, csrf: true })).rejects.toMatchObject({
      status: 0,
      code: 'NETWORK_ERROR',
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
