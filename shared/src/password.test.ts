import { describe, expect, it } from 'vitest';
import './password-guessability';
import { isStrongEnough, passwordStrength, passwordWeakness } from './password';

describe('passwordStrength (admin-management spec 5.2)', () => {
  it.each([
    ['', 0],
    ['abc', 1],
    ['abcdefgh', 2],
    ['abcdefgH', 3],
    ['abcdefH1', 4],
    ['abcdeH1!', 5],
  ])('%j meets %i of the five rules', (password, score) => {
    expect(passwordStrength(password).score).toBe(score);
  });

  it('labels a password by the rules when it is also hard to guess', () => {
    expect(passwordStrength('Tulip-Ferry-Anvil').label).toBe('Strong');
    expect(passwordStrength('Correct-Horse-7').label).toBe('Strong');
  });

  it('lists a hint for every rule not met, in the spec wording', () => {
    expect(passwordStrength('ABC').hints.slice(0, 4)).toEqual([
      'Use at least 8 characters',
      'Include lowercase letters',
      'Include numbers',
      'Include special characters',
    ]);
    expect(passwordStrength('Tulip-Ferry-Anvil9').hints).toEqual([]);
  });
});

describe('guessability (issue 29, NIST SP 800-63B)', () => {
  it('rates "password1" Weak with the reason, though it meets three of the five rules', () => {
    const strength = passwordStrength('password1');
    expect(strength.score).toBe(3);
    expect(strength.label).toBe('Weak');
    expect(strength.guessWarning).toBe('This is a commonly used password.');
    expect(passwordWeakness('password1')).toBe('Password is too easy to guess: This is a commonly used password.');
    expect(isStrongEnough('password1')).toBe(false);
  });

  it.each(['Password1!', 'Qwerty123!', 'abcdefgH', 'Abcdefg1!', 'Summer2026!'])(
    'refuses %j, common or a pattern, with a reason',
    (password) => {
      expect(passwordWeakness(password)).toMatch(/^Password is too easy to guess: ./);
    },
  );

  it('keeps the spec minimums first: too short or too few kinds of character', () => {
    expect(passwordWeakness('Ab1!')).toBe('Password is too weak');
    expect(passwordWeakness('xqzvbnmtrw')).toBe('Password is too weak');
  });

  it('takes passwords that are long and unusual', () => {
    expect(isStrongEnough('Tulip-Ferry-Anvil9')).toBe(true);
    expect(isStrongEnough('Correct-Horse-7')).toBe(true);
  });
});
