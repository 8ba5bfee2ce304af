import { useId } from 'react';
import { passwordStrength } from '@ledgerwell/shared/password';

interface PasswordStrengthMeterProps {
  password: string;
  /** id of the element that names the password field, so the meter reads as its description. */
  id?: string;
}

/** Live strength (admin-management spec 5.2): a five-step bar, the label, and the unmet hints. */
export function PasswordStrengthMeter({ password, id }: PasswordStrengthMeterProps) {
  const fallbackId = useId();
  if (!password) return null;
  const { score, label, hints } = passwordStrength(password);
  return (
    <div className="strength" id={id ?? fallbackId} aria-live="polite">
      <div className={`strength__bar strength__bar--${score}`} aria-hidden="true">
        <span />
        <span />
        <span />
        <span />
        <span />
      </div>
      <p className="strength__label">
        Password strength: <strong className={`strength__word strength__word--${label.toLowerCase()}`}>{label}</strong>
      </p>
      {hints.length > 0 && (
        <ul className="strength__hints">
          {hints.map((hint) => (
            <li key={hint}>{hint}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
