import { describe, expect, it } from 'vitest';
import { fieldErrors } from './api-error';
import { MFA_MESSAGES, mfaCodeBodySchema, mfaLoginBodySchema, totpEnableBodySchema } from './admin-mfa';

const errorsOf = (schema: { safeParse: (v: unknown) => any }, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? {} : fieldErrors(result.error);
};

describe('mfaLoginBodySchema', () => {
  it('accepts a 6-digit code or a recovery code, without spaces, recovery codes in lower case', () => {
    expect(mfaLoginBodySchema.parse({ mfaToken: 't', code: ' 123 456 ' })).toEqual({ mfaToken: 't', code: '123456' });
    expect(mfaLoginBodySchema.parse({ mfaToken: 't', code: 'ABCDE-23456' })).toEqual({
      mfaToken: 't',
      code: 'abcde-23456',
    });
  });

  it('names a missing, malformed or huge code plainly', () => {
    expect(errorsOf(mfaLoginBodySchema, { mfaToken: 't' })).toEqual({ code: MFA_MESSAGES.codeRequired });
    expect(errorsOf(mfaLoginBodySchema, { mfaToken: 't', code: '   ' })).toEqual({ code: MFA_MESSAGES.codeRequired });
    expect(errorsOf(mfaLoginBodySchema, { mfaToken: 't', code: '12345' })).toEqual({ code: MFA_MESSAGES.codeInvalid });
    expect(errorsOf(mfaLoginBodySchema, { mfaToken: 't', code: 'abcde_23456' })).toEqual({
      code: MFA_MESSAGES.codeInvalid,
    });
    expect(errorsOf(mfaLoginBodySchema, { mfaToken: 't', code: '1'.repeat(100_000) })).toEqual({
      code: MFA_MESSAGES.codeInvalid,
    });
    expect(errorsOf(mfaLoginBodySchema, { code: '123456' })).toEqual({ mfaToken: MFA_MESSAGES.mfaTokenExpired });
  });
});

describe('totpEnableBodySchema and mfaCodeBodySchema', () => {
  it('enabling takes a TOTP code only; the others take either', () => {
    expect(errorsOf(totpEnableBodySchema, { code: 'abcde-23456' })).toEqual({ code: MFA_MESSAGES.codeInvalid });
    expect(totpEnableBodySchema.parse({ code: '000111' })).toEqual({ code: '000111' });
    expect(mfaCodeBodySchema.parse({ code: 'abcde-23456' })).toEqual({ code: 'abcde-23456' });
    expect(errorsOf(mfaCodeBodySchema, { code: 7 })).toEqual({ code: MFA_MESSAGES.codeRequired });
  });
});
