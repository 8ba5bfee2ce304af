import { describe, expect, it } from 'vitest';
import { EMAIL_MAX_LENGTH, emailAddressSchema, isEmailAddress } from './email';

// The pattern the product used before: the rule must accept and refuse exactly what it did.
const FORMER_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Every string of `alphabet` up to `maxLength` characters. */
function* allStrings(alphabet: string[], maxLength: number): Generator<string> {
  let layer = [''];
  for (let length = 1; length <= maxLength; length++) {
    layer = layer.flatMap((prefix) => alphabet.map((char) => prefix + char));
    yield* layer;
  }
}

describe('isEmailAddress', () => {
  it('accepts and refuses what the former pattern did, for every short string of the characters it looks at', () => {
    const differ: string[] = [];
    for (const value of allStrings(['a', '.', '@', ' ', '\t', 'é'], 7)) {
      if (isEmailAddress(value) !== FORMER_PATTERN.test(value)) differ.push(JSON.stringify(value));
    }
    expect(differ).toEqual([]);
  });

  it('takes ordinary addresses and refuses the usual mistakes', () => {
    for (const good of ['dana@example.com', 'a.b+tag@mail.example.co.uk', 'x@y.co', 'a@.b.c'])
      expect(isEmailAddress(good), good).toBe(true);
    for (const bad of ['', 'dana@', 'dana@example', 'dana example.com', 'a@b@c.com', 'a@b.', 'a@.b', '@b.co'])
      expect(isEmailAddress(bad), bad).toBe(false);
  });

  it('refuses an address over 254 characters', () => {
    const local = 'a'.repeat(64);
    const domain = (length: number) => `${'b'.repeat(length - 4)}.com`;
    expect(isEmailAddress(`${local}@${domain(EMAIL_MAX_LENGTH - 65)}`)).toBe(true);
    expect(isEmailAddress(`${local}@${domain(EMAIL_MAX_LENGTH - 64)}`)).toBe(false);
  });
});

describe('emailAddressSchema', () => {
  it('answers only the one message for an over-long value, without reading its shape', () => {
    const result = emailAddressSchema('Bad e-mail').safeParse(`a@${'.'.repeat(99_000)}@`);
    expect(result.error?.issues.map((issue) => [issue.code, issue.message])).toEqual([['too_big', 'Bad e-mail']]);
  });
});
