import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { CHALLENGE_MESSAGES, type Challenge } from '@ledgerwell/shared/challenge';
import { MFA_MESSAGES } from '@ledgerwell/shared/admin-mfa';
import { TextField } from '../../../components/ui/text-field';
import { ProofOfWork, challengeOf } from '../../../components/proof-of-work';
import { checkCode, codeFailure } from '../utils/mfa-view';

interface CodeDialogProps {
  title: string;
  description: string;
  confirmLabel: string;
  danger?: boolean;
  /** Sends the checked code (and a solved proof of work when the server asked for one); throws ApiRequestError. */
  onSubmit: (code: string, altcha?: string) => Promise<void>;
  onClose: () => void;
}

/**
 * Asks for a current second factor (an app code or a recovery code) before a change to it, in a
 * native modal <dialog>: the page behind is inert, Esc closes, focus goes to the code field and
 * back to the opener afterwards.
 */
export function CodeDialog({ title, description, confirmLabel, danger = false, onSubmit, onClose }: CodeDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [challenge, setChallenge] = useState<{ challenge: Challenge; code: string } | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    dialog.querySelector<HTMLInputElement>('input')?.focus();
    return () => {
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const checked = checkCode(code, 'either');
    if ('error' in checked) {
      setFieldError(checked.error);
      return;
    }
    setFieldError(undefined);
    await send(checked.code);
  }

  async function send(checkedCode: string, altcha?: string) {
    setBusy(true);
    setChallenge(null);
    try {
      await onSubmit(checkedCode, altcha);
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
    <dialog
      ref={ref}
      className="modal modal--small"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      onCancel={(event) => {
        // Esc: the page unmounts the dialog, so it never closes behind React's back.
        event.preventDefault();
        if (!busy) onClose();
      }}
    >
      <h2 id={titleId} className="modal__title">
        {title}
      </h2>
      <p id={descriptionId}>{description}</p>
      {formError && (
        <div className="notice notice--error" role="alert">
          {formError}
        </div>
      )}
      <form onSubmit={handleSubmit} noValidate className="form">
        <TextField
          label="Authenticator app code or recovery code"
          name="code"
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={32}
          required
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={fieldError}
        />
        {challenge && (
          <ProofOfWork
            challenge={challenge.challenge}
            onSolved={(altcha) => void send(challenge.code, altcha)}
            onFailed={() => {
              setChallenge(null);
              setBusy(false);
              setFormError(CHALLENGE_MESSAGES.failed);
            }}
          />
        )}
        <div className="form-actions modal__actions">
          <button type="button" className="button button--secondary" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className={danger ? 'button button--danger' : 'button'} disabled={busy} aria-busy={busy || undefined}>
            {busy ? 'Working...' : confirmLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}
