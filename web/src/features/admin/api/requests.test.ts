import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError, onAdminAuthError } from '../../../lib/api-client';
import { fetchRequestImage } from './requests';

describe('identity images (apiBlob)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('answers the image as a Blob', async () => {
    const fetchMock = vi.fn(async () => new Response(new Uint8Array([0xff, 0xd8, 0xff]), { status: 200, headers: { 'Content-Type': 'image/jpeg' } }));
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
      vi.fn(async () => new Response(JSON.stringify({ success: false, code: 'NOT_FOUND', message: 'Image not found' }), { status: 404 })),
    );
    await expect(fetchRequestImage('r-1', 'id_back')).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND', message: 'Image not found', fromServer: true });

    const heard: ApiRequestError[] = [];
    const stop = onAdminAuthError((error) => heard.push(error));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ success: false, code: 'UNAUTHENTICATED', message: 'Your session has expired.' }), { status: 401 })),
    );
    await expect(fetchRequestImage('r-1', 'id_front')).rejects.toBeInstanceOf(ApiRequestError);
    stop();
    expect(heard.map((error) => error.status)).toEqual([401]);
  });

  it('marks a failed connection as a network error', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(fetchRequestImage('r-1', 'selfie')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });
});
