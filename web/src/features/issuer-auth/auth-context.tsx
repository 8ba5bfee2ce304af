import { createContext, use, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { MfaLoginBody } from '@ledgerwell/shared/admin-mfa';
import {
  ISSUER_AUTH_MESSAGES,
  type AcceptInvitationInput,
  type IssuerLoginInput,
  type IssuerUserProfile,
} from '@ledgerwell/shared/issuer-auth';
import { onSessionAuthError } from '../../lib/api-client';
import { sessionTokens } from '../../lib/session-token';
import type { PasskeyLogin } from '../../components/sign-in/passkeys-api';
import type { SignInStep } from '../../components/sign-in/sign-in-step';
import { acceptInvitation, completeIssuerLogin, fetchIssuerMe, loginIssuer, logoutIssuer } from './api';

export type IssuerSession =
  | { status: 'loading' }
  | { status: 'anonymous'; notice?: string }
  | { status: 'authenticated'; user: IssuerUserProfile };

export interface IssuerAuthValue {
  session: IssuerSession;
  /** The password step: stores the session, or hands back the second step's token; throws ApiRequestError. */
  login: (input: IssuerLoginInput, altcha?: string) => Promise<SignInStep<IssuerUserProfile>>;
  /** The second step with a code or a passkey; stores the session. */
  completeMfaLogin: (input: MfaLoginBody | PasskeyLogin, altcha?: string) => Promise<IssuerUserProfile>;
  /** The invitation's password: creates the account and stores its session (enrolment comes next). */
  acceptInvitation: (input: AcceptInvitationInput) => Promise<IssuerUserProfile>;
  /** Ends the session on the server (best effort) and forgets the token. */
  logout: () => Promise<void>;
  /** Re-reads the profile, e.g. after an enrolment clears mustEnrollMfa. */
  refreshProfile: () => Promise<IssuerUserProfile>;
}

export const IssuerAuthContext = createContext<IssuerAuthValue | null>(null);

const tokens = sessionTokens.issuer;

/** The issuer user's session: its own token (never the staff one), checked with GET /api/issuer/me on load. */
export function IssuerAuthProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<IssuerSession>(() =>
    tokens.get() ? { status: 'loading' } : { status: 'anonymous' },
  );

  useEffect(() => {
    if (!tokens.get()) return;
    const controller = new AbortController();
    fetchIssuerMe(controller.signal).then(
      (user) => setSession({ status: 'authenticated', user }),
      () => {
        if (controller.signal.aborted) return;
        tokens.clear();
        setSession((current) => (current.status === 'anonymous' ? current : { status: 'anonymous' }));
      },
    );
    return () => controller.abort();
  }, []);

  // Any issuer call can learn that the session ended (401) or still lacks its second factor.
  useEffect(
    () =>
      onSessionAuthError('issuer', (error) => {
        if (error.status === 401) {
          setSession({ status: 'anonymous', notice: ISSUER_AUTH_MESSAGES.sessionExpired });
          return;
        }
        if (error.code !== 'MFA_ENROLLMENT_REQUIRED') return;
        setSession((current) =>
          current.status === 'authenticated' && !current.user.mustEnrollMfa
            ? { status: 'authenticated', user: { ...current.user, mustEnrollMfa: true } }
            : current,
        );
      }),
    [],
  );

  const signedIn = useCallback((token: string, user: IssuerUserProfile) => {
    tokens.set(token);
    setSession({ status: 'authenticated', user });
    return user;
  }, []);

  const login = useCallback(
    async (input: IssuerLoginInput, altcha?: string): Promise<SignInStep<IssuerUserProfile>> => {
      const body = await loginIssuer(input, altcha);
      if (body.mfaRequired) return { status: 'mfaRequired', mfaToken: body.mfaToken, methods: body.methods };
      return { status: 'signedIn', profile: signedIn(body.token, body.user) };
    },
    [signedIn],
  );

  const completeMfaLogin = useCallback(
    async (input: MfaLoginBody | PasskeyLogin, altcha?: string) => {
      const body = await completeIssuerLogin(input, altcha);
      return signedIn(body.token, body.user);
    },
    [signedIn],
  );

  const accept = useCallback(
    async (input: AcceptInvitationInput) => {
      const body = await acceptInvitation(input);
      return signedIn(body.token, body.user);
    },
    [signedIn],
  );

  const logout = useCallback(async () => {
    try {
      await logoutIssuer();
    } catch {
      // The token is forgotten either way; an expired one needs no server call.
    }
    tokens.clear();
    setSession({ status: 'anonymous' });
  }, []);

  const refreshProfile = useCallback(async () => {
    const user = await fetchIssuerMe();
    setSession({ status: 'authenticated', user });
    return user;
  }, []);

  const value = useMemo(
    () => ({ session, login, completeMfaLogin, acceptInvitation: accept, logout, refreshProfile }),
    [session, login, completeMfaLogin, accept, logout, refreshProfile],
  );
  return <IssuerAuthContext value={value}>{children}</IssuerAuthContext>;
}

export function useIssuerAuth(): IssuerAuthValue {
  const value = use(IssuerAuthContext);
  if (!value) throw new Error('useIssuerAuth must be used inside <IssuerAuthProvider>');
  return value;
}

/** The signed-in issuer user; only for components rendered behind <RequireIssuer>. */
export function useCurrentIssuerUser(): IssuerUserProfile {
  const { session } = useIssuerAuth();
  if (session.status !== 'authenticated') throw new Error('useCurrentIssuerUser used outside the issuer guard');
  return session.user;
}
