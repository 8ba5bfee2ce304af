import { describe, expect, it } from 'vitest';
import { groupThousands } from './numbers';

describe('groupThousands', () => {
  it('writes what en-US toLocaleString writes for whole numbers', () => {
    for (const value of [
      0,
      7,
      999,
      1000,
      12345,
      100000,
      999999,
      1000000,
      123456789,
      -1,
      -1000,
      -987654321,
      Number.MAX_SAFE_INTEGER,
    ]) {
      expect(groupThousands(value)).toBe(value.toLocaleString('en-US'));
    }
  });

  it('refuses what is not a safe integer', () => {
    for (const value of [1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60])
      expect(() => groupThousands(value)).toThrow(RangeError);
  });
});
