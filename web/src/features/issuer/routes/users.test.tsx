import { fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { IssuerUsersList } from '@ledgerwell/shared/issuer-users';
import { ApiRequestError } from '../../../lib/api-client';
import * as api from '../api/users';
import { UsersPage } from './users';

vi.mock('../api/users', () => ({
  fetchIssuerUsers: vi.fn(),
  inviteIssuerUser: vi.fn(),
  removeIssuerUser: vi.fn(),
  revokeIssuerInvitation: vi.fn(),
}));

const list = (canManage: boolean): IssuerUsersList => ({
  currentUserId: 'u-me',
  canManage,
  users: [
    {
      id: 'u-me',
      email: 'me@acme.example',
      role: 'ISSUER_ADMIN',
      hasSecondFactor: true,
      lastLoginAt: '2026-05-01T10:00:00.000Z',
      createdAt: '2026-04-01T10:00:00.000Z',
    },
    {
      id: 'u-lee',
      email: 'lee@acme.example',
      role: 'ISSUER_VIEWER',
      hasSecondFactor: false,
      lastLoginAt: null,
      createdAt: '2026-04-02T10:00:00.000Z',
    },
  ],
  invitations: [
    {
      id: 'i-kim',
      email: 'kim@acme.example',
      role: 'ISSUER_VIEWER',
      expiresAt: '2026-05-04T10:00:00.000Z',
      sentBy: 'me@acme.example',
      createdAt: '2026-05-01T10:00:00.000Z',
    },
  ],
});

describe('the issuer users screen', () => {
  beforeEach(() => {
    vi.mocked(api.fetchIssuerUsers).mockReset();
    vi.mocked(api.inviteIssuerUser).mockReset();
    vi.mocked(api.removeIssuerUser).mockReset();
    vi.mocked(api.revokeIssuerInvitation).mockReset();
  });

  it('shows a viewer the users and invitations, read-only', async () => {
    vi.mocked(api.fetchIssuerUsers).mockResolvedValue(list(false));
    render(<UsersPage />);
    expect(await screen.findByText('lee@acme.example')).toBeTruthy();
    expect(screen.getByText('kim@acme.example')).toBeTruthy();
    expect(screen.getByText('(you)')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Invite a colleague' })).toBeNull();
    expect(screen.queryByRole('button', { name: /remove|revoke/i })).toBeNull();
  });

  it('says when the list cannot be loaded, and tries again', async () => {
    vi.mocked(api.fetchIssuerUsers).mockRejectedValueOnce(
      new ApiRequestError({ status: 0, code: 'NETWORK_ERROR', message: 'Network error' }),
    );
    render(<UsersPage />);
    expect(screen.getByRole('status', { name: 'Loading users' })).toBeTruthy();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The users could not be loaded.');
    vi.mocked(api.fetchIssuerUsers).mockResolvedValue(list(true));
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('lee@acme.example')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('lets an administrator invite a colleague, checking the form first and showing the server’s refusal', async () => {
    vi.mocked(api.fetchIssuerUsers).mockResolvedValue(list(true));
    render(<UsersPage />);
    const form = await screen.findByRole('form', { name: 'Invite a colleague' });
    // Offered to others, never to oneself.
    expect(screen.getByRole('button', { name: 'Remove lee@acme.example' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove me@acme.example' })).toBeNull();

    fireEvent.change(within(form).getByLabelText('Email'), { target: { value: 'not an address' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await within(form).findByText('Please enter a valid email address')).toBeTruthy();
    expect(api.inviteIssuerUser).not.toHaveBeenCalled();

    vi.mocked(api.inviteIssuerUser).mockRejectedValueOnce(
      new ApiRequestError({
        status: 409,
        code: 'CONFLICT',
        message: 'This e-mail address already has an issuer portal account.',
        fieldErrors: { email: 'This e-mail address already has an issuer portal account.' },
        fromServer: true,
      }),
    );
    fireEvent.change(within(form).getByLabelText('Email'), { target: { value: 'lee@acme.example' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await within(form).findByText('This e-mail address already has an issuer portal account.')).toBeTruthy();

    vi.mocked(api.inviteIssuerUser).mockResolvedValueOnce(list(true).invitations[0]!);
    fireEvent.change(within(form).getByLabelText('Email'), { target: { value: 'sam@acme.example' } });
    fireEvent.change(within(form).getByLabelText('Role'), { target: { value: 'ISSUER_ADMIN' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent to sam@acme.example.')).toBeTruthy();
    expect(api.inviteIssuerUser).toHaveBeenLastCalledWith({ email: 'sam@acme.example', role: 'ISSUER_ADMIN' });
    expect(api.fetchIssuerUsers).toHaveBeenCalledTimes(2);
  });

  it('removes a colleague only once confirmed, and can be cancelled', async () => {
    vi.mocked(api.fetchIssuerUsers).mockResolvedValue(list(true));
    vi.mocked(api.removeIssuerUser).mockResolvedValue(undefined);
    render(<UsersPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove lee@acme.example' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove lee@acme.example?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.removeIssuerUser).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Remove lee@acme.example' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('lee@acme.example was removed.')).toBeTruthy();
    expect(api.removeIssuerUser).toHaveBeenCalledWith('u-lee');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('revokes an invitation once confirmed, and keeps the dialog open with the reason when refused', async () => {
    vi.mocked(api.fetchIssuerUsers).mockResolvedValue(list(true));
    vi.mocked(api.revokeIssuerInvitation).mockRejectedValueOnce(
      new ApiRequestError({ status: 404, code: 'NOT_FOUND', message: 'Invitation not found', fromServer: true }),
    );
    render(<UsersPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke the invitation of kim@acme.example' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke the invitation of kim@acme.example?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Invitation not found');
    vi.mocked(api.revokeIssuerInvitation).mockResolvedValueOnce(undefined);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('The invitation of kim@acme.example was revoked.')).toBeTruthy();
    expect(api.revokeIssuerInvitation).toHaveBeenLastCalledWith('i-kim');
  });
});
