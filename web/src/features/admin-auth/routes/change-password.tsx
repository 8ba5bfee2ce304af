import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { ADMIN_MESSAGES, changePasswordSchema, type ChangePasswordInput } from '@ledgerwell/shared/admin-auth';
import { CHALLENGE_MESSAGES, type Challenge } from '@ledgerwell/shared/challenge';
import { fieldErrors as zodFieldErrors } from '@ledgerwell/shared/api-error';
import { isApiRequestError } from '../../../lib/api-client';
import { paths } from '../../../config/paths';
import { useDocumentMeta } from '../../../hooks/use-document-meta';
import { TextField } from '../../../components/ui/text-field';
import { NewPasswordFields, confirmationError } from '../../../components/sign-in/new-password-fields';
import { ProofOfWork, challengeOf } from '../../../components/proof-of-work';
import { changeMyPassword } from '../api';
import { useAdminAuth, useCurrentAdmin } from '../auth-context';

/** How long the success message shows before the dashboard opens. */
const CONTINUE_AFTER_MS = 1500;

type Field = 'currentPassword' | 'newPassword' | 'confirmPassword';
const EMPTY: Record<Field, string> = { currentPassword: '', newPassword: '', confirmPassword: '' };

function failureMessage(error: unknown): string {
  if (isApiRequestError(error)) {
    if (error.isNetworkError) return ADMIN_MESSAGES.networkError;
    if (error.fromServer && error.message) return error.message;
  }
  return ADMIN_MESSAGES.changePasswordFailed;
}

export function ChangePasswordPage() {
  useDocumentMeta('Change password');
  const admin = useCurrentAdmin();
  const { refreshProfile } = useAdminAuth();
  const navigate = useNavigate();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Wrong current passwords count against the account's sign-in limit; past it the API asks for a
  // proof of work, and the same change is sent again with it.
  const [challenge, setChallenge] = useState<{ challenge: Challenge; input: ChangePasswordInput } | null>(null);
  const continueTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(continueTimer.current), []);

  function update(field: Field, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    // A field's error clears as soon as the field is edited.
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    setSuccess(null);

    const parsed = changePasswordSchema.safeParse({
      currentPassword: values.currentPassword,
      newPassword: values.newPassword,
    });
    const nextErrors: Record<string, string> = parsed.success ? {} : zodFieldErrors(parsed.error);
    const confirmError = confirmationError(values.newPassword, values.confirmPassword);
    if (confirmError) nextErrors.confirmPassword = confirmError;
    setErrors(nextErrors);
    if (!parsed.success || Object.keys(nextErrors).length > 0) return;

    await change(parsed.data);
  }

  async function change(input: ChangePasswordInput, altcha?: string) {
    setBusy(true);
    setChallenge(null);
    try {
      const message = await changeMyPassword(input, altcha);
      try {
        await refreshProfile();
      } catch {
        // The change itself succeeded; the guard re-reads the profile on the next load.
      }
      setValues(EMPTY);
      setSuccess(message || ADMIN_MESSAGES.passwordChanged);
      continueTimer.current = window.setTimeout(() => navigate(paths.admin.dashboard), CONTINUE_AFTER_MS);
    } catch (error) {
      const asked = challengeOf(error);
      if (asked) {
        // Still busy: the widget solves it and sends the change again.
        setChallenge({ challenge: asked, input });
        return;
      }
      const serverFieldErrors = isApiRequestError(error) ? error.fieldErrors : {};
      if (Object.keys(serverFieldErrors).length > 0) setErrors(serverFieldErrors);
      else setFormError(failureMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="admin-page admin-page--narrow">
      <header className="admin-page__header">
        <h1>Change password</h1>
        {admin.mustChangePassword ? (
          <p className="notice notice--warning">{ADMIN_MESSAGES.passwordChangeRequired}</p>
        ) : (
          <p className="muted">Choose a new password for {admin.username}.</p>
        )}
      </header>

      {success && (
        <div className="notice notice--success" role="status">
          <p>{success}</p>
          <p>
            <Link to={paths.admin.dashboard}>Continue to dashboard</Link>
          </p>
        </div>
      )}
      {formError && (
        <div className="notice notice--error" role="alert">
          {formError}
        </div>
      )}

      <form onSubmit={handleSubmit} noValidate className="form card">
        <TextField
          label="Current password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          required
          value={values.currentPassword}
          onChange={(event) => update('currentPassword', event.target.value)}
          error={errors.currentPassword}
        />
        <NewPasswordFields
          name="newPassword"
          label="New password"
          confirmLabel="Confirm new password"
          password={values.newPassword}
          confirm={values.confirmPassword}
          onPassword={(value) => update('newPassword', value)}
          onConfirm={(value) => update('confirmPassword', value)}
          error={errors.newPassword}
          confirmError={errors.confirmPassword}
        />
        {challenge && (
          <ProofOfWork
            challenge={challenge.challenge}
            onSolved={(altcha) => void change(challenge.input, altcha)}
            onFailed={() => {
              setChallenge(null);
              setFormError(CHALLENGE_MESSAGES.failed);
            }}
          />
        )}
        <button
          type="submit"
          className="button"
          disabled={busy || challenge !== null}
          aria-busy={busy || challenge !== null || undefined}
        >
          {busy || challenge ? 'Changing password...' : 'Change password'}
        </button>
      </form>
    </div>
  );
}
