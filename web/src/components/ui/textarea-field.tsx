import type { ReactNode, TextareaHTMLAttributes } from 'react';
import { FieldFrame } from './field-frame';

interface TextareaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'children'> {
  label: string;
  error?: string | undefined;
  description?: ReactNode;
}

/** A labelled textarea, tied to its label, error and description like TextField. */
export function TextareaField({
  label,
  error,
  description,
  rows = 5,
  className,
  ...textareaProps
}: TextareaFieldProps) {
  return (
    <FieldFrame label={label} error={error} description={description}>
      {(control) => (
        <textarea
          {...textareaProps}
          {...control}
          rows={rows}
          className={
            className ? `field__input field__input--textarea ${className}` : 'field__input field__input--textarea'
          }
        />
      )}
    </FieldFrame>
  );
}
