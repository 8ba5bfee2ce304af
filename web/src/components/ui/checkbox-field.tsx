import type { ReactNode } from 'react';
import { FieldMessages, useFieldControl } from './field-frame';

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
export function CheckboxField({
  label,
  checked,
  onChange,
  name,
  description,
  error,
  disabled,
  required,
  className,
}: CheckboxFieldProps) {
  const { control, ...ids } = useFieldControl(error, description);
  return (
    <div className={error ? 'field field--check field--invalid' : 'field field--check'}>
      <div className={className ? `check ${className}` : 'check'}>
        <input
          {...control}
          type="checkbox"
          name={name}
          checked={checked}
          disabled={disabled}
          required={required}
          onChange={(event) => onChange(event.target.checked)}
          className="check__input"
        />
        <label htmlFor={control.id} className="check__label">
          {label}
        </label>
      </div>
      <FieldMessages error={error} description={description} ids={ids} />
    </div>
  );
}
