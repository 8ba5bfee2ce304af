import { useState, type FormEvent } from 'react';
import { Navigate } from 'react-router';
import { ADMIN_MESSAGES, adminLoginSchema, type AdminLoginInput } from '@ledgerwell/shared/admin-auth';
import type { MfaMethod } from '@ledgerwell/shared/admin-mfa';
import type { Challenge } from '@ledgerwell/shared/challenge';
import { fieldErrors as zodFieldErrors } from '@ledgerwell/shared/api-error';
import { APP_NAME } from '@ledgerwell/shared/app-info';
import { isApiRequestError } from '../../../lib/api-client';
import { useDocumentMeta } from '../../../hooks/use-document-meta';
import { TextField } from '../../../components/ui/text-field';
import { ProofOfWork, challengeOf } from '../../../components/proof-of-work';
import { useAdminAuth } from '../auth-context';
import { AdminLoginFrame } from '../components/login-frame';
import { MfaCodeStep } from '../components/mfa-code-step';
import { landingPath } from '../utils/guard';

function loginErrorMessage(error: unknown): string {
  if (!isApiRequestError(error)) return ADMIN_MESSAGES.loginError;
  if (error.isNetworkError) return ADMIN_MESSAGES.networkError;
  // A 2xx answer of the wrong shape is our failure, not the visitor's.
  if (error.status < 400) return ADMIN_MESSAGES.loginError;
  return error.fromServer && error.message ? error.message : ADMIN_MESSAGES.invalidCredentials;
}

export function AdminLoginPage() {
  useDocumentMeta('Admin sign in', `Sign in to the ${APP_NAME} admin portal.`);
  const { session, login } = useAdminAuth();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Past the sign-in limit the API asks for a proof of work; the same sign-in is sent again with it.
  const [challenge, setChallenge] = useState<{ challenge: Challenge; input: AdminLoginInput } | null>(null);
  // The password was right and the account has a second factor: the code step, with its one-time token.
  const [mfa, setMfa] = useState<{ mfaToken: string; methods: MfaMethod[] } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  if (session.status === 'authenticated') {
    return <Navigate to={landingPath(session.admin)} replace />;
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = adminLoginSchema.safeParse({ username, password });
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error));
      setFormError(null);
      return;
    }
    setErrors({});
    setFormError(null);
    setNotice(null);
    await signIn(parsed.data);
  }

  async function signIn(input: AdminLoginInput, altcha?: string) {
    setBusy(true);
    setChallenge(null);
    try {
      const result = await login(input, altcha);
      // A signed-in session renders the redirect above; a second factor opens the code step.
      if (result.status === 'mfaRequired') {
        setMfa({ mfaToken: result.mfaToken, methods: result.methods });
        setPassword('');
        setBusy(false);
      }
    } catch (error) {
      const asked = challengeOf(error);
      if (asked) {
        setChallenge({ challenge: asked, input });
        return;
      }
      setFormError(loginErrorMessage(error));
      if (isApiRequestError(error)) setErrors(error.fieldErrors);
      setBusy(false);
    }
  }

  return (
    <AdminLoginFrame>
      {mfa ? (
        <MfaCodeStep
          mfaToken={mfa.mfaToken}
          methods={mfa.methods}
          onBack={(reason) => {
            setMfa(null);
            setNotice(reason ?? null);
          }}
        />
      ) : (
        <>
          {session.status === 'anonymous' && session.notice && !formError && !notice && (
            <p className="notice notice--info" role="status">
              {session.notice}
            </p>
          )}
          {notice && !formError && (
            <p className="notice notice--warning" role="alert">
              {notice}
            </p>
          )}
          {formError && (
            <div className="notice notice--error" role="alert">
              {formError}
            </div>
          )}

          <form onSubmit={handleSubmit} noValidate className="form">
            <TextField
              label="Username"
              name="username"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              required
              value={username}
              onChange={(event) => setUsername(event.target.value)}
              error={errors.username}
            />
            <TextField
              label="Password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              error={errors.password}
            />
            {challenge && (
              <ProofOfWork
                challenge={challenge.challenge}
                onSolved={(altcha) => void signIn(challenge.input, altcha)}
              />
            )}
            <button type="submit" className="button button--block" disabled={busy} aria-busy={busy || undefined}>
              {busy ? 'Signing in...' : 'Sign in'}
            </button>
          </form>
        </>
      )}
    </AdminLoginFrame>
  );
}
