import { useId, useState } from 'react';
import { MFA_MESSAGES } from '@ledgerwell/shared/admin-mfa';
import { NativeDialog } from '../native-dialog';
import { CodeForm, useCodeEntry } from './code-field';
import { PasskeyButton } from './passkey-button';

interface CodeDialogProps {
  title: string;
  description: string;
  confirmLabel: string;
  danger?: boolean;
  /** Sends the checked code (and a solved proof of work when the server asked for one); throws ApiRequestError. */
  onSubmit: (code: string, altcha?: string) => Promise<void>;
  /** When the user has a passkey: proves the factor with it instead of a code (throws on refusal). */
  onPasskey?: (() => Promise<void>) | undefined;
  onClose: () => void;
}

/**
 * Asks for a current second factor (an app code or a recovery code) before a change to it, in a
 * native modal <dialog>: the page behind is inert, Esc closes, focus goes to the code field and
 * back to the opener afterwards.
 */
export function CodeDialog({
  title,
  description,
  confirmLabel,
  danger = false,
  onSubmit,
  onPasskey,
  onClose,
}: CodeDialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const entry = useCodeEntry({ kind: 'either', send: onSubmit, invalidMessage: MFA_MESSAGES.codeInvalid });
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const busy = entry.busy || passkeyBusy;

  return (
    <NativeDialog
      initialFocus="input"
      className="modal modal--small"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      onClose={() => {
        if (!busy) onClose();
      }}
    >
      <h2 id={titleId} className="modal__title">
        {title}
      </h2>
      <p id={descriptionId}>{description}</p>
      {onPasskey && <PasskeyButton onUse={onPasskey} disabled={entry.busy} onBusy={setPasskeyBusy} />}
      <CodeForm entry={entry} label="Authenticator app code or recovery code">
        <div className="form-actions modal__actions">
          <button type="button" className="button button--secondary" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button
            type="submit"
            className={danger ? 'button button--danger' : 'button'}
            disabled={busy}
            aria-busy={entry.busy || undefined}
          >
            {entry.busy ? 'Working...' : confirmLabel}
          </button>
        </div>
      </CodeForm>
    </NativeDialog>
  );
}
