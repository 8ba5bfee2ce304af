import { useId, type ReactNode, type TextareaHTMLAttributes } from 'react';

interface TextareaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'children'> {
  label: string;
  error?: string | undefined;
  description?: ReactNode;
}

/** TextField's twin for long text: label, aria-invalid, and the error and description in aria-describedby. */
export function TextareaField({ label, error, description, rows = 5, ...textareaProps }: TextareaFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const descriptionId = `${id}-description`;
  const describedBy = [description ? descriptionId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <textarea
        {...textareaProps}
        id={id}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className="field__input field__input--textarea"
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
