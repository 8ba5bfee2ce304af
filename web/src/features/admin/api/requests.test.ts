import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError, onAdminAuthError } from '../../../lib/api-client';
import { fetchRequestImage, fetchRequests, normaliseRequestList, type RequestListRow } from './requests';

describe('identity images (apiBlob)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('answers the image as a Blob', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(new Uint8Array([0xff, 0xd8, 0xff]), { status: 200, headers: { 'Content-Type': 'image/jpeg' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const blob = await fetchRequestImage('r-1', 'selfie');
    expect(blob.type).toBe('image/jpeg');
    expect(blob.size).toBe(3);
    const [url] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/admin/requests/r-1/verification/selfie');
  });

  it('turns an error answer into ApiRequestError, and tells the session about a 401', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ success: false, code: 'NOT_FOUND', message: 'Image not found' }), {
            status: 404,
          }),
      ),
    );
    await expect(fetchRequestImage('r-1', 'id_back')).rejects.toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
      message: 'Image not found',
      fromServer: true,
    });

    const heard: ApiRequestError[] = [];
    const stop = onAdminAuthError((error) => heard.push(error));
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({ success: false, code: 'UNAUTHENTICATED', message: 'Your session has expired.' }),
            { status: 401 },
          ),
      ),
    );
    await expect(fetchRequestImage('r-1', 'id_front')).rejects.toBeInstanceOf(ApiRequestError);
    stop();
    expect(heard.map((error) => error.status)).toEqual([401]);
  });

  it('marks a failed connection as a network error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(fetchRequestImage('r-1', 'selfie')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });
});

describe('the request list (bare array accepted)', () => {
  afterEach(() => vi.unstubAllGlobals());

  const row = (id: string): RequestListRow => ({
    id,
    shareholderName: 'Dana Whitfield',
    shareholderCode: 'DEMO01',
    referenceNumber: `TR-2026-00000${id}`,
    requestType: 'TRANSFER',
    status: 'PENDING',
    createdAt: '2026-01-05T10:00:00.000Z',
    assignedTo: null,
    assignedToMe: false,
    isFlagged: false,
    flagPriority: null,
    adminNotes: '',
    verification: 'PENDING',
    verificationComplete: false,
    sharesCount: 100,
    transferAllShares: false,
  });
  const json = (body: unknown) =>
    vi.fn(
      async () => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } }),
    );

  it('normalises a bare array to one page of every row', () => {
    const rows = [row('1'), row('2')];
    expect(normaliseRequestList(rows)).toEqual({
      success: true,
      requests: rows,
      total: 2,
      totalPages: 1,
      page: 1,
      nextCursor: null,
    });
    expect(normaliseRequestList([])).toEqual({
      success: true,
      requests: [],
      total: 0,
      totalPages: 1,
      page: 1,
      nextCursor: null,
    });
  });

  it('leaves the paged answer as it is', () => {
    const page = { success: true as const, requests: [], total: 45, totalPages: 3, page: 2, nextCursor: null };
    expect(normaliseRequestList(page)).toBe(page);
  });

  it('reads either answer from the server', async () => {
    vi.stubGlobal('fetch', json([row('1'), row('2'), row('3')]));
    await expect(fetchRequests({ page: 1 })).resolves.toMatchObject({
      total: 3,
      totalPages: 1,
      page: 1,
      requests: [{ id: '1' }, { id: '2' }, { id: '3' }],
    });
    vi.stubGlobal(
      'fetch',
      json({ success: true, requests: [row('9')], total: 41, totalPages: 3, page: 3, nextCursor: null }),
    );
    await expect(fetchRequests({ page: 3 })).resolves.toMatchObject({
      total: 41,
      totalPages: 3,
      page: 3,
      requests: [{ id: '9' }],
    });
  });

  it('refuses an array of things that are not rows', async () => {
    vi.stubGlobal('fetch', json([{ id: 1 }]));
    await expect(fetchRequests({ page: 1 })).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
  });
});
