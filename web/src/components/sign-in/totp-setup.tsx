import { useEffect, useId, useRef } from 'react';
import { MFA_MESSAGES, type TotpSetup as TotpSetupData } from '@ledgerwell/shared/admin-mfa';
import { QrCode } from '../qr-code';
import { CopyButton } from '../copy-button';
import { CodeForm, useCodeEntry } from './code-field';
import { groupSecret } from './mfa-view';

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
  const entry = useCodeEntry({ kind: 'totp', send: onConfirm, invalidMessage: MFA_MESSAGES.codeInvalid });

  return (
    <section className="totp-setup" aria-labelledby={headingId}>
      <h3 id={headingId} ref={heading} tabIndex={-1}>
        Set up your authenticator app
      </h3>
      <ol className="totp-setup__steps">
        <li>
          Open an authenticator app on your phone (for example Google Authenticator, Microsoft Authenticator or
          1Password) and add an account.
        </li>
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
      <CodeForm entry={entry} label="Code from the app">
        <div className="form-actions">
          <button type="submit" className="button" disabled={entry.busy} aria-busy={entry.busy || undefined}>
            {entry.busy ? 'Verifying...' : 'Verify and turn on'}
          </button>
          <button type="button" className="button button--secondary" onClick={onCancel} disabled={entry.busy}>
            Cancel
          </button>
        </div>
      </CodeForm>
    </section>
  );
}
