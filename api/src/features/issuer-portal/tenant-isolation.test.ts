import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { adminActivity } from '@ledgerwell/db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { issuerSession, issuerUserWithApp, steppedUpIssuerSession } from '../../test/issuer-portal-app';
import { seedTwoIssuers, type TwoIssuers } from '../../test/issuer-portal-fixtures';

/**
 * Tenant isolation: an issuer's user reads its own registry and nothing of another issuer's. Through the real app and
 * sign-in (each user's own session token), every route is called as
 * each issuer with the other's class ids and with every filter, and every answer body (JSON or CSV) is searched for
 * the other issuer's ids, names, account numbers and tax ID digits. Another issuer's class is a 404 worded exactly as
 * a class that does not exist, so its existence does not leak either.
 */
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/**
 * None of the other issuer's secrets in an answer. A short run of digits (a tax ID's last four) can occur inside any
 * random id by chance (a request id 34678992-… holds 6789), so those are looked for outside the answer's uuids; the
 * other issuer's own ids are secrets of their own, looked for everywhere.
 */
function expectNoSecrets(text: string, secrets: string[], where: string) {
  const withoutIds = text.replace(UUID, '<id>');
  for (const secret of secrets)
    expect(/^\d{1,8}$/.test(secret) ? withoutIds : text, `${where} shows ${secret}`).not.toContain(secret);
}

