import { useState } from 'react';
import { passkeyErrorMessage } from './passkeys-api';
import './passkeys.css';

interface PasskeyButtonProps {
  /** Runs the passkey step (the browser's prompt, then the server); throws on refusal. */
  onUse: () => Promise<void>;
  disabled?: boolean;
  /** Tells the surrounding form that the passkey step is running (to disable its own buttons). */
  onBusy?: (busy: boolean) => void;
}

/** 'Use a passkey', with a plain message under it when the browser refused or the server did not accept it. */
export function PasskeyButton({ onUse, disabled = false, onBusy }: PasskeyButtonProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function run() {
    setBusy(true);
    onBusy?.(true);
    setError(null);
    try {
      await onUse();
    } catch (failure) {
      setError(passkeyErrorMessage(failure));
    } finally {
      setBusy(false);
      onBusy?.(false);
    }
  }

  return (
    <div className="passkey-button">
      <button
        type="button"
        className="button button--secondary button--block"
        onClick={() => void run()}
        disabled={disabled || busy}
        aria-busy={busy || undefined}
      >
        {busy ? 'Waiting for your passkey...' : 'Use a passkey'}
      </button>
      {error && (
        <p className="notice notice--error passkey-button__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
