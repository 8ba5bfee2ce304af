import { useState } from 'react';
import { NavLink, Outlet } from 'react-router';
import { APP_VERSION_LABEL } from '@ledgerwell/shared/app-info';
import type { IssuerUserProfile, IssuerUserRole } from '@ledgerwell/shared/issuer-auth';
import { paths } from '../../../config/paths';
import { Brand } from '../../../components/layout/brand';
import './issuer-layout.css';

export const ISSUER_PORTAL_LABEL = 'Issuer Portal';

const ROLE_LABELS: Record<IssuerUserRole, string> = { ISSUER_ADMIN: 'Administrator', ISSUER_VIEWER: 'Viewer' };

/** The screens the role may open: the users and invitations are the administrator's (the server refuses a viewer). */
export function issuerNavLinks(role: IssuerUserRole): { to: string; label: string }[] {
  return [
    { to: paths.issuer.capTable, label: 'Cap table' },
    { to: paths.issuer.journal, label: 'Journal' },
    { to: paths.issuer.requests, label: 'Requests' },
    ...(role === 'ISSUER_ADMIN' ? [{ to: paths.issuer.users, label: 'Users' }] : []),
    { to: paths.issuer.security, label: 'Security' },
  ];
}

interface IssuerLayoutProps {
  user: IssuerUserProfile;
  onLogout: () => Promise<void>;
}

/** The signed-in issuer area's frame: whose portal it is, who is signed in, the screens, and sign-out. */
export function IssuerLayout({ user, onLogout }: IssuerLayoutProps) {
  const [leaving, setLeaving] = useState(false);

  async function handleLogout() {
    setLeaving(true);
    await onLogout();
  }

  return (
    <div className="admin-shell issuer-shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="admin-header">
        <div className="admin-header__inner">
          <Brand to={paths.issuer.capTable} suffix="Issuer" />
          <p className="issuer-header__issuer">{user.issuerName}</p>
          <p className="admin-header__user issuer-header__user">
            <span className="visually-hidden">Signed in as </span>
            {user.email} <span className="role-badge">{ROLE_LABELS[user.role]}</span>
          </p>
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() => void handleLogout()}
            disabled={leaving}
          >
            Sign out
          </button>
          {/* Until a second factor is set up, the Security screen is the only place to go. */}
          {!user.mustEnrollMfa && (
            <nav aria-label="Issuer portal" className="admin-nav issuer-nav">
              <ul>
                {issuerNavLinks(user.role).map((link) => (
                  <li key={link.to}>
                    <NavLink to={link.to}>{link.label}</NavLink>
                  </li>
                ))}
              </ul>
            </nav>
          )}
        </div>
      </header>
      <main id="main" className="admin-main">
        <Outlet />
      </main>
      <footer className="admin-footer">
        <span>{APP_VERSION_LABEL}</span>
        <span aria-hidden="true"> · </span>
        <span>{ISSUER_PORTAL_LABEL}</span>
      </footer>
    </div>
  );
}
