import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { deliveryPreferenceChoices, portalSessions, shareholders } from '@ledgerwell/db/schema';
import {
  DELIVERY_PREFERENCE_MESSAGES as M,
  deliveryPreferenceResponseSchema,
} from '@ledgerwell/shared/delivery-preferences';
import { createAdminUser, createTestApp, loginToken, type TestApp } from '../../test/test-app';
import { portalFixtures } from '../../test/portal-fixtures';
import { hashToken } from '../../lib/tokens';

const PATH = '/api/shareholder-portal/delivery-preferences';
const PAPER_BY_DEFAULT = { electronic: false, chosenAt: null, sourceAddress: null };
const HOLDER_A_ADDRESS = '203.0.113.7';
const HOLDER_B_ADDRESS = '198.51.100.20';

describe('e-delivery consent (GET|PUT /api/shareholder-portal/delivery-preferences)', () => {
  let t: TestApp;
  let holderA: string;
  let holderB: string;
  beforeEach(async () => {
    // One proxy in front: the client's address is the last X-Forwarded-For entry, as in production.
    t = await createTestApp({ env: { TRUST_PROXY: '1' } });
    const portal = portalFixtures(t);
    await portal.seed();
    holderA = await portal.signIn('DEMO01', '100200300');
    holderB = await portal.signIn('DEMO02', '200300400');
  });
  afterEach(() => t.close());

  const read = (token: string) => t.request('GET', PATH, { token });
  const choose = (token: string, body: unknown, address = HOLDER_A_ADDRESS) =>
    t.request('PUT', PATH, {
      token,
      body,
      headers: { 'X-Forwarded-For': address, 'User-Agent': 'Holder phone browser' },
    });
  const choiceRows = () => t.deps.db.select().from(deliveryPreferenceChoices).orderBy(deliveryPreferenceChoices.id);
  const staffToken = async () => {
    await createAdminUser(t.deps, { username: 'viewer', password: 'Correct-Horse-7', role: 'READ_ONLY' });
    return loginToken(t, 'viewer', 'Correct-Horse-7');
  };
  const holderId = async (code: string) =>
    (await t.deps.db.select().from(shareholders).where(eq(shareholders.code, code)))[0]!.id;

  it('answers paper, with no time or address, for a holder who never chose', async () => {
    const res = await read(holderA);
    expect(res.status).toBe(200);
    expect(deliveryPreferenceResponseSchema.parse(res.json).data).toEqual(PAPER_BY_DEFAULT);
    expect(await choiceRows()).toEqual([]);
  });

  it('records a choice with its time, address, browser and session; GET then answers it', async () => {
    const put = await choose(holderA, { electronic: true });
    expect(put.status).toBe(200);
    const chosen = { electronic: true, chosenAt: t.clock.now().toISOString(), sourceAddress: HOLDER_A_ADDRESS };
    expect(put.json).toEqual({ success: true, data: chosen });
    expect((await read(holderA)).json.data).toEqual(chosen);

    const [session] = await t.deps.db
      .select()
      .from(portalSessions)
      .where(eq(portalSessions.tokenHash, hashToken(holderA)));
    expect(await choiceRows()).toEqual([
      expect.objectContaining({
        shareholderId: await holderId('DEMO01'),
        electronic: true,
        ipAddress: HOLDER_A_ADDRESS,
        userAgent: 'Holder phone browser',
        portalSessionId: session!.id,
        createdAt: t.clock.now(),
      }),
    ]);
  });

  it('changes the choice with a new row; the same choice again records nothing and keeps its time', async () => {
    await choose(holderA, { electronic: true });
    const electronicSince = t.clock.now().toISOString();
    t.clock.advance(60_000);

    const toPaper = await choose(holderA, { electronic: false }, '192.0.2.44');
    const paperSince = t.clock.now().toISOString();
    expect(toPaper.json.data).toEqual({ electronic: false, chosenAt: paperSince, sourceAddress: '192.0.2.44' });
    expect((await read(holderA)).json.data.electronic).toBe(false);

    t.clock.advance(60_000);
    const again = await choose(holderA, { electronic: false });
    expect(again.status).toBe(200);
    expect(again.json.data).toEqual({ electronic: false, chosenAt: paperSince, sourceAddress: '192.0.2.44' });
    expect((await choiceRows()).map((row) => [row.electronic, row.createdAt.toISOString()])).toEqual([
      [true, electronicSince],
      [false, paperSince],
    ]);
  });

  it('breaks a tie of timestamps by id, on the holder and on the registry page alike', async () => {
    // Two choices in one instant: the later insert has the higher id. Written here with ids out of insert order, so
    // that only the id, not where the rows happen to lie on disk, can pick the newest.
    const shareholderId = await holderId('DEMO01');
    const at = t.clock.now();
    await t.deps.db.insert(deliveryPreferenceChoices).values([
      { id: 900, shareholderId, electronic: true, ipAddress: HOLDER_A_ADDRESS, createdAt: at },
      { id: 800, shareholderId, electronic: false, ipAddress: HOLDER_A_ADDRESS, createdAt: at },
    ]);
    expect((await read(holderA)).json.data.electronic).toBe(true);
    const staff = await staffToken();
    const list = await t.request('GET', '/api/admin/shareholders?search=DEMO01', { token: staff });
    expect(list.json.shareholders[0].deliveryPreference.electronic).toBe(true);
  });

  it('records a first, explicit choice of paper: the holder decided, the default did not', async () => {
    const res = await choose(holderA, { electronic: false });
    expect(res.json.data).toEqual({
      electronic: false,
      chosenAt: t.clock.now().toISOString(),
      sourceAddress: HOLDER_A_ADDRESS,
    });
    expect(await choiceRows()).toHaveLength(1);
  });

  it.each([
    ['no body field', {}, 'electronic', M.electronicRequired],
    ['a string', { electronic: 'yes' }, 'electronic', M.electronicRequired],
    ['a number', { electronic: 1 }, 'electronic', M.electronicRequired],
    ['null', { electronic: null }, 'electronic', M.electronicRequired],
    ['an extra key', { electronic: true, email: 'x@example.com' }, '_', M.unknownField(['email'])],
    ['an array', [true], '_', M.electronicRequired],
  ])('refuses %s with 400 and a message for the field, recording nothing', async (_name, body, field, message) => {
    const res = await choose(holderA, body);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: 'VALIDATION_ERROR', message, errors: { [field]: message } });
    expect(await choiceRows()).toEqual([]);
  });

  it('refuses a body that is not JSON with 400', async () => {
    const res = await choose(holderA, '{"electronic": tru');
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('VALIDATION_ERROR');
  });

  it('answers 401 without a token, with an unknown one, and with a token that has not finished sign-in', async () => {
    const codeStage = (await t.request('POST', '/api/shareholder-portal/validate-code', { body: { code: 'DEMO01' } }))
      .json.token as string;
    for (const token of [undefined, 'not-a-real-token-but-long-enough-to-look-like-one', codeStage]) {
      const get = await t.request('GET', PATH, token ? { token } : {});
      const put = await t.request('PUT', PATH, { ...(token ? { token } : {}), body: { electronic: true } });
      expect([get.status, put.status]).toEqual([401, 401]);
      expect(put.json.code).toBe('UNAUTHENTICATED');
    }
    expect(await choiceRows()).toEqual([]);
  });

  it('keeps every choice for good: the database refuses UPDATE, DELETE and TRUNCATE', async () => {
    await choose(holderA, { electronic: true });
    for (const statement of [
      sql`update delivery_preference_choices set electronic = false`,
      sql`delete from delivery_preference_choices`,
      sql`truncate delivery_preference_choices`,
    ]) {
      const error = await t.deps.db.execute(statement).then(
        () => null,
        (e: Error) => e,
      );
      expect(String((error?.cause as Error | undefined)?.message ?? error)).toMatch(/is append-only/);
    }
    expect((await read(holderA)).json.data.electronic).toBe(true);
    expect(await choiceRows()).toHaveLength(1);
  });

  it("never shows one holder's choice to another, nor lets one holder choose for another", async () => {
    await choose(holderA, { electronic: true });
    expect((await read(holderB)).json.data).toEqual(PAPER_BY_DEFAULT);

    // The body cannot name a holder: the session alone says whose choice it is.
    const aimed = await choose(holderB, { electronic: false, shareholderId: await holderId('DEMO01') });
    expect(aimed.status).toBe(400);

    t.clock.advance(1000);
    await choose(holderB, { electronic: false }, HOLDER_B_ADDRESS);
    expect((await read(holderA)).json.data).toMatchObject({ electronic: true, sourceAddress: HOLDER_A_ADDRESS });
    expect((await read(holderB)).json.data).toMatchObject({ electronic: false, sourceAddress: HOLDER_B_ADDRESS });
    const rows = await choiceRows();
    expect(rows.map((row) => [row.shareholderId, row.electronic])).toEqual([
      [await holderId('DEMO01'), true],
      [await holderId('DEMO02'), false],
    ]);
  });

  it("shows staff each holder's current choice, when and from where, on the registry's holder", async () => {
    await choose(holderA, { electronic: false });
    t.clock.advance(1000);
    await choose(holderA, { electronic: true });
    const staff = await staffToken();

    const list = await t.request('GET', '/api/admin/shareholders?search=DEMO0', { token: staff });
    expect(list.status).toBe(200);
    const byCode = Object.fromEntries(
      (list.json.shareholders as { code: string; deliveryPreference: unknown }[]).map((h) => [
        h.code,
        h.deliveryPreference,
      ]),
    );
    expect(byCode.DEMO01).toEqual({
      electronic: true,
      chosenAt: t.clock.now().toISOString(),
      sourceAddress: HOLDER_A_ADDRESS,
    });
    expect(byCode.DEMO02).toEqual(PAPER_BY_DEFAULT);
  });
});
