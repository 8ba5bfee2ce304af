import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_MESSAGES } from '@ledgerwell/shared/admin-auth';
import { changeMyPassword, fetchMyProfile, loginAdmin } from './api';

const bare = (status: number) => vi.fn(async () => new Response(null, { status }));
const serverError = (status: number, code: string, message: string) =>
  vi.fn(async () => new Response(JSON.stringify({ success: false, code, message }), { status, headers: { 'Content-Type': 'application/json' } }));

describe('admin sign-in calls’ failures (spec 8)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('login: the server’s message, else Login failed, and the network text when no answer came', async () => {
    vi.stubGlobal('fetch', serverError(401, 'INVALID_CREDENTIALS', 'Invalid credentials'));
    await expect(loginAdmin({ username: 'a', password: 'b' })).rejects.toMatchObject({ message: 'Invalid credentials', fromServer: true });
    vi.stubGlobal('fetch', bare(502));
    await expect(loginAdmin({ username: 'a', password: 'b' })).rejects.toMatchObject({ status: 502, message: 'Login failed', fromServer: false });
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
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
    await expect(changeMyPassword({ currentPassword: 'a', newPassword: 'b' })).rejects.toMatchObject({ message: 'Current password is incorrect' });
    vi.stubGlobal('fetch', bare(500));
    await expect(changeMyPassword({ currentPassword: 'a', newPassword: 'b' })).rejects.toMatchObject({ message: 'Failed to change password' });
  });
});
