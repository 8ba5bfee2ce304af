import { describe, expect, it } from 'vitest';
import { fieldErrors } from './api-error';
import { adminLoginSchema, changePasswordSchema } from './admin-auth';

const errorsOf = (schema: { safeParse: (v: unknown) => any }, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? {} : fieldErrors(result.error);
};

describe('adminLoginSchema', () => {
  it('accepts a username and a password', () => {
    expect(adminLoginSchema.parse({ username: 'alice', password: 'x' })).toEqual({ username: 'alice', password: 'x' });
  });

  it('requires both, with the spec messages, and treats blanks and wrong types as missing', () => {
    expect(errorsOf(adminLoginSchema, {})).toEqual({
      username: 'Username is required',
      password: 'Password is required',
    });
    expect(errorsOf(adminLoginSchema, { username: '  ', password: 42 })).toEqual({
      username: 'Username is required',
      password: 'Password is required',
    });
    expect(errorsOf(adminLoginSchema, null)).toHaveProperty('_');
  });
});

describe('changePasswordSchema', () => {
  it('refuses a weak or unchanged new password', () => {
    expect(errorsOf(changePasswordSchema, { currentPassword: 'Old-Pass-1', newPassword: 'weak' })).toEqual({
      newPassword: 'Password is too weak',
    });
    expect(errorsOf(changePasswordSchema, { currentPassword: 'Old-Pass-1', newPassword: 'Old-Pass-1' })).toEqual({
      newPassword: 'New password must be different from the current password',
    });
    expect(errorsOf(changePasswordSchema, { currentPassword: 'Old-Pass-1', newPassword: 'New-Pass-2' })).toEqual({});
  });
});
