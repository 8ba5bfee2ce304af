import { portalFixtures } from './portal-fixtures';
import { createAdminUser, loginToken, type TestApp } from './test-app';

/**
 * For the tests of photos at rest (local disk or a bucket): a transfer with its three photos
 * uploaded, and the selfie as a signed-in REVIEWER reads it through the admin image route.
 */
export async function transferWithPhotos(t: TestApp): Promise<{ selfie: () => Promise<Response> }> {
  const portal = portalFixtures(t);
  await portal.seed();
  const transfer = await portal.transfer(await portal.signIn());
  await portal.uploadAll(transfer.code!);
  await createAdminUser(t.deps, { username: 'rita', password: 'Str0ng!Passw0rd', role: 'REVIEWER' });
  const admin = await loginToken(t, 'rita', 'Str0ng!Passw0rd');
  const selfie = async () =>
    t.app.request(`/api/admin/requests/${transfer.id}/verification/selfie`, {
      headers: { Authorization: `Bearer ${admin}` },
    });
  return { selfie };
}
