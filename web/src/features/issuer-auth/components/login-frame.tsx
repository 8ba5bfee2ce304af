import type { ReactNode } from 'react';
import { SignInFrame } from '../../../components/sign-in/login-frame';

export const ISSUER_LOGIN_HEADING = 'Issuer Portal';
const SIGN_IN_SUBTITLE = 'Sign in to your cap table, holders and journal.';

/** The issuer sign-in card (also painted by the router while the issuer chunk loads), and the invitation's. */
export function IssuerLoginFrame({
  subtitle = SIGN_IN_SUBTITLE,
  children,
}: {
  subtitle?: string;
  children: ReactNode;
}) {
  return (
    <SignInFrame heading={ISSUER_LOGIN_HEADING} subtitle={subtitle}>
      {children}
    </SignInFrame>
  );
}
