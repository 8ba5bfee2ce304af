import { describe, expect, it } from 'vitest';
import { isStrongEnough, passwordStrength } from './password';

describe('passwordStrength (admin-management spec 5.2)', () => {
  it.each([
    ['', 0, 'Weak'],
    ['abc', 1, 'Weak'],
    ['abcdefgh', 2, 'Fair'],
    ['abcdefgH', 3, 'Good'],
    ['abcdefH1', 4, 'Strong'],
    ['abcdeH1!', 5, 'Strong'],
  ])('%j scores %i (%s)', (password, score, label) => {
    expect(passwordStrength(password)).toMatchObject({ score, label });
  });

  it('lists a hint for every rule not met, in the spec wording', () => {
    expect(passwordStrength('ABC').hints).toEqual([
      'Use at least 8 characters',
      'Include lowercase letters',
      'Include numbers',
      'Include special characters',
    ]);
    expect(passwordStrength('Abcdefg1!').hints).toEqual([]);
  });

  it('needs both a score of 3 and 8 characters', () => {
    expect(isStrongEnough('Ab1!')).toBe(false); // score 4, too short
    expect(isStrongEnough('abcdefgh')).toBe(false); // long enough, score 2
    expect(isStrongEnough('abcdefgH')).toBe(true);
  });
});
