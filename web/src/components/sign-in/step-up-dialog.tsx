import { useEffect, useEffectEvent, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { ADMIN_MESSAGES } from '@ledgerwell/shared/admin-auth';
import { MFA_MESSAGES } from '@ledgerwell/shared/admin-mfa';
import { CHALLENGE_MESSAGES, type Challenge } from '@ledgerwell/shared/challenge';
import { NativeDialog } from '../native-dialog';
import { ProofOfWork, challengeOf } from '../proof-of-work';
import { TextField } from '../ui/text-field';
import { isApiRequestError, setStepUpHandler } from '../../lib/api-client';
import type { FactorAccount } from './account-api';
import { stepUp, stepUpProofFor, type StepUpApi, type StepUpProof } from './step-up-api';
import { passkeyProof } from './passkeys-api';
import { CodeForm, useCodeEntry } from './code-field';
import { PasskeyButton } from './passkey-button';

interface StepUpDialogProps {
  api: StepUpApi;
  /** The account's sign-in name, for the password manager. */
  accountName: string;
  /** Why the area asks: which changes need a recent confirmation. */
  why: string;
  proof: StepUpProof;
  /** true once the server has accepted the proof; false on Cancel or Escape. */
  onDone: (confirmed: boolean) => void;
}

/**
 * Asks the signed-in admin to confirm it is them before a sensitive call is sent again: a code
 * (authenticator app or recovery code) for a user with a second factor, else the password. A native
 * modal: the page behind is inert, Escape cancels, the focus goes to the field and back afterwards.
 */
export function StepUpDialog({ api, accountName, why, proof, onDone }: StepUpDialogProps) {
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
        {why}{' '}
        {proof === 'password'
          ? 'Enter your password.'
          : `${proof === 'passkey' ? 'Use a passkey, or enter' : 'Enter'} a code from your authenticator app, or one of your recovery codes.`}
      </p>
      {proof !== 'password' ? (
        <StepUpCodeForm api={api} onConfirmed={() => onDone(true)} onBusy={setBusy}>
          {proof === 'passkey' && (
            <PasskeyButton
              disabled={busy}
              onBusy={setBusy}
              onUse={async () => {
                await stepUp(api, await passkeyProof(api));
                onDone(true);
              }}
            />
          )}
          {actions}
        </StepUpCodeForm>
      ) : (
        <StepUpPasswordForm api={api} accountName={accountName} onConfirmed={() => onDone(true)} onBusy={setBusy}>
          {actions}
        </StepUpPasswordForm>
      )}
    </NativeDialog>
  );
}

interface FormProps {
  api: StepUpApi;
  onConfirmed: () => void;
  onBusy: (busy: boolean) => void;
  children: ReactNode;
}

function StepUpCodeForm({ api, onConfirmed, onBusy, children }: FormProps) {
  const entry = useCodeEntry({
    kind: 'either',
    invalidMessage: MFA_MESSAGES.codeInvalid,
    send: async (code, altcha) => {
      onBusy(true);
      try {
        await stepUp(api, { code }, altcha);
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

function StepUpPasswordForm({ api, accountName, onConfirmed, onBusy, children }: FormProps & { accountName: string }) {
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<{ challenge: Challenge; password: string } | null>(null);

  async function send(value: string, altcha?: string) {
    onBusy(true);
    setChallenge(null);
    try {
      await stepUp(api, { password: value }, altcha);
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
        <input type="text" name="username" autoComplete="username" value={accountName} readOnly hidden />
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

interface StepUpProviderProps {
  api: StepUpApi;
  account: FactorAccount;
  why: string;
}

/**
 * Mounted once in a signed-in area's layout: registers the handler the API client awaits when a
 * sensitive call of that kind of session is answered MFA_STEP_UP_REQUIRED, and shows the dialog while it waits.
 */
export function StepUpProvider({ api, account, why }: StepUpProviderProps) {
  const [request, setRequest] = useState<Request | null>(null);
  // The profile's flag is the fallback when GET /mfa cannot be read.
  const fallbackProof = useEffectEvent((): StepUpProof => (account.mfaEnabled ? 'code' : 'password'));
  const pending = useRef<Request | null>(null);

  const proofFor = useEffectEvent(() => stepUpProofFor(api));
  const kind = api.kind;

  useEffect(() => {
    const unregister = setStepUpHandler(async () => {
      const proof = await proofFor().catch(() => fallbackProof());
      return new Promise<boolean>((resolve) => {
        const next = { proof, resolve };
        pending.current = next;
        setRequest(next);
      });
    }, kind);
    return () => {
      unregister();
      // Signed out or gone while asking: the waiting calls fail as they would have.
      pending.current?.resolve(false);
      pending.current = null;
    };
  }, [kind]);

  if (!request) return null;
  return (
    <StepUpDialog
      api={api}
      accountName={account.name}
      why={why}
      proof={request.proof}
      onDone={(confirmed) => {
        pending.current = null;
        setRequest(null);
        request.resolve(confirmed);
      }}
    />
  );
}
