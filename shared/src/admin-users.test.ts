import { describe, expect, it } from 'vitest';
import './password-guessability';
import { fieldErrors } from './api-error';
import {
  ADMIN_USER_MESSAGES as M,
  createAdminUserFormSchema,
  createAdminUserSchema,
  isAdminPhone,
  updateAdminUserSchema,
} from './admin-users';

const valid = {
  username: 'jdoe',
  email: 'j@example.com',
  firstName: 'J',
  lastName: 'Doe',
  password: 'Tulip-Ferry-Anvil9',
};
const errorsOf = (schema: { safeParse: (v: unknown) => { success: boolean; error?: unknown } }, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? {} : fieldErrors(result.error as never);
};

describe('createAdminUserSchema', () => {
  it('accepts a valid body, trims, defaults the role and makes an empty phone null', () => {
    expect(createAdminUserSchema.parse({ ...valid, username: ' jdoe ', phone: '' })).toEqual({
      ...valid,
      role: 'READ_ONLY',
      phone: null,
    });
  });

  it("gives the spec's messages", () => {
    expect(errorsOf(createAdminUserSchema, {})).toEqual({
      username: M.usernameRequired,
      email: M.emailRequired,
      firstName: M.firstNameRequired,
      lastName: M.lastNameRequired,
      password: M.passwordRequired,
    });
    expect(
      errorsOf(createAdminUserSchema, { ...valid, username: 'ab', email: 'nope', role: 'KING', phone: '12' }),
    ).toEqual({
      username: M.usernameTooShort,
      email: M.emailInvalid,
      role: M.roleRequired,
      phone: M.phoneInvalid,
    });
  });

  it('checks the length before the score: short is too short, long but plain is too weak', () => {
    expect(errorsOf(createAdminUserSchema, { ...valid, password: 'Ab1!' })).toEqual({ password: M.passwordTooShort });
    expect(errorsOf(createAdminUserSchema, { ...valid, password: 'abcdefghij' })).toEqual({
      password: M.passwordTooWeak,
    });
    expect(errorsOf(createAdminUserSchema, { ...valid, password: 'ABCDEFGHIJ' })).toEqual({
      password: M.passwordTooWeak,
    });
    expect(errorsOf(createAdminUserSchema, { ...valid, password: 'xqzvbnm41t' })).toEqual({});
    // Three of the five rules, but the first guess of any attacker (issue 29).
    expect(errorsOf(createAdminUserSchema, { ...valid, password: 'password1' })).toEqual({
      password: 'Password is too easy to guess: This is a commonly used password.',
    });
  });

  it('reads phones of at least 10 digits, spaces, hyphens or parentheses, linearly', () => {
    expect(isAdminPhone('+1 (555) 123-4567')).toBe(true);
    expect(isAdminPhone('5551234567')).toBe(true);
    expect(isAdminPhone('555-1234')).toBe(false);
    expect(isAdminPhone('(((((((((( ')).toBe(false);
    expect(isAdminPhone('555.123.4567')).toBe(false);
    const start = performance.now();
    expect(isAdminPhone('1'.repeat(100_000) + 'x')).toBe(false);
    expect(performance.now() - start).toBeLessThan(50);
  });
});

describe('createAdminUserFormSchema', () => {
  it('asks for the confirmation and that it matches', () => {
    expect(errorsOf(createAdminUserFormSchema, valid)).toEqual({ confirmPassword: M.confirmPasswordRequired });
    expect(errorsOf(createAdminUserFormSchema, { ...valid, confirmPassword: 'other' })).toEqual({
      confirmPassword: M.passwordsDoNotMatch,
    });
    expect(errorsOf(createAdminUserFormSchema, { ...valid, confirmPassword: valid.password })).toEqual({});
  });
});

describe('updateAdminUserSchema', () => {
  it('takes no password and requires the role', () => {
    const { password: _password, ...rest } = valid;
    expect(errorsOf(updateAdminUserSchema, rest)).toEqual({ role: M.roleRequired });
    expect(updateAdminUserSchema.parse({ ...rest, role: 'ADMIN', password: 'x' })).not.toHaveProperty('password');
  });
});
