import { useId, useState, type FormEvent } from 'react';
import { MFA_MESSAGES, type MfaLoginBody, type MfaMethod } from '@ledgerwell/shared/admin-mfa';
import { CHALLENGE_MESSAGES, type Challenge } from '@ledgerwell/shared/challenge';
import { TextField } from '../../../components/ui/text-field';
import { ProofOfWork, challengeOf } from '../../../components/proof-of-work';
import { useAdminAuth } from '../auth-context';
import { checkCode, codeFailure } from '../utils/mfa-view';

interface MfaCodeStepProps {
  mfaToken: string;
  methods: readonly MfaMethod[];
  /** Back to the password step; `notice` says why when the sign-in has to start over. */
  onBack: (notice?: string) => void;
}

/** The sign-in's second step, in the login card: a code from the authenticator app, or a recovery code. */
export function MfaCodeStep({ mfaToken, methods, onBack }: MfaCodeStepProps) {
  const { completeMfaLogin } = useAdminAuth();
  const headingId = useId();
  const [mode, setMode] = useState<'totp' | 'recovery'>(methods.includes('totp') ? 'totp' : 'recovery');
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Past the limit of failed codes the API asks for a proof of work; the same code is sent again with it.
  const [challenge, setChallenge] = useState<{ challenge: Challenge; input: MfaLoginBody } | null>(null);
  const recovery = mode === 'recovery';

  function switchMode() {
    setMode(recovery ? 'totp' : 'recovery');
    setCode('');
    setFieldError(undefined);
    setFormError(null);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const checked = checkCode(code, mode);
    if ('error' in checked) {
      setFieldError(checked.error);
      return;
    }
    setFieldError(undefined);
    await verify({ mfaToken, code: checked.code });
  }

  async function verify(input: MfaLoginBody, altcha?: string) {
    setBusy(true);
    setChallenge(null);
    try {
      await completeMfaLogin(input, altcha);
      // The authenticated session renders the login page's redirect.
    } catch (error) {
      const asked = challengeOf(error);
      if (asked) {
        setChallenge({ challenge: asked, input });
        return;
      }
      const failure = codeFailure(error, recovery ? MFA_MESSAGES.recoveryCodeInvalid : MFA_MESSAGES.codeInvalid);
      if (failure.expired) {
        onBack(failure.form);
        return;
      }
      setFieldError(failure.field);
      setFormError(failure.form ?? null);
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="auth-card__step">
        Two-step verification
      </h2>
      <p>{recovery ? 'Enter one of the recovery codes you saved when you set up your authenticator app.' : 'Enter the 6-digit code from your authenticator app.'}</p>
      {formError && (
        <div className="notice notice--error" role="alert">
          {formError}
        </div>
      )}
      <form onSubmit={handleSubmit} noValidate className="form">
        {recovery ? (
          <TextField
            key="recovery"
            label="Recovery code"
            name="recoveryCode"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="xxxxx-xxxxx"
            maxLength={11}
            required
            autoFocus
            value={code}
            onChange={(event) => setCode(event.target.value)}
            error={fieldError}
          />
        ) : (
          <TextField
            key="totp"
            label="Authentication code"
            name="code"
            autoComplete="one-time-code"
            inputMode="numeric"
            pattern="[0-9]*"
            maxLength={6}
            required
            autoFocus
            value={code}
            onChange={(event) => setCode(event.target.value)}
            error={fieldError}
          />
        )}
        {challenge && (
          <ProofOfWork
            challenge={challenge.challenge}
            onSolved={(altcha) => void verify(challenge.input, altcha)}
            onFailed={() => {
              setChallenge(null);
              setBusy(false);
              setFormError(CHALLENGE_MESSAGES.failed);
            }}
          />
        )}
        <button type="submit" className="button button--block" disabled={busy} aria-busy={busy || undefined}>
          {busy ? 'Verifying...' : 'Verify'}
        </button>
      </form>
      <div className="auth-card__links">
        {methods.includes('recovery') && methods.includes('totp') && (
          <button type="button" className="link-button" onClick={switchMode} disabled={busy}>
            {recovery ? 'Use your authenticator app' : 'Use a recovery code'}
          </button>
        )}
        <button type="button" className="link-button" onClick={() => onBack()} disabled={busy}>
          Back to sign in
        </button>
      </div>
    </section>
  );
}
