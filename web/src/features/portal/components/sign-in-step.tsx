import type { FormEvent, ReactNode } from 'react';
import type { Challenge } from '@ledgerwell/shared/challenge';
import { ProofOfWork } from '../../../components/proof-of-work';
import { TextField } from '../../../components/ui/text-field';

interface SignInStepProps {
  headingId: string;
  step: string;
  title: string;
  intro: string;
  /** Above the heading (the account step's Back to shareholder code). */
  before?: ReactNode;
  field: {
    label: string;
    name: string;
    maxLength: number;
    /** Letters in capitals on a phone's keyboard (codes and account numbers are letters and digits, not words). */
    autoCapitalize?: string;
  };
  value: string;
  onValueChange: (value: string) => void;
  /** Wrong format or refused value: shown on the field. */
  error: string | null;
  /** Anything else (network, too many attempts, session expired): an alert above the form. */
  notice: string | null;
  /** Below the notice: what the holder can do about it (the account step's offer of a sign-in link). */
  afterNotice?: ReactNode;
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
  onSubmit: () => void;
  footer: ReactNode;
  /** Set when the API asked for a proof of work: solved in place, then the step is sent again with it. */
  challenge: Challenge | null;
  onChallengeSolved: (altcha: string) => void;
}

/** One step of the portal's sign-in: a heading, one field, and a button that waits for a value. */
export function SignInStep(props: SignInStepProps) {
  const {
    headingId,
    step,
    title,
    intro,
    before,
    field,
    value,
    onValueChange,
    error,
    notice,
    afterNotice,
    busy,
    submitLabel,
    busyLabel,
    onSubmit,
    footer,
    challenge,
    onChallengeSolved,
  } = props;
  const empty = value.trim() === '';
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!empty && !busy) onSubmit();
  }
  return (
    <div className="portal-card portal-card--narrow">
      {before}
      <h2 id={headingId} tabIndex={-1}>
        <span className="portal-step">{step}</span> {title}
      </h2>
      <p className="muted">{intro}</p>
      {notice && (
        <div role="alert" className="notice notice--error">
          <p>{notice}</p>
        </div>
      )}
      {afterNotice}
      <form className="form" noValidate onSubmit={submit}>
        <TextField
          label={field.label}
          name={field.name}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          error={error ?? undefined}
          required
          maxLength={field.maxLength}
          autoComplete="off"
          autoCapitalize={field.autoCapitalize}
          autoCorrect="off"
          spellCheck={false}
          enterKeyHint="go"
        />
        {challenge && <ProofOfWork challenge={challenge} onSolved={onChallengeSolved} />}
        <button type="submit" className="button button--block" disabled={empty || busy || challenge !== null}>
          {busy ? busyLabel : submitLabel}
        </button>
      </form>
      <p className="portal-card__footer">{footer}</p>
    </div>
  );
}
