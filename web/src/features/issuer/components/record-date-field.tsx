import { useState } from 'react';
import { isCalendarDay, LEDGER_MESSAGES } from '@ledgerwell/shared/ledger';
import { FieldFrame } from '../../../components/ui/field-frame';

export const RECORD_DATE_MESSAGES = {
  invalid: LEDGER_MESSAGES.dateInvalid,
  future: 'The record date cannot be in the future: no one holds shares of record on a day to come',
} as const;

interface RecordDateFieldProps {
  /** The record date in force ('' for today). */
  value: string;
  /** The last day that may be chosen: today. */
  max: string;
  /** The server's message for the date, when it refused it. */
  serverError?: string | undefined;
  onChange: (asOf: string) => void;
}

/**
 * The record date of a holder list: a day up to today. A future or impossible day is refused here with a field
 * message and never sent; an emptied field goes back to today.
 */
export function RecordDateField({ value, max, serverError, onChange }: RecordDateFieldProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  function change(next: string) {
    setDraft(next);
    if (next === '') {
      setError(null);
      onChange('');
    } else if (!isCalendarDay(next)) {
      setError(RECORD_DATE_MESSAGES.invalid);
    } else if (next > max) {
      setError(RECORD_DATE_MESSAGES.future);
    } else {
      setError(null);
      onChange(next);
    }
  }

  return (
    <FieldFrame
      label="Record date"
      error={error ?? serverError}
      description={<p className="field__hint muted">The holders at the end of this day. Today when left empty.</p>}
    >
      {(control) => (
        <input
          {...control}
          type="date"
          className="field__input"
          value={draft ?? value}
          max={max}
          onChange={(event) => change(event.target.value)}
        />
      )}
    </FieldFrame>
  );
}
