import { describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '@ledgerwell/shared/admin-auth';
import { MFA_MESSAGES } from '@ledgerwell/shared/admin-mfa';
import { ApiRequestError } from '../../lib/api-client';
import {
  EITHER_CODE_REQUIRED,
  RECOVERY_CODE_REQUIRED,
  checkCode,
  codeFailure,
  groupSecret,
  recoveryCodesFileName,
  recoveryCodesText,
} from './mfa-view';

const refusal = (
  status: number,
  code: ApiRequestError['code'],
  message: string,
  fieldErrors?: Record<string, string>,
) => new ApiRequestError({ status, code, message, fieldErrors, fromServer: message !== '' });

describe('the secret key on screen', () => {
  it('comes in groups of 4, whatever spaces it had', () => {
    expect(groupSecret('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP')).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    expect(groupSecret('ABCDE F')).toBe('ABCD EF');
    expect(groupSecret('')).toBe('');
  });
});

describe('a typed code, checked before it is sent', () => {
  it('takes the app code with the spaces apps show, and a recovery code in any case', () => {
    expect(checkCode(' 123 456 ', 'totp')).toEqual({ code: '123456' });
    expect(checkCode('ABCDE-fghij', 'recovery')).toEqual({ code: 'abcde-fghij' });
    expect(checkCode('123456', 'either')).toEqual({ code: '123456' });
    expect(checkCode('abcde-23456', 'either')).toEqual({ code: 'abcde-23456' });
  });

  it('says what is missing or wrong in the words of the field being filled', () => {
    expect(checkCode('', 'totp')).toEqual({ error: MFA_MESSAGES.codeRequired });
    expect(checkCode('   ', 'recovery')).toEqual({ error: RECOVERY_CODE_REQUIRED });
    expect(checkCode('', 'either')).toEqual({ error: EITHER_CODE_REQUIRED });
    expect(checkCode('12345', 'totp')).toEqual({ error: MFA_MESSAGES.codeInvalid });
    expect(checkCode('abcde-fghij', 'totp')).toEqual({ error: MFA_MESSAGES.codeInvalid });
    expect(checkCode('abcdefghij', 'recovery')).toEqual({ error: MFA_MESSAGES.recoveryCodeInvalid });
    expect(checkCode('x'.repeat(10_000), 'either')).toEqual({ error: MFA_MESSAGES.codeInvalid });
  });
});

describe('a refused code, in plain words', () => {
  it('puts a wrong or used code under the field, with the server’s words', () => {
    expect(codeFailure(refusal(401, 'INVALID_CREDENTIALS', MFA_MESSAGES.codeInvalid), 'fallback')).toEqual({
      field: MFA_MESSAGES.codeInvalid,
    });
    expect(
      codeFailure(
        refusal(400, 'VALIDATION_ERROR', 'Validation failed', { code: MFA_MESSAGES.recoveryCodeInvalid }),
        'x',
      ),
    ).toEqual({
      field: MFA_MESSAGES.recoveryCodeInvalid,
    });
    expect(codeFailure(refusal(401, 'INVALID_CREDENTIALS', ''), MFA_MESSAGES.recoveryCodeInvalid)).toEqual({
      field: MFA_MESSAGES.recoveryCodeInvalid,
    });
  });

  it('sends an expired or used sign-in back to the password step with its reason', () => {
    expect(codeFailure(refusal(401, 'MFA_TOKEN_INVALID', MFA_MESSAGES.mfaTokenExpired), 'x')).toEqual({
      form: MFA_MESSAGES.mfaTokenExpired,
      expired: true,
    });
    expect(codeFailure(refusal(401, 'MFA_TOKEN_INVALID', ''), 'x')).toEqual({
      form: MFA_MESSAGES.mfaTokenExpired,
      expired: true,
    });
  });

  it('shows throttles, conflicts and lost connections as an alert', () => {
    expect(codeFailure(refusal(429, 'RATE_LIMITED', MFA_MESSAGES.tooManyAttempts), 'x')).toEqual({
      form: MFA_MESSAGES.tooManyAttempts,
    });
    expect(codeFailure(refusal(409, 'CONFLICT', MFA_MESSAGES.lastMethod), 'x')).toEqual({
      form: MFA_MESSAGES.lastMethod,
    });
    expect(
      codeFailure(new ApiRequestError({ status: 0, code: 'NETWORK_ERROR', message: 'Network error' }), 'x'),
    ).toEqual({ form: ADMIN_MESSAGES.networkError });
    expect(codeFailure(new Error('boom'), 'x')).toEqual({ form: ADMIN_MESSAGES.loginError });
  });
});

describe('the recovery codes file', () => {
  it('names the user and the date, says each code works once, and lists every code on its own line', () => {
    const codes = ['aaaaa-bbbbb', 'ccccc-ddddd'];
    const text = recoveryCodesText(codes, 'ops.lead', new Date('2026-11-23T10:00:00Z'), 'admin');
    expect(text).toContain('Ledgerwell admin recovery codes for ops.lead');
    expect(recoveryCodesText(codes, 'cfo@acme.test', new Date(), 'issuer portal')).toContain(
      'Ledgerwell issuer portal recovery codes for cfo@acme.test',
    );
    expect(text).toContain('Created 2026-11-23.');
    expect(text).toContain('Each code works once.');
    expect(text.split('\n')).toEqual(expect.arrayContaining(codes));
    expect(recoveryCodesFileName('ops.lead')).toBe('ledgerwell-recovery-codes-ops.lead.txt');
    expect(recoveryCodesFileName('a/b c')).toBe('ledgerwell-recovery-codes-a-b-c.txt');
    expect(recoveryCodesFileName('cfo@acme.test')).toBe('ledgerwell-recovery-codes-cfo-acme.test.txt');
  });
});
