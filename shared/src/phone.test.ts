import { describe, expect, it } from 'vitest';
import { isGroupedPhoneNumber } from './phone';

// The pattern the portal used before: the check must accept and refuse exactly what it did.
const FORMER_PATTERN = /^\+?\(?\d{1,4}\)?(?:[\s.-]?\(?\d{1,4}\)?){2,6}$/;

/** A small deterministic generator (mulberry32), so a failure names a reproducible input. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('isGroupedPhoneNumber', () => {
  it('accepts and refuses what the former pattern did, on 200,000 generated texts', () => {
    const next = random(14);
    // Digits weigh more so that texts reach the limits of 4 digits a group and 7 groups.
    const alphabet = ['1', '2', '3', '4', '5', '6', '(', ')', '+', '-', '.', ' ', '\t', 'a'];
    const differ: string[] = [];
    for (let n = 0; n < 200_000; n++) {
      const length = Math.floor(next() * 36);
      let text = '';
      for (let i = 0; i < length; i++) text += alphabet[Math.floor(next() * alphabet.length)];
      if (isGroupedPhoneNumber(text) !== FORMER_PATTERN.test(text)) differ.push(JSON.stringify(text));
    }
    expect(differ).toEqual([]);
  });

  it('takes the spec examples and refuses runs too long or too short', () => {
    for (const good of ['+1 (555) 010-2000', '555.010.2000', '5550102000', '(555)0102000', '+44 20 7946 0958'])
      expect(isGroupedPhoneNumber(good), good).toBe(true);
    for (const bad of ['', '+', '12', '1'.repeat(29), '555--010-2000', '555 010 2000 ', '()555 010', '555))010'])
      expect(isGroupedPhoneNumber(bad), bad).toBe(false);
  });
});
