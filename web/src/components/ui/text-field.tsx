import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'children'> {
  label: string;
  error?: string | undefined;
  /** Rendered under the input and announced as part of its description (e.g. a strength meter). */
  description?: ReactNode;
}

/** A labelled input whose error is tied to it with aria-invalid and aria-describedby. */
export function TextField({ label, error, description, ...inputProps }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const descriptionId = `${id}-description`;
  const describedBy = [description ? descriptionId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <input
        {...inputProps}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className="field__input"
      />
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
      {description && <div id={descriptionId}>{description}</div>}
    </div>
  );
}
