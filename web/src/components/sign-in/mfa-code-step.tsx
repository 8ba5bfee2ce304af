import { useId, useState } from 'react';
import { MFA_MESSAGES, type MfaMethod } from '@ledgerwell/shared/admin-mfa';
import { isApiRequestError } from '../../lib/api-client';
import type { MfaLoginBody } from '@ledgerwell/shared/admin-mfa';
import type { AccountApi } from './account-api';
import { passkeyLoginAssertion, type PasskeyLogin } from './passkeys-api';
import { CodeForm, useCodeEntry } from './code-field';
import { PasskeyButton } from './passkey-button';

interface MfaCodeStepProps {
  api: AccountApi;
  /** Sends the code or the passkey's assertion; the session it opens is the caller's to store. Throws ApiRequestError. */
  onComplete: (input: MfaLoginBody | PasskeyLogin, altcha?: string) => Promise<unknown>;
  mfaToken: string;
  methods: readonly MfaMethod[];
  /** Back to the password step; `notice` says why when the sign-in has to start over. */
  onBack: (notice?: string) => void;
}

/** The sign-in's second step, in the login card: a passkey, a code from the authenticator app, or a recovery code. */
export function MfaCodeStep({ api, onComplete, mfaToken, methods, onBack }: MfaCodeStepProps) {
  const headingId = useId();
  const [mode, setMode] = useState<'totp' | 'recovery'>(methods.includes('totp') ? 'totp' : 'recovery');
  const recovery = mode === 'recovery';
  // Past the limit of failed codes the API asks for a proof of work; the same code is sent again with it.
  const entry = useCodeEntry({
    kind: mode,
    send: async (code, altcha) => {
      await onComplete({ mfaToken, code }, altcha);
      // The authenticated session renders the login page's redirect.
    },
    invalidMessage: recovery ? MFA_MESSAGES.recoveryCodeInvalid : MFA_MESSAGES.codeInvalid,
    onExpired: onBack,
  });

  const passkeys = methods.includes('webauthn');
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const busy = entry.busy || passkeyBusy;

  async function signInWithPasskey() {
    try {
      await onComplete(await passkeyLoginAssertion(api, mfaToken));
    } catch (error) {
      // The 5 minutes are over (or the token was used): the sign-in starts over, as with a code.
      if (isApiRequestError(error) && error.code === 'MFA_TOKEN_INVALID') {
        onBack(error.fromServer ? error.message : MFA_MESSAGES.mfaTokenExpired);
        return;
      }
      throw error;
    }
  }

  function switchMode() {
    setMode(recovery ? 'totp' : 'recovery');
    entry.reset();
  }

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="auth-card__step">
        Two-step verification
      </h2>
      {passkeys && (
        <>
          <p>Use your passkey (your device's screen lock or a security key).</p>
          <PasskeyButton onUse={signInWithPasskey} disabled={entry.busy} onBusy={setPasskeyBusy} />
          <p className="auth-card__or">Or</p>
        </>
      )}
      <p>
        {recovery
          ? 'Enter one of the recovery codes you saved when you set up your second factor.'
          : 'Enter the 6-digit code from your authenticator app.'}
      </p>
      <CodeForm entry={entry} label={recovery ? 'Recovery code' : 'Authentication code'} autoFocus={!passkeys}>
        <button type="submit" className="button button--block" disabled={busy} aria-busy={entry.busy || undefined}>
          {entry.busy ? 'Verifying...' : 'Verify'}
        </button>
      </CodeForm>
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
