import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_MESSAGES } from '@ledgerwell/shared/admin-auth';
import { MFA_MESSAGES } from '@ledgerwell/shared/admin-mfa';
import { onAdminAuthError, type ApiRequestError } from '../../lib/api-client';
import { changeMyPassword, fetchMyProfile, loginAdmin, loginWithMfaCode } from './api';
import { disableTotp, fetchMfaStatus } from '../../components/sign-in/factor-api';
import { staffAccountApi } from './account-api';

const bare = (status: number) => vi.fn(async () => new Response(null, { status }));
const serverError = (status: number, code: string, message: string) =>
  vi.fn(
    async () =>
      new Response(JSON.stringify({ success: false, code, message }), {
        status,
        headers: { 'Content-Type': 'application/json' },
      }),
  );

describe('admin sign-in calls’ failures (spec 8)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('login: the server’s message, else Login failed, and the network text when no answer came', async () => {
    vi.stubGlobal('fetch', serverError(401, 'INVALID_CREDENTIALS', 'Invalid credentials'));
    await expect(loginAdmin({ username: 'a', password: 'b' })).rejects.toMatchObject({
      message: 'Invalid credentials',
      fromServer: true,
    });
    vi.stubGlobal('fetch', bare(502));
    await expect(loginAdmin({ username: 'a', password: 'b' })).rejects.toMatchObject({
      status: 502,
      message: 'Login failed',
      fromServer: false,
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(loginAdmin({ username: 'a', password: 'b' })).rejects.toMatchObject({
      code: 'NETWORK_ERROR',
      message: 'Network error. Please try again.',
    });
    expect(ADMIN_MESSAGES.loginFailed).toBe('Login failed');
  });

  it('profile: Failed to fetch user profile without a server message', async () => {
    vi.stubGlobal('fetch', bare(500));
    await expect(fetchMyProfile()).rejects.toMatchObject({ message: 'Failed to fetch user profile' });
  });

  it('password change: the server’s message when present, else Failed to change password', async () => {
    vi.stubGlobal('fetch', serverError(400, 'VALIDATION_ERROR', 'Current password is incorrect'));
    await expect(changeMyPassword({ currentPassword: 'a', newPassword: 'b' })).rejects.toMatchObject({
      message: 'Current password is incorrect',
    });
    vi.stubGlobal('fetch', bare(500));
    await expect(changeMyPassword({ currentPassword: 'a', newPassword: 'b' })).rejects.toMatchObject({
      message: 'Failed to change password',
    });
  });
});

const json = (status: number, body: unknown) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));

describe('the second factor’s calls', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('a password sign-in of a user with a second factor answers the token for the code step, and no session', async () => {
    vi.stubGlobal(
      'fetch',
      json(200, { success: true, mfaRequired: true, mfaToken: 'tok', methods: ['totp', 'recovery'] }),
    );
    await expect(loginAdmin({ username: 'a', password: 'b' })).resolves.toEqual({
      success: true,
      mfaRequired: true,
      mfaToken: 'tok',
      methods: ['totp', 'recovery'],
    });
  });

  it('the code step sends the token and the code, and an expired token comes back as MFA_TOKEN_INVALID with its message', async () => {
    const fetch = json(401, { success: false, code: 'MFA_TOKEN_INVALID', message: MFA_MESSAGES.mfaTokenExpired });
    vi.stubGlobal('fetch', fetch);
    await expect(loginWithMfaCode({ mfaToken: 'tok', code: '123456' })).rejects.toMatchObject({
      code: 'MFA_TOKEN_INVALID',
      message: MFA_MESSAGES.mfaTokenExpired,
    });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/admin/login/mfa');
    expect(JSON.parse(String(init.body))).toEqual({ mfaToken: 'tok', code: '123456' });
  });

  it('a session that must enrol tells the session listeners, so the guard sends it to the Security screen', async () => {
    const seen: ApiRequestError[] = [];
    const stop = onAdminAuthError((error) => seen.push(error));
    try {
      vi.stubGlobal(
        'fetch',
        json(403, { success: false, code: 'MFA_ENROLLMENT_REQUIRED', message: MFA_MESSAGES.enrollmentRequired }),
      );
      await expect(fetchMyProfile()).rejects.toMatchObject({ code: 'MFA_ENROLLMENT_REQUIRED' });
      // A refused code on a signed-in call is not a session problem.
      vi.stubGlobal('fetch', json(409, { success: false, code: 'CONFLICT', message: MFA_MESSAGES.lastMethod }));
      await expect(disableTotp(staffAccountApi, '123456')).rejects.toMatchObject({ message: MFA_MESSAGES.lastMethod });
    } finally {
      stop();
    }
    expect(seen.map((error) => error.code)).toEqual(['MFA_ENROLLMENT_REQUIRED']);
  });

  it('the status is read from the answer’s data', async () => {
    const data = {
      required: true,
      methods: ['totp'],
      totp: { enabledAt: '2026-11-23T00:00:00.000Z' },
      passkeys: [],
      recoveryCodesLeft: 9,
    };
    vi.stubGlobal('fetch', json(200, { success: true, data }));
    await expect(fetchMfaStatus(staffAccountApi)).resolves.toEqual(data);
  });
});
