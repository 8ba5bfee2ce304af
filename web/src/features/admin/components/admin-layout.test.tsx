import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { AdminProfile, AdminRole } from '@ledgerwell/shared/admin-auth';
import { AdminLayout } from './admin-layout';

const admin = (role: AdminRole) =>
  ({ id: 'a-1', username: 'sam', role, mustChangePassword: false, mustEnrollMfa: false }) as AdminProfile;

function navLinks(role: AdminRole) {
  render(
    <MemoryRouter initialEntries={['/admin/dashboard']}>
      <AdminLayout admin={admin(role)} onLogout={async () => undefined} />
    </MemoryRouter>,
  );
  const nav = screen.getByRole('navigation', { name: 'Admin' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent);
}

describe('the admin navigation (issue 29, item 13)', () => {
  it('holds every screen a SUPER_ADMIN may open, the contact form and issuer applications included', () => {
    expect(navLinks('SUPER_ADMIN')).toEqual([
      'Dashboard',
      'Requests',
      'Shareholders',
      'Ledger',
      'Contact submissions',
      'Issuer applications',
      'Activity',
      'User Management',
      'IP Whitelist',
      'Mail log',
      'Paper advices',
      'Change password',
      'Security',
    ]);
    expect(screen.getAllByRole('button', { name: 'Logout' })).toHaveLength(1);
  });

  it('shows a READ_ONLY admin only what that role can open', () => {
    const links = navLinks('READ_ONLY');
    expect(links).toContain('Contact submissions');
    expect(links).toContain('Issuer applications');
    for (const hidden of ['User Management', 'IP Whitelist', 'Mail log', 'Paper advices'])
      expect(links).not.toContain(hidden);
  });

  it('gives a REVIEWER the paper advices to mail, not the mail log', () => {
    const links = navLinks('REVIEWER');
    expect(links).toContain('Paper advices');
    expect(links).not.toContain('Mail log');
  });
});
