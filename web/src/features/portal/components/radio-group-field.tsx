import { useId } from 'react';

interface RadioGroupFieldProps<V extends string> {
  legend: string;
  name: string;
  options: readonly { value: V; label: string }[];
  value: V | '';
  onChange: (value: V) => void;
  onBlur?: () => void;
  error?: string | undefined;
  required?: boolean;
}

/** A fieldset of radios with its legend; the error is tied to the group with aria-invalid and aria-describedby. */
export function RadioGroupField<V extends string>({
  legend,
  name,
  options,
  value,
  onChange,
  onBlur,
  error,
  required,
}: RadioGroupFieldProps<V>) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <fieldset
      className={error ? 'field field--radios field--invalid' : 'field field--radios'}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="field__label">{legend}</legend>
      <div className="radios">
        {options.map((option) => (
          <div key={option.value} className="check">
            <input
              id={`${id}-${option.value}`}
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              required={required}
              onChange={() => onChange(option.value)}
              onBlur={onBlur}
              className="check__input"
            />
            <label htmlFor={`${id}-${option.value}`} className="check__label">
              {option.label}
            </label>
          </div>
        ))}
      </div>
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
