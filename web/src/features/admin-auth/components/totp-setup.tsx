import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { CHALLENGE_MESSAGES, type Challenge } from '@ledgerwell/shared/challenge';
import { MFA_MESSAGES, type TotpSetup as TotpSetupData } from '@ledgerwell/shared/admin-mfa';
import { QrCode } from '../../../components/qr-code';
import { TextField } from '../../../components/ui/text-field';
import { ProofOfWork, challengeOf } from '../../../components/proof-of-work';
import { CopyButton } from './copy-button';
import { checkCode, codeFailure, groupSecret } from '../utils/mfa-view';

interface TotpSetupProps {
  setup: TotpSetupData;
  /** Confirms the app with its current code; resolves to the recovery codes; throws ApiRequestError. */
  onConfirm: (code: string, altcha?: string) => Promise<void>;
  onCancel: () => void;
}

/** Set-up: the QR code and the secret for the app, then the app's first code to prove it works. */
export function TotpSetup({ setup, onConfirm, onCancel }: TotpSetupProps) {
  const headingId = useId();
  // The panel replaces the button that opened it: keyboard and screen-reader users start at its heading.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const grouped = groupSecret(setup.secret);
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [challenge, setChallenge] = useState<{ challenge: Challenge; code: string } | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const checked = checkCode(code, 'totp');
    if ('error' in checked) {
      setFieldError(checked.error);
      return;
    }
    setFieldError(undefined);
    await confirm(checked.code);
  }

  async function confirm(checkedCode: string, altcha?: string) {
    setBusy(true);
    setChallenge(null);
    try {
      await onConfirm(checkedCode, altcha);
    } catch (error) {
      const asked = challengeOf(error);
      if (asked) {
        setChallenge({ challenge: asked, code: checkedCode });
        return;
      }
      const failure = codeFailure(error, MFA_MESSAGES.codeInvalid);
      setFieldError(failure.field);
      setFormError(failure.form ?? null);
      setBusy(false);
    }
  }

  return (
    <section className="totp-setup" aria-labelledby={headingId}>
      <h3 id={headingId} ref={heading} tabIndex={-1}>Set up your authenticator app</h3>
      <ol className="totp-setup__steps">
        <li>Open an authenticator app on your phone (for example Google Authenticator, Microsoft Authenticator or 1Password) and add an account.</li>
        <li>Scan this QR code, or type the secret key in.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <div className="totp-setup__key">
        <QrCode className="totp-qr" value={setup.otpauthUrl} label="QR code for your authenticator app" />
        <div>
          <p className="field__label">Secret key</p>
          <p>
            <code className="totp-secret">{grouped}</code>
          </p>
          <CopyButton text={setup.secret} label="Copy secret" copiedMessage="Secret key copied" />
        </div>
      </div>
      {formError && (
        <div className="notice notice--error" role="alert">
          {formError}
        </div>
      )}
      <form onSubmit={handleSubmit} noValidate className="form">
        <TextField
          label="Code from the app"
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          pattern="[0-9]*"
          maxLength={6}
          required
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={fieldError}
        />
        {challenge && (
          <ProofOfWork
            challenge={challenge.challenge}
            onSolved={(altcha) => void confirm(challenge.code, altcha)}
            onFailed={() => {
              setChallenge(null);
              setBusy(false);
              setFormError(CHALLENGE_MESSAGES.failed);
            }}
          />
        )}
        <div className="form-actions">
          <button type="submit" className="button" disabled={busy} aria-busy={busy || undefined}>
            {busy ? 'Verifying...' : 'Verify and turn on'}
          </button>
          <button type="button" className="button button--secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </button>
        </div>
      </form>
    </section>
  );
}
