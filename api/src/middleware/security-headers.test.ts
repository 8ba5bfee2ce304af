import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

const HSTS = 'max-age=63072000; includeSubDomains';

describe('Strict-Transport-Security', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function hsts(url: string, headers: Record<string, string> = {}): Promise<string | null> {
    const res = await t!.app.request(url, { headers });
    return res.headers.get('Strict-Transport-Security');
  }

  it('is never sent without a trusted proxy and with an http PUBLIC_URL, whatever the request claims', async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '0', PUBLIC_URL: 'http://portal.example.com' } });
    expect(await hsts('/api/health')).toBeNull();
    expect(await hsts('/api/health', { 'X-Forwarded-Proto': 'https' })).toBeNull();
    // The scheme of an absolute request target is the client's to choose.
    expect(await hsts('https://portal.example.com/api/health')).toBeNull();
  });

  it('is sent behind a trusted proxy when the proxy says HTTPS, going by the entry the proxy set (the rightmost)', async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '1' } });
    expect(await hsts('/api/health', { 'X-Forwarded-Proto': 'https' })).toBe(HSTS);
    expect(await hsts('/api/health', { 'X-Forwarded-Proto': 'HTTPS' })).toBe(HSTS);
    expect(await hsts('/api/health', { 'X-Forwarded-Proto': 'http, https' })).toBe(HSTS);
    expect(await hsts('/api/health', { 'X-Forwarded-Proto': 'https, http' })).toBeNull();
    expect(await hsts('/api/health', { 'X-Forwarded-Proto': 'http' })).toBeNull();
    expect(await hsts('/api/health')).toBeNull();
    expect(await hsts('https://portal.example.com/api/health', { 'X-Forwarded-Proto': 'http' })).toBeNull();
  });

  it('is always sent when PUBLIC_URL is https', async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '0', PUBLIC_URL: 'https://portal.example.com' } });
    expect(await hsts('/api/health')).toBe(HSTS);
    expect(await hsts('/', { 'X-Forwarded-Proto': 'http' })).toBe(HSTS);
  });
});
