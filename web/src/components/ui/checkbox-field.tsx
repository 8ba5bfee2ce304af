import { useId, type ReactNode } from 'react';

interface CheckboxFieldProps {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  name?: string;
  description?: ReactNode;
  error?: string | undefined;
  disabled?: boolean;
  required?: boolean;
  /** A class for the row that holds the box and its label (a feature's own layout). */
  className?: string;
}

/** A labelled checkbox; its error and description are tied to it like TextField's. */
export function CheckboxField({ label, checked, onChange, name, description, error, disabled, required, className }: CheckboxFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const descriptionId = `${id}-description`;
  const describedBy = [description ? descriptionId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={error ? 'field field--check field--invalid' : 'field field--check'}>
      <div className={className ? `check ${className}` : 'check'}>
        <input
          id={id}
          type="checkbox"
          name={name}
          checked={checked}
          disabled={disabled}
          required={required}
          onChange={(event) => onChange(event.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          className="check__input"
        />
        <label htmlFor={id} className="check__label">
          {label}
        </label>
      </div>
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
      {description && <div id={descriptionId}>{description}</div>}
    </div>
  );
}
