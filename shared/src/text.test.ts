import { describe, expect, it } from 'vitest';
import { endSentenceWith, findUnstorableText, isStorableText } from './text';

describe('storable text', () => {
  it.each([
    ['plain', 'Dana Whitfield'],
    ['accents and combining marks', 'Zoë Chloe\u0301'],
    ['right-to-left text and marks', 'שלום \u200f\u202eabc'],
    ['4-byte characters (valid surrogate pairs)', '😀 𝔸 𠜎'],
    ['the empty string', ''],
  ])('accepts %s', (_, value) => expect(isStorableText(value)).toBe(true));

  it.each([
    ['a lone high surrogate', '\ud800'],
    ['a lone low surrogate', 'x\udfffy'],
    ['a pair reversed', '\ude00\ud83d'],
    ['a pair cut at the end', 'abc\ud83d'],
    ['NUL', 'a\u0000b'],
  ])('refuses %s', (_, value) => expect(isStorableText(value)).toBe(false));

  it('names the first bad field as the API does, keys included', () => {
    expect(findUnstorableText({ notes: 'ok', accounts: [{ number: '1' }, { number: 'x\ud800' }] })).toBe(
      'accounts.1.number',
    );
    expect(findUnstorableText({ details: { 'k\u0000': 1 } })).toBe('details');
    expect(findUnstorableText('\ud800')).toBe('');
    expect(findUnstorableText({ a: ['😀', { b: 2, c: null }] })).toBeNull();
  });

  it('walks a body nested 100,000 levels deep without running out of stack', () => {
    let deep: unknown = 'x\ud800';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const found = findUnstorableText(deep);
    expect(found?.split('.')).toHaveLength(100_000);
    expect(findUnstorableText(JSON.parse(`${'['.repeat(100_000)}1${']'.repeat(100_000)}`))).toBeNull();
  });
});

describe('a name at the end of a sentence', () => {
  it.each([
    ['Acme Holdings, Inc.', 'Acme Holdings, Inc.'],
    ['Acme Robotics', 'Acme Robotics.'],
    ['Yahoo!', 'Yahoo!'],
    ['Acme Corp.  ', 'Acme Corp.'],
  ])('%j ends with one stop: %j', (name, sentenceEnd) => {
    expect(endSentenceWith(name)).toBe(sentenceEnd);
  });
});
