import { useEffect, useId, useState } from 'react';
import { passwordStrength } from '@ledgerwell/shared/password';

interface PasswordStrengthMeterProps {
  password: string;
  /** id of the element that names the password field, so the meter reads as its description. */
  id?: string;
}

/**
 * Live strength (admin-management spec 5.2): a five-step bar, the label, why the password is easy to guess when it
 * is (issue 29), and the unmet hints.
 */
export function PasswordStrengthMeter({ password, id }: PasswordStrengthMeterProps) {
  const fallbackId = useId();
  // The guessability dictionaries (1.6 MB) load once a meter is on screen, not with the admin area.
  const [, setEstimatorReady] = useState(false);
  useEffect(() => {
    let mounted = true;
    // Not loaded (offline): the meter judges by the rule alone, and the server still names an easy password.
    import('@ledgerwell/shared/password-guessability').then(
      () => mounted && setEstimatorReady(true),
      () => undefined,
    );
    return () => {
      mounted = false;
    };
  }, []);
  if (!password) return null;
  const { score, guessScore, label, guessWarning, hints } = passwordStrength(password);
  // A password easy to guess fills no more of the bar than its guessability allows.
  const filled = guessScore === null ? score : Math.min(score, guessScore + 1);
  return (
    <div className="strength" id={id ?? fallbackId} aria-live="polite">
      <div className={`strength__bar strength__bar--${filled}`} aria-hidden="true">
        <span />
        <span />
        <span />
        <span />
        <span />
      </div>
      <p className="strength__label">
        Password strength: <strong className={`strength__word strength__word--${label.toLowerCase()}`}>{label}</strong>
      </p>
      {guessWarning && <p className="strength__warning">{guessWarning}</p>}
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
