import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { TextField } from '../../../components/ui/text-field';

export const ACCOUNT_STEP_HEADING_ID = 'portal-account-heading';

interface AccountStepProps {
  accountNumber: string;
  onAccountNumberChange: (accountNumber: string) => void;
  error: string | null;
  notice: string | null;
  busy: boolean;
  onSubmit: () => void;
  onBack: () => void;
}

/** View 3: the statement account number (step 2 of 2), with Back to shareholder code. */
export function AccountStep({ accountNumber, onAccountNumberChange, error, notice, busy, onSubmit, onBack }: AccountStepProps) {
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (accountNumber.trim() !== '' && !busy) onSubmit();
  }
  return (
    <div className="portal-card portal-card--narrow">
      <button type="button" className="button button--ghost button--small portal-back" onClick={onBack}>
        <span aria-hidden="true">←</span> Back to shareholder code
      </button>
      <h2 id={ACCOUNT_STEP_HEADING_ID} tabIndex={-1}>
        <span className="portal-step">Step 2 of 2</span>{' '}
        Verify your account
      </h2>
      <p className="muted">Enter the account number shown on your latest statement for this holding.</p>
      {notice && (
        <div role="alert" className="notice notice--error">
          <p>{notice}</p>
        </div>
      )}
      <form className="form" noValidate onSubmit={submit}>
        <TextField
          label="Statement account number"
          name="accountNumber"
          value={accountNumber}
          onChange={(event) => onAccountNumberChange(event.target.value)}
          error={error ?? undefined}
          required
          maxLength={40}
          autoComplete="off"
          spellCheck={false}
        />
        <button type="submit" className="button button--block" disabled={accountNumber.trim() === '' || busy}>
          {busy ? 'Verifying...' : 'Verify Account'}
        </button>
      </form>
      <p className="portal-card__footer">
        No statement at hand? <Link to={paths.contact}>Contact us</Link>.
      </p>
    </div>
  );
}
