/** Where the offer of an e-mailed sign-in link stands (decision 018). */
export type SignInLinkState = 'none' | 'offered' | 'sending' | 'sent' | 'failed';

interface SignInLinkOfferProps {
  state: SignInLinkState;
  /** The server's answer once sent, or why sending failed. */
  message: string | null;
  onSend: () => void;
}

/**
 * Shown on the account step once the code's account-number guesses for the day are spent: the way in
 * is a one-time link e-mailed to the address on file, never a further guess.
 */
export function SignInLinkOffer({ state, message, onSend }: SignInLinkOfferProps) {
  if (state === 'none') return null;
  if (state === 'sent') {
    return (
      <div role="status" className="notice notice--success">
        <p>{message}</p>
      </div>
    );
  }
  return (
    <div className="sign-in-link-offer">
      {state === 'failed' && message && (
        <p role="alert" className="notice notice--error">
          {message}
        </p>
      )}
      <button
        type="button"
        className="button button--secondary button--block"
        onClick={onSend}
        disabled={state === 'sending'}
      >
        {state === 'sending' ? 'Sending the link...' : 'E-mail me a sign-in link'}
      </button>
    </div>
  );
}