describe('issuer portal tenant isolation', () => {
  let t: TestApp;
  let seeded: TwoIssuers;
  let acmeSecrets: string[];

  beforeAll(async () => {
    t = await createTestApp();
    seeded = await seedTwoIssuers(t);
    const { acme } = seeded;
    acmeSecrets = [
      acme.id,
      acme.common,
      acme.preferred,
      acme.dana.id,
      acme.bo.id,
      ...acme.dana.accountIds,
      ...acme.bo.accountIds,
      acme.issuance,
      acme.transfer,
      ...Object.values(acme.requests),
      'Acme',
      'Dana',
      'Whitfield',
      'Lindqvist',
      '100200300',
      '100200301',
      '300400500',
      'WH4821',
      'BO1234',
      '6789',
      '4321',
    ];
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Every call an issuer can make, with its own class ids and with the other issuer's. */
  function calls(own: { classIds: string[] }, other: { classIds: string[] }, today: string) {
    const own200 = [
      '/api/issuer/cap-table',
      '/api/issuer/cap-table?limit=500',
      '/api/issuer/transactions',
      '/api/issuer/transactions?limit=200',
      '/api/issuer/transactions?type=TRANSFER',
      '/api/issuer/transactions?type=ISSUANCE',
      `/api/issuer/transactions?from=${today}&to=${today}`,
      '/api/issuer/transactions?from=2000-01-01',
      '/api/issuer/requests',
      '/api/issuer/requests?limit=200',
      '/api/issuer/requests?type=TRANSFER',
      '/api/issuer/requests?type=INQUIRY',
      '/api/issuer/requests?status=APPROVED',
      '/api/issuer/requests?status=PENDING',
      ...own.classIds.flatMap((id) => [
        `/api/issuer/cap-table?classId=${id}`,
        `/api/issuer/classes/${id}/holders`,
        `/api/issuer/classes/${id}/holders?asOf=${today}&limit=500`,
        `/api/issuer/classes/${id}/holders/export/csv`,
        `/api/issuer/transactions?classId=${id}`,
      ]),
    ];
    const other404 = other.classIds.flatMap((id) => [
      `/api/issuer/cap-table?classId=${id}`,
      `/api/issuer/classes/${id}/holders`,
      `/api/issuer/classes/${id}/holders?asOf=${today}`,
      `/api/issuer/classes/${id}/holders/export/csv`,
      `/api/issuer/classes/${id}/holders/export/csv?asOf=${today}`,
      `/api/issuer/transactions?classId=${id}`,
      `/api/issuer/transactions?classId=${id}&type=TRANSFER`,
    ]);
    return { own200, other404 };
  }

  async function expectIsolated(
    issuerId: string,
    own: { classIds: string[] },
    other: { classIds: string[] },
    secrets: string[],
  ) {
    const token = await steppedUpIssuerSession(t, issuerId);
    const get = (path: string) => t.request('GET', path, { token });
    const { own200, other404 } = calls(own, other, seeded.today);
    // Without a recent proof the export asks for one, whosever class it names, before reading anything.
    const unproved = await issuerSession(t, issuerId);
    for (const classId of [...own.classIds, ...other.classIds]) {
      const res = await t.request('GET', `/api/issuer/classes/${classId}/holders/export/csv`, { token: unproved });
      expect(res.status, res.text).toBe(403);
      expect(res.json.code).toBe('MFA_STEP_UP_REQUIRED');
    }
    const unknownClass = await get(`/api/issuer/classes/${randomUUID()}/holders`);
    expect(unknownClass.status).toBe(404);
    for (const path of own200) {
      const res = await get(path);
      expect(res.status, `${path}: ${res.text}`).toBe(200);
      expectNoSecrets(res.text, secrets, path);
    }
    for (const path of other404) {
      const res = await get(path);
      expect(res.status, `${path}: ${res.text}`).toBe(404);
      // Worded as a class that does not exist: nothing tells the other issuer's class from no class.
      expect(res.json.message, path).toBe(unknownClass.json.message);
      expectNoSecrets(res.text, secrets, path);
    }
    // No export of the other issuer's class by this issuer's user was recorded: the 404 comes before anything is
    // written.
    for (const classId of other.classIds) {
      const recorded = await t.deps.db.select().from(adminActivity).where(eq(adminActivity.resourceId, classId));
      const byThisIssuer = recorded.filter(
        (row) => row.actionType === 'ISSUER_HOLDERS_EXPORTED' && row.details.issuerId === issuerId,
      );
      expect(byThisIssuer).toEqual([]);
    }
  }

  it("shows Acme's user nothing of Globex", async () => {
    const { acme, globex } = seeded;
    await expectIsolated(
      acme.id,
      { classIds: [acme.common, acme.preferred] },
      { classIds: [globex.common] },
      globex.secrets,
    );
  });

  it("shows Globex's user nothing of Acme", async () => {
    const { acme, globex } = seeded;
    await expectIsolated(
      globex.id,
      { classIds: [globex.common] },
      { classIds: [acme.common, acme.preferred] },
      acmeSecrets,
    );
  });

  it("gives an issuer's administrator its own OCF bundle, nothing of another issuer's, and a viewer none", async () => {
    const { acme, globex } = seeded;
    const adminUser = await issuerUserWithApp(t, acme.id, { role: 'ISSUER_ADMIN' });
    const asked = await t.request('GET', '/api/issuer/ocf', { token: adminUser.token });
    expect(asked.status).toBe(403);
    expect(asked.json.code).toBe('MFA_STEP_UP_REQUIRED');
    await adminUser.stepUp();
    const res = await t.app.request('/api/issuer/ocf', { headers: { Authorization: `Bearer ${adminUser.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('application/zip');
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const text = Object.values(files)
      .map((file) => strFromU8(file))
      .join('\n');
    expect(text).toContain(acme.id);
    // Short runs of digits (a tax ID's last four) could occur inside any id by chance: the longer secrets say it.
    for (const secret of globex.secrets.filter((value) => !/^\d{1,8}$/.test(value)))
      expect(text, `the bundle shows ${secret}`).not.toContain(secret);
    const [recorded] = await t.deps.db
      .select()
      .from(adminActivity)
      .where(and(eq(adminActivity.actionType, 'OCF_EXPORTED'), eq(adminActivity.resourceId, acme.id)));
    expect(recorded).toMatchObject({ adminUserId: null });
    expect(recorded!.issuerUserId).not.toBeNull();

    // A viewer is refused outright, stepped up or not: no export of the whole cap table at all.
    const viewer = await steppedUpIssuerSession(t, acme.id, { role: 'ISSUER_VIEWER' });
    const refused = await t.request('GET', '/api/issuer/ocf', { token: viewer });
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe('FORBIDDEN');
  });

  it("refuses a viewer the record-date CSV of its own issuer's class, stepped up or not, before asking for a proof", async () => {
    const { acme } = seeded;
    const path = `/api/issuer/classes/${acme.common}/holders/export/csv`;
    for (const viewer of [
      await issuerSession(t, acme.id, { role: 'ISSUER_VIEWER' }),
      await steppedUpIssuerSession(t, acme.id, { role: 'ISSUER_VIEWER' }),
    ]) {
      const refused = await t.request('GET', path, { token: viewer });
      expect(refused.status, refused.text).toBe(403);
      expect(refused.json.code).toBe('FORBIDDEN');
      expect(refused.text).not.toContain('Dana Whitfield');
    }
  });

  it("lists none of another issuer's users or invitations, and answers 404 for their ids as for unknown ones", async () => {
    const { acme, globex } = seeded;
    const acmeAdmin = await steppedUpIssuerSession(t, acme.id);
    const globexAdmin = await issuerUserWithApp(t, globex.id, { email: 'admin@globex-users.example' });
    await globexAdmin.stepUp();
    const globexViewer = await issuerUserWithApp(t, globex.id, {
      email: 'viewer@globex-users.example',
      role: 'ISSUER_VIEWER',
    });
    const invited = await t.request('POST', '/api/issuer/users', {
      token: globexAdmin.token,
      body: { email: 'new@globex-users.example', role: 'ISSUER_VIEWER' },
    });
    expect(invited.status, invited.text).toBe(201);
    const globexIds = [globexAdmin.userId, globexViewer.userId, invited.json.data.id as string];

    const list = await t.request('GET', '/api/issuer/users', { token: acmeAdmin });
    expect(list.status, list.text).toBe(200);
    for (const secret of ['globex-users', ...globexIds]) expect(list.text, secret).not.toContain(secret);

    const unknownUser = await t.request('DELETE', `/api/issuer/users/${randomUUID()}`, { token: acmeAdmin });
    expect(unknownUser.status).toBe(404);
    for (const id of [globexAdmin.userId, globexViewer.userId]) {
      const res = await t.request('DELETE', `/api/issuer/users/${id}`, { token: acmeAdmin });
      expect(res.status, res.text).toBe(404);
      expect(res.json.message).toBe(unknownUser.json.message);
    }
    const unknownInvitation = await t.request('DELETE', `/api/issuer/users/invitations/${randomUUID()}`, {
      token: acmeAdmin,
    });
    expect(unknownInvitation.status).toBe(404);
    const other = await t.request('DELETE', `/api/issuer/users/invitations/${invited.json.data.id}`, {
      token: acmeAdmin,
    });
    expect(other.status, other.text).toBe(404);
    expect(other.json.message).toBe(unknownInvitation.json.message);

    // Globex's users and invitation are untouched.
    const theirs = await t.request('GET', '/api/issuer/users', { token: globexViewer.token });
    const theirIds = theirs.json.data.users.map((user: { id: string }) => user.id);
    expect(theirIds).toEqual(expect.arrayContaining([globexAdmin.userId, globexViewer.userId]));
    expect(theirs.json.data.invitations.map((row: { id: string }) => row.id)).toEqual([invited.json.data.id]);
  });

  it('gives a user whose issuer has no classes an empty registry, and nothing of anyone', async () => {
    const { acme, globex } = seeded;
    const created = await seeded.admin('POST', '/issuers', { legalName: 'Initech LLC' });
    const token = await issuerSession(t, created.data.id);
    const get = (path: string) => t.request('GET', path, { token });
    const capTable = await get('/api/issuer/cap-table');
    expect(capTable.json.data).toEqual({ issuerId: created.data.id, legalName: 'Initech LLC', classes: [] });
    const journal = await get('/api/issuer/transactions');
    expect(journal.json).toMatchObject({ data: [], total: 0 });
    const requests = await get('/api/issuer/requests');
    expect(requests.json).toMatchObject({ data: [], total: 0, turnaround: { transfersDecided: 0, openTransfers: 0 } });
    for (const classId of [acme.common, globex.common])
      expect((await get(`/api/issuer/classes/${classId}/holders`)).status).toBe(404);
  });
});
