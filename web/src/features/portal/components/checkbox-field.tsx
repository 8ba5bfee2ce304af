import { useId, type ReactNode } from 'react';

interface CheckboxFieldProps {
  label: string;
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  description?: ReactNode;
  error?: string | undefined;
  disabled?: boolean;
}

/** A labelled checkbox; its error and description are tied to it like TextField's. */
export function CheckboxField({ label, name, checked, onChange, description, error, disabled }: CheckboxFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const descriptionId = `${id}-description`;
  const describedBy = [description ? descriptionId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={error ? 'field field--check field--invalid' : 'field field--check'}>
      <div className="check">
        <input
          id={id}
          type="checkbox"
          name={name}
          checked={checked}
          disabled={disabled}
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
