import type { ReactNode } from 'react';
import { APP_NAME } from '@ledgerwell/shared/app-info';
import './login-frame.css';

export const ADMIN_LOGIN_HEADING = 'Admin Portal';

/**
 * The sign-in card's frame: brand, heading and subtitle. The login page puts its form in it; the
 * router puts a spinner in it while the admin chunk loads, and so does admin-login-shell.html (the
 * HTML of /admin/login): the same text paints before any script and stays where it is.
 */
export function AdminLoginFrame({ children }: { children: ReactNode }) {
  return (
    <main id="main" className="auth-page">
      <div className="auth-card">
        <p className="auth-card__brand">{APP_NAME}</p>
        <h1>{ADMIN_LOGIN_HEADING}</h1>
        <p className="auth-card__subtitle">Sign in to review and manage shareholder requests.</p>
        {children}
      </div>
    </main>
  );
}
