import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { ADMIN_MESSAGES } from '@ledgerwell/shared/admin-auth';
import { fieldErrors as zodFieldErrors } from '@ledgerwell/shared/api-error';
import { acceptInvitationSchema } from '@ledgerwell/shared/issuer-auth';
import { paths } from '../../../config/paths';
import { isApiRequestError } from '../../../lib/api-client';
import { useDocumentMeta } from '../../../hooks/use-document-meta';
import { NewPasswordFields, confirmationError } from '../../../components/sign-in/new-password-fields';
import { messageOf } from '../../../components/sign-in/mfa-view';
import { useIssuerAuth } from '../auth-context';
import { IssuerLoginFrame } from '../components/login-frame';
import { invitationTokenOf, type InvitationProblem } from '../utils/invitation-token';

export const INVITATION_TEXTS = {
  incomplete:
    'This invitation link is incomplete. Open the whole link from the e-mail again, or copy all of it into the address bar.',
  gone: 'This invitation has expired or was already used. Ask your transfer agent, Ledgerwell, to send you a new invitation.',
  accountExists: 'An issuer account with this e-mail address already exists.',
} as const;

/** The answer's problem with the invitation itself, or null when it is about the password or the connection. */
function problemOf(error: unknown): InvitationProblem | null {
  if (!isApiRequestError(error)) return null;
  if (error.code === 'INVITATION_INVALID') return 'incomplete';
  if (error.code === 'INVITATION_GONE') return 'gone';
  if (error.status === 409) return 'accountExists';
  return null;
}

/**
 * The invitation e-mail's link: the contact chooses a password (the staff password rules, with the strength
 * meter), which creates their ISSUER_ADMIN account and signs them in; the second factor's set-up comes next.
 * The token rides in the fragment, which is taken off the address bar at once so that it is not left in the
 * history or shown over a shoulder.
 */
export function InvitationPage() {
  useDocumentMeta('Accept your invitation');
  const { acceptInvitation } = useIssuerAuth();
  const navigate = useNavigate();
  const [token] = useState(() => invitationTokenOf(window.location.hash));
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [problem, setProblem] = useState<InvitationProblem | null>(token ? null : 'incomplete');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!window.location.hash) return;
    const { pathname, search } = window.location;
    window.history.replaceState(window.history.state, '', `${pathname}${search}`);
  }, []);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!token) return;
    setFormError(null);
    const parsed = acceptInvitationSchema.safeParse({ token, password });
    const nextErrors: Record<string, string> = parsed.success ? {} : zodFieldErrors(parsed.error);
    const confirmError = confirmationError(password, confirm);
    if (confirmError) nextErrors.confirmPassword = confirmError;
    setErrors(nextErrors);
    if (!parsed.success || Object.keys(nextErrors).length > 0) return;

    setBusy(true);
    try {
      await acceptInvitation(parsed.data);
      navigate(paths.issuer.security, { replace: true });
    } catch (error) {
      setBusy(false);
      const found = problemOf(error);
      if (found) {
        setProblem(found);
        return;
      }
      const fieldErrors = isApiRequestError(error) ? error.fieldErrors : {};
      if (fieldErrors.password) setErrors(fieldErrors);
      else setFormError(messageOf(error, ADMIN_MESSAGES.loginError));
    }
  }

  if (problem) {
    return (
      <IssuerLoginFrame subtitle="Your invitation">
        <div className="notice notice--error" role="alert">
          <p>{INVITATION_TEXTS[problem]}</p>
        </div>
        <p className="auth-card__links">
          {problem === 'accountExists' ? (
            <Link to={paths.issuer.login}>Sign in to the issuer portal</Link>
          ) : (
            <Link to={paths.issuer.login}>Already have an account? Sign in</Link>
          )}
        </p>
      </IssuerLoginFrame>
    );
  }

  return (
    <IssuerLoginFrame subtitle="Choose the password for your issuer portal account.">
      <p>Next you set up a second factor (a passkey or an authenticator app): every issuer account needs one.</p>
      {formError && (
        <div className="notice notice--error" role="alert">
          {formError}
        </div>
      )}
      <form onSubmit={handleSubmit} noValidate className="form">
        <NewPasswordFields
          name="password"
          label="Password"
          confirmLabel="Confirm password"
          password={password}
          confirm={confirm}
          onPassword={setPassword}
          onConfirm={setConfirm}
          error={errors.password}
          confirmError={errors.confirmPassword}
        />
        <button type="submit" className="button button--block" disabled={busy} aria-busy={busy || undefined}>
          {busy ? 'Creating your account...' : 'Create account'}
        </button>
      </form>
    </IssuerLoginFrame>
  );
}
