import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { TextField } from '../../../components/ui/text-field';

export const CODE_STEP_HEADING_ID = 'portal-code-heading';

interface CodeStepProps {
  code: string;
  onCodeChange: (code: string) => void;
  /** Wrong format or refused code: shown on the field. */
  error: string | null;
  /** Anything else (network, too many attempts, session expired): an alert above the form. */
  notice: string | null;
  busy: boolean;
  onSubmit: () => void;
}

/** View 2: the shareholder code (step 1 of 2). */
export function CodeStep({ code, onCodeChange, error, notice, busy, onSubmit }: CodeStepProps) {
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (code.trim() !== '' && !busy) onSubmit();
  }
  return (
    <div className="portal-card portal-card--narrow">
      <h2 id={CODE_STEP_HEADING_ID} tabIndex={-1}>
        <span className="portal-step">Step 1 of 2</span>{' '}
        Enter your shareholder code
      </h2>
      <p className="muted">Your shareholder code is printed on your account statement: 3 to 10 letters and digits.</p>
      {notice && (
        <div role="alert" className="notice notice--error">
          <p>{notice}</p>
        </div>
      )}
      <form className="form" noValidate onSubmit={submit}>
        <TextField
          label="Shareholder code"
          name="code"
          value={code}
          onChange={(event) => onCodeChange(event.target.value)}
          error={error ?? undefined}
          required
          maxLength={10}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
        />
        <button type="submit" className="button button--block" disabled={code.trim() === '' || busy}>
          {busy ? 'Checking...' : 'Continue'}
        </button>
      </form>
      <p className="portal-card__footer">
        Cannot find your code? <Link to={paths.contact}>Contact us</Link> and we will help you sign in.
      </p>
    </div>
  );
}
