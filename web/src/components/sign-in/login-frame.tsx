import type { ReactNode } from 'react';
import { APP_NAME } from '@ledgerwell/shared/app-info';
import './login-frame.css';

interface SignInFrameProps {
  /** The area's name, e.g. 'Admin Portal': the page's h1. */
  heading: string;
  subtitle: string;
  children: ReactNode;
}

/**
 * The sign-in card's frame: brand, heading and subtitle. A signed-in area's login page puts its form in
 * it; the router puts a spinner in it while the area's chunk loads, and so does the area's login shell
 * HTML (e.g. admin-login-shell.html): the same text paints before any script and stays where it is.
 */
export function SignInFrame({ heading, subtitle, children }: SignInFrameProps) {
  return (
    <main id="main" className="auth-page">
      <div className="auth-card">
        <p className="auth-card__brand">{APP_NAME}</p>
        <h1>{heading}</h1>
        <p className="auth-card__subtitle">{subtitle}</p>
        {children}
      </div>
    </main>
  );
}
