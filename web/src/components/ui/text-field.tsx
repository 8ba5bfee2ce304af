import type { InputHTMLAttributes, ReactNode } from 'react';
import { FieldFrame } from './field-frame';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'children'> {
  label: string;
  error?: string | undefined;
  /** Rendered under the input and announced as part of its description (e.g. a strength meter). */
  description?: ReactNode;
}

/** A labelled input whose error is tied to it with aria-invalid and aria-describedby. */
export function TextField({ label, error, description, ...inputProps }: TextFieldProps) {
  return (
    <FieldFrame label={label} error={error} description={description}>
      {(control) => <input {...inputProps} {...control} className="field__input" />}
    </FieldFrame>
  );
}
