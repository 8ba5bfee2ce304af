import { useEffect, useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { ADMIN_ROLE_LABELS, type AdminProfile, type AdminRole } from '@ledgerwell/shared/admin-auth';
import { APP_VERSION_LABEL } from '@ledgerwell/shared/app-info';
import { paths } from '../../../config/paths';
import { Brand } from '../../../components/layout/brand';
import { cacheVisitedAssets } from '../../../lib/visited-assets';

export const ADMIN_PORTAL_LABEL = 'Admin Portal';

interface AdminLayoutProps {
  admin: AdminProfile;
  onLogout: () => Promise<void>;
}

/**
 * Every screen the role may open, and only those (issue 29): the server refuses the rest anyway, and a link to a
 * screen that then says "You do not have permission" only wastes a click.
 */
export function adminNavLinks(role: AdminRole): { to: string; label: string }[] {
  const superAdmin = role === 'SUPER_ADMIN';
  return [
    { to: paths.admin.dashboard, label: 'Dashboard' },
    { to: paths.admin.requests(), label: 'Requests' },
    { to: paths.admin.shareholders, label: 'Shareholders' },
    { to: paths.admin.ledger, label: 'Ledger' },
    { to: paths.admin.contactSubmissions, label: 'Contact submissions' },
    { to: paths.admin.issuerApplications, label: 'Issuer applications' },
    { to: paths.admin.activity, label: 'Activity' },
    ...(superAdmin ? [{ to: paths.admin.users, label: 'User Management' }] : []),
    ...(superAdmin ? [{ to: paths.admin.ipWhitelist, label: 'IP Whitelist' }] : []),
    // The mail log: ADMIN reads it with recipients masked (issue 18).
    ...(superAdmin || role === 'ADMIN' ? [{ to: paths.admin.outbox, label: 'Mail log' }] : []),
    // Paper transaction advices to print and mail: the staff who work requests (decision 022).
    ...(role !== 'READ_ONLY' ? [{ to: paths.admin.paperAdvices, label: 'Paper advices' }] : []),
    { to: paths.admin.changePassword, label: 'Change password' },
    { to: paths.admin.security, label: 'Security' },
  ];
}

export function AdminLayout({ admin, onLogout }: AdminLayoutProps) {
  const [leaving, setLeaving] = useState(false);
  const links = adminNavLinks(admin.role);
  const { pathname } = useLocation();
  // The staff area is not installed with the app: keep each screen's chunks once loaded.
  useEffect(() => {
    void cacheVisitedAssets();
  }, [pathname]);

  async function handleLogout() {
    setLeaving(true);
    await onLogout();
  }

  return (
    <div className="admin-shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="admin-header">
        <div className="admin-header__inner">
          <Brand to={paths.admin.dashboard} suffix="Admin" />
          <nav aria-label="Admin" className="admin-nav">
            <ul>
              {/* Until the password is changed (or a required second factor set up), that screen is the only place to go. */}
              {!admin.mustChangePassword &&
                !admin.mustEnrollMfa &&
                links.map((link) => (
                  <li key={link.to}>
                    <NavLink to={link.to} end={link.to === paths.admin.dashboard}>
                      {link.label}
                    </NavLink>
                  </li>
                ))}
              <li>
                <button
                  type="button"
                  className="button button--ghost button--small"
                  onClick={handleLogout}
                  disabled={leaving}
                >
                  Logout
                </button>
              </li>
            </ul>
          </nav>
          <p className="admin-header__user">
            <span className="visually-hidden">Signed in as </span>
            {admin.username} <span className="role-badge">{ADMIN_ROLE_LABELS[admin.role]}</span>
          </p>
        </div>
      </header>
      <main id="main" className="admin-main">
        <Outlet />
      </main>
      <footer className="admin-footer">
        <span>{APP_VERSION_LABEL}</span>
        <span aria-hidden="true"> · </span>
        <span>{ADMIN_PORTAL_LABEL}</span>
      </footer>
    </div>
  );
}
