import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { portalFixtures } from '../../test/portal-fixtures';
import { createAdminUser, createTestApp, loginToken, type TestApp } from '../../test/test-app';

const PHOTO_POLICY = "default-src 'none'; sandbox";

/** The ID photo carries its own, stricter policy; the global headers must not replace it. */
describe('ID photo response headers', () => {
  let t: TestApp;
  let admin: string;
  let requestId: string;

  beforeEach(async () => {
    t = await createTestApp();
    await createAdminUser(t.deps, { username: 'rita', password: 'Correct-Horse-7', role: 'REVIEWER' });
    admin = await loginToken(t, 'rita', 'Correct-Horse-7');
    const portal = portalFixtures(t);
    await portal.seed();
    const transfer = await portal.transfer(await portal.signIn());
    await portal.uploadAll(transfer.code!);
    requestId = transfer.id;
  });
  afterEach(() => t.close());

  const headersOf = async (path: string, token?: string) => {
    const response = await t.app.request(path, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
    await response.arrayBuffer();
    return { status: response.status, headers: response.headers };
  };

  it("keeps the photo route's own Content-Security-Policy and the global one everywhere else", async () => {
    const global = (await headersOf('/api/health')).headers.get('Content-Security-Policy');
    expect(global).toContain("default-src 'self'");
    expect(global).toContain("frame-ancestors 'none'");

    const photo = await headersOf(`/api/admin/requests/${requestId}/verification/selfie`, admin);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('Content-Security-Policy')).toBe(PHOTO_POLICY);
    // The other global headers still reach the photo.
    expect(photo.headers.get('X-Frame-Options')).toBe('DENY');
    expect(photo.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
    expect(photo.headers.get('X-Content-Type-Options')).toBe('nosniff');

    for (const [path, token] of [
      [`/api/admin/requests/${requestId}`, admin],
      ['/api/admin/requests', admin],
      ['/api/nowhere', undefined],
    ] as const) {
      const answer = await headersOf(path, token);
      expect(answer.headers.get('Content-Security-Policy'), path).toBe(global);
    }
    // A refused photo call is an ordinary JSON error: the global policy.
    const refused = await headersOf(`/api/admin/requests/${requestId}/verification/selfie`);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('Content-Security-Policy')).toBe(global);
  });
});
