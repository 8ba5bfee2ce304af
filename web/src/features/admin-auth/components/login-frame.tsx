import type { ReactNode } from 'react';
import { SignInFrame } from '../../../components/sign-in/login-frame';

export const ADMIN_LOGIN_HEADING = 'Admin Portal';

/** The staff sign-in card (also painted by admin-login-shell.html while the admin chunk loads). */
export function AdminLoginFrame({ children }: { children: ReactNode }) {
  return (
    <SignInFrame heading={ADMIN_LOGIN_HEADING} subtitle="Sign in to review and manage shareholder requests.">
      {children}
    </SignInFrame>
  );
}
