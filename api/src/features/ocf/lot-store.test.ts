import { describe, expect, it } from 'vitest';
import { LotStore } from './lot-store';

const TX = ['0f8e2a4c-1b2d-4e5f-8a9b-0c1d2e3f4a5b', 'a0b1c2d3-e4f5-4607-8819-2a3b4c5d6e7f'] as const;
const ACCOUNT = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

describe('the export’s store of open DRS lots', () => {
  it('gives an account’s lots back oldest first, a balance lot put in front first, with their ids as written', () => {
    const store = new LotStore();
    store.add(ACCOUNT, `${TX[0]}:${ACCOUNT}`, 1_000_000n);
    store.add(ACCOUNT, `${TX[1]}:${ACCOUNT}~2`, 2_500_000n);
    store.add(ACCOUNT, `${TX[1]}:${ACCOUNT}:balance~3`, 1n, true);
    expect([store.shift(ACCOUNT), store.shift(ACCOUNT), store.shift(ACCOUNT), store.shift(ACCOUNT)]).toEqual([
      { id: `${TX[1]}:${ACCOUNT}:balance~3`, quantity: 1n },
      { id: `${TX[0]}:${ACCOUNT}`, quantity: 1_000_000n },
      { id: `${TX[1]}:${ACCOUNT}~2`, quantity: 2_500_000n },
      undefined,
    ]);
  });

  it('keeps accounts apart, grows past its first size, reuses slots and keeps quantities beyond 64 bits exact', () => {
    const store = new LotStore();
    const other = 'b3f1c2d4-0000-4000-8000-000000000001';
    const huge = 10n ** 24n - 1n;
    for (let i = 0; i < 3000; i += 1)
      store.add(i % 2 ? other : ACCOUNT, `${TX[0]}:${i % 2 ? other : ACCOUNT}~${i + 2}`, BigInt(i));
    store.add(ACCOUNT, `${TX[1]}:${ACCOUNT}`, huge);
    const mine = [];
    for (let lot = store.shift(ACCOUNT); lot; lot = store.shift(ACCOUNT)) mine.push(lot);
    expect(mine).toHaveLength(1501);
    expect(mine.slice(0, 2)).toEqual([
      { id: `${TX[0]}:${ACCOUNT}~2`, quantity: 0n },
      { id: `${TX[0]}:${ACCOUNT}~4`, quantity: 2n },
    ]);
    expect(mine.at(-1)).toEqual({ id: `${TX[1]}:${ACCOUNT}`, quantity: huge });
    expect(store.shift(other)).toEqual({ id: `${TX[0]}:${other}~3`, quantity: 1n });
    // A freed slot is taken again: its old quantity, aside or not, does not come back.
    store.add(ACCOUNT, `${TX[0]}:${ACCOUNT}`, 5n);
    expect(store.shift(ACCOUNT)).toEqual({ id: `${TX[0]}:${ACCOUNT}`, quantity: 5n });
  });

  it('refuses an id it could not write back exactly', () => {
    const store = new LotStore();
    for (const id of [
      `${TX[0]}:someone-else`,
      `not-a-uuid:${ACCOUNT}`,
      `${TX[0]}:${ACCOUNT}:other`,
      `${TX[0]}:${ACCOUNT}~70000`,
    ])
      expect(() => store.add(ACCOUNT, id, 1n), id).toThrow(/unexpected form/);
  });
});
