import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminProfile } from '@ledgerwell/shared/admin-auth';
import type * as UsersApi from '../api/users';
import { UsersPage } from './users';

const user = (username: string, role: AdminProfile['role']): AdminProfile => ({
  id: `id-${username}`,
  username,
  email: `${username}@example.com`,
  firstName: username,
  lastName: 'Example',
  phone: null,
  role,
  isActive: true,
  mustChangePassword: false,
  mfaEnabled: false,
  mustEnrollMfa: false,
  lastLoginAt: null,
  createdAt: '2026-11-01T10:00:00.000Z',
});
const me = user('root', 'SUPER_ADMIN');

vi.mock('../api/users', async (original) => ({
  ...(await original<typeof UsersApi>()),
  fetchAdminUsers: vi.fn(async () => ({ users: [me, user('bob', 'REVIEWER')], total: 2 })),
  resetAdminUserPassword: vi.fn(async () => 'Tmp-7f3K-q9Lm-2xWz'),
}));

afterEach(() => vi.useRealTimers());

describe('the user management screen', () => {
  it('keeps a reset password on screen until Done, with a Copy button (issue 29, item 12)', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(
      <MemoryRouter>
        <UsersPage admin={me} />
      </MemoryRouter>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Reset password for bob' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(within(dialog).getByRole('button', { name: /reset/i }));

    const notice = await screen.findByRole('region', { name: 'Password reset for bob' });
    expect(within(notice).getByLabelText('Temporary password').textContent).toBe('Tmp-7f3K-q9Lm-2xWz');
    // Long past the old 10 seconds, it is still there.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(screen.getByLabelText('Temporary password')).toBeTruthy();

    fireEvent.click(within(notice).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('Tmp-7f3K-q9Lm-2xWz');
    expect(await within(notice).findByText('Temporary password copied')).toBeTruthy();

    fireEvent.click(within(notice).getByRole('button', { name: 'Done' }));
    expect(screen.queryByLabelText('Temporary password')).toBeNull();
  });
});
