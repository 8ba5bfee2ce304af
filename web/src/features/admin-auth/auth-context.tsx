import { createContext, use, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { ADMIN_MESSAGES, type AdminLoginInput, type AdminProfile } from '@ledgerwell/shared/admin-auth';
import type { MfaLoginBody } from '@ledgerwell/shared/admin-mfa';
import { isApiRequestError, onAdminAuthError } from '../../lib/api-client';
import { clearAdminToken, getAdminToken, setAdminToken } from '../../lib/admin-token';
import { fetchMyProfile, loginAdmin, loginWithMfaCode, loginWithPasskey, logoutAdmin, verifyAdminSession } from './api';
import type { PasskeyLogin } from '../../components/sign-in/passkeys-api';
import type { SignInStep } from '../../components/sign-in/sign-in-step';

export type AdminSession =
  | { status: 'loading' }
  | { status: 'anonymous'; notice?: string }
  | { status: 'authenticated'; admin: AdminProfile };

export type PasswordLoginResult = SignInStep<AdminProfile>;

interface AdminAuthValue {
  session: AdminSession;
  /**
   * Stores the token and the profile, or hands back the second step's token; throws ApiRequestError on failure.
   * `altcha`: the solved proof of work, when the last answer asked for one.
   */
  login: (input: AdminLoginInput, altcha?: string) => Promise<PasswordLoginResult>;
  /** The second step with a TOTP or recovery code, or a passkey: stores the token and the profile like a password sign-in. */
  completeMfaLogin: (input: MfaLoginBody | PasskeyLogin, altcha?: string) => Promise<AdminProfile>;
  /** Ends the session on the server (best effort) and forgets the token. */
  logout: () => Promise<void>;
  /** Re-reads the profile, e.g. after a password change clears mustChangePassword, or an enrolment mustEnrollMfa. */
  refreshProfile: () => Promise<AdminProfile>;
}

const AdminAuthContext = createContext<AdminAuthValue | null>(null);

async function checkStoredToken(signal: AbortSignal): Promise<AdminProfile> {
  try {
    return await verifyAdminSession(signal);
  } catch (error) {
    // A session that must change its password may be refused by verify; the profile call says who it is.
    if (isApiRequestError(error) && error.code === 'PASSWORD_CHANGE_REQUIRED') {
      return { ...(await fetchMyProfile()), mustChangePassword: true };
    }
    throw error;
  }
}

export function AdminAuthProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<AdminSession>(() =>
    getAdminToken() ? { status: 'loading' } : { status: 'anonymous' },
  );

  // On load the stored token is checked; a failed check removes it (admin-request-review spec 4).
  useEffect(() => {
    if (!getAdminToken()) return;
    const controller = new AbortController();
    checkStoredToken(controller.signal).then(
      (admin) => setSession({ status: 'authenticated', admin }),
      () => {
        if (controller.signal.aborted) return;
        clearAdminToken();
        setSession((current) => (current.status === 'anonymous' ? current : { status: 'anonymous' }));
      },
    );
    return () => controller.abort();
  }, []);

  // Any admin call can learn that the session ended (401) or is restricted (403) to changing the
  // password or to enrolling a second factor.
  useEffect(
    () =>
      onAdminAuthError((error) => {
        if (error.status === 401) {
          setSession({ status: 'anonymous', notice: ADMIN_MESSAGES.sessionExpired });
          return;
        }
        const flag = error.code === 'MFA_ENROLLMENT_REQUIRED' ? 'mustEnrollMfa' : 'mustChangePassword';
        setSession((current) =>
          current.status === 'authenticated' && !current.admin[flag]
            ? { status: 'authenticated', admin: { ...current.admin, [flag]: true } }
            : current,
        );
      }),
    [],
  );

  const login = useCallback(async (input: AdminLoginInput, altcha?: string): Promise<PasswordLoginResult> => {
    const body = await loginAdmin(input, altcha);
    if ('mfaRequired' in body) return { status: 'mfaRequired', mfaToken: body.mfaToken, methods: body.methods };
    setAdminToken(body.token);
    setSession({ status: 'authenticated', admin: body.user });
    return { status: 'signedIn', profile: body.user };
  }, []);

  const completeMfaLogin = useCallback(async (input: MfaLoginBody | PasskeyLogin, altcha?: string) => {
    const body = 'response' in input ? await loginWithPasskey(input, altcha) : await loginWithMfaCode(input, altcha);
    setAdminToken(body.token);
    setSession({ status: 'authenticated', admin: body.user });
    return body.user;
  }, []);

  const logout = useCallback(async () => {
    try {
      await logoutAdmin();
    } catch {
      // The token is forgotten either way; an expired one needs no server call.
    }
    clearAdminToken();
    setSession({ status: 'anonymous' });
  }, []);

  const refreshProfile = useCallback(async () => {
    const admin = await fetchMyProfile();
    setSession({ status: 'authenticated', admin });
    return admin;
  }, []);

  const value = useMemo(
    () => ({ session, login, completeMfaLogin, logout, refreshProfile }),
    [session, login, completeMfaLogin, logout, refreshProfile],
  );
  return <AdminAuthContext value={value}>{children}</AdminAuthContext>;
}

export function useAdminAuth(): AdminAuthValue {
  const value = use(AdminAuthContext);
  if (!value) throw new Error('useAdminAuth must be used inside <AdminAuthProvider>');
  return value;
}

/** The signed-in admin; only for components rendered behind <RequireAdmin>. */
export function useCurrentAdmin(): AdminProfile {
  const { session } = useAdminAuth();
  if (session.status !== 'authenticated') throw new Error('useCurrentAdmin used outside the admin guard');
  return session.admin;
}
