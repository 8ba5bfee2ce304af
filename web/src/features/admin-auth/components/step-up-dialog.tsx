import { useEffect, useEffectEvent, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { ADMIN_MESSAGES } from '@ledgerwell/shared/admin-auth';
import { MFA_MESSAGES } from '@ledgerwell/shared/admin-mfa';
import { CHALLENGE_MESSAGES, type Challenge } from '@ledgerwell/shared/challenge';
import { NativeDialog } from '../../../components/native-dialog';
import { ProofOfWork, challengeOf } from '../../../components/proof-of-work';
import { TextField } from '../../../components/ui/text-field';
import { isApiRequestError, setStepUpHandler } from '../../../lib/api-client';
import { useCurrentAdmin } from '../auth-context';
import { stepUp, stepUpProofFor, type StepUpProof } from '../step-up-api';
import { passkeyProof } from '../passkeys-api';
import { CodeForm, useCodeEntry } from './code-field';
import { PasskeyButton } from './passkey-button';

const WHY =
  'Changing users or the IP whitelist and exporting data need a recent confirmation, so that nobody else can do it from this session.';

interface StepUpDialogProps {
  proof: StepUpProof;
  /** true once the server has accepted the proof; false on Cancel or Escape. */
  onDone: (confirmed: boolean) => void;
}

/**
 * Asks the signed-in admin to confirm it is them before a sensitive call is sent again: a code
 * (authenticator app or recovery code) for a user with a second factor, else the password. A native
 * modal: the page behind is inert, Escape cancels, the focus goes to the field and back afterwards.
 */
export function StepUpDialog({ proof, onDone }: StepUpDialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const [busy, setBusy] = useState(false);

  const actions = (
    <div className="form-actions modal__actions">
      <button type="button" className="button button--secondary" onClick={() => onDone(false)} disabled={busy}>
        Cancel
      </button>
      <button type="submit" className="button" disabled={busy} aria-busy={busy || undefined}>
        {busy ? 'Checking...' : 'Confirm'}
      </button>
    </div>
  );

  return (
    <NativeDialog
      initialFocus="input:not([hidden])"
      className="modal modal--small"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      onClose={() => {
        if (!busy) onDone(false);
      }}
    >
      <h2 id={titleId} className="modal__title">
        Confirm it is you
      </h2>
      <p id={descriptionId}>
        {WHY}{' '}
        {proof === 'password'
          ? 'Enter your password.'
          : `${proof === 'passkey' ? 'Use a passkey, or enter' : 'Enter'} a code from your authenticator app, or one of your recovery codes.`}
      </p>
      {proof !== 'password' ? (
        <StepUpCodeForm onConfirmed={() => onDone(true)} onBusy={setBusy}>
          {proof === 'passkey' && (
            <PasskeyButton
              disabled={busy}
              onBusy={setBusy}
              onUse={async () => {
                await stepUp(await passkeyProof());
                onDone(true);
              }}
            />
          )}
          {actions}
        </StepUpCodeForm>
      ) : (
        <StepUpPasswordForm onConfirmed={() => onDone(true)} onBusy={setBusy}>
          {actions}
        </StepUpPasswordForm>
      )}
    </NativeDialog>
  );
}

interface FormProps {
  onConfirmed: () => void;
  onBusy: (busy: boolean) => void;
  children: ReactNode;
}

function StepUpCodeForm({ onConfirmed, onBusy, children }: FormProps) {
  const entry = useCodeEntry({
    kind: 'either',
    invalidMessage: MFA_MESSAGES.codeInvalid,
    send: async (code, altcha) => {
      onBusy(true);
      try {
        await stepUp({ code }, altcha);
      } catch (error) {
        if (!challengeOf(error)) onBusy(false);
        throw error;
      }
      onConfirmed();
    },
  });
  return (
    <CodeForm entry={entry} label="Authenticator app code or recovery code">
      {children}
    </CodeForm>
  );
}

/** A refused password in plain words: the server's own message under the field, anything else as an alert. */
function passwordFailure(error: unknown): { field?: string; form?: string } {
  if (!isApiRequestError(error)) return { form: ADMIN_MESSAGES.loginError };
  if (error.isNetworkError) return { form: ADMIN_MESSAGES.networkError };
  if (error.fieldErrors.password) return { field: error.fieldErrors.password };
  return { form: error.fromServer ? error.message : 'Could not confirm it is you. Please try again.' };
}

function StepUpPasswordForm({ onConfirmed, onBusy, children }: FormProps) {
  const admin = useCurrentAdmin();
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<{ challenge: Challenge; password: string } | null>(null);

  async function send(value: string, altcha?: string) {
    onBusy(true);
    setChallenge(null);
    try {
      await stepUp({ password: value }, altcha);
      onConfirmed();
    } catch (error) {
      const asked = challengeOf(error);
      if (asked) {
        setChallenge({ challenge: asked, password: value });
        return;
      }
      const failure = passwordFailure(error);
      setFieldError(failure.field);
      setFormError(failure.form ?? null);
      onBusy(false);
    }
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    if (!password) {
      setFieldError(ADMIN_MESSAGES.passwordRequired);
      return;
    }
    setFieldError(undefined);
    await send(password);
  }

  return (
    <>
      {formError && (
        <div className="notice notice--error" role="alert">
          {formError}
        </div>
      )}
      <form onSubmit={handleSubmit} noValidate className="form">
        {/* Lets a password manager pick the right entry for the current-password field. */}
        <input type="text" name="username" autoComplete="username" value={admin.username} readOnly hidden />
        <TextField
          label="Your password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={fieldError}
        />
        {challenge && (
          <ProofOfWork
            challenge={challenge.challenge}
            onSolved={(altcha) => void send(challenge.password, altcha)}
            onFailed={() => {
              setChallenge(null);
              setFormError(CHALLENGE_MESSAGES.failed);
              onBusy(false);
            }}
          />
        )}
        {children}
      </form>
    </>
  );
}

type Request = { proof: StepUpProof; resolve: (confirmed: boolean) => void };

/**
 * Mounted once in the admin layout: registers the handler the API client awaits when a sensitive
 * call is answered MFA_STEP_UP_REQUIRED, and shows the dialog while it waits.
 */
export function StepUpProvider() {
  const admin = useCurrentAdmin();
  const [request, setRequest] = useState<Request | null>(null);
  // The profile's flag is the fallback when GET /mfa cannot be read.
  const fallbackProof = useEffectEvent((): StepUpProof => (admin.mfaEnabled ? 'code' : 'password'));
  const pending = useRef<Request | null>(null);

  useEffect(() => {
    const unregister = setStepUpHandler(async () => {
      const proof = await stepUpProofFor().catch(() => fallbackProof());
      return new Promise<boolean>((resolve) => {
        const next = { proof, resolve };
        pending.current = next;
        setRequest(next);
      });
    });
    return () => {
      unregister();
      // Signed out or gone while asking: the waiting calls fail as they would have.
      pending.current?.resolve(false);
      pending.current = null;
    };
  }, []);

  if (!request) return null;
  return (
    <StepUpDialog
      proof={request.proof}
      onDone={(confirmed) => {
        pending.current = null;
        setRequest(null);
        request.resolve(confirmed);
      }}
    />
  );
}
