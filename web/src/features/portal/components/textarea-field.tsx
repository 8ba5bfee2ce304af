import type { ReactNode, TextareaHTMLAttributes } from 'react';
import { FieldFrame } from '../../../components/ui/field-frame';

interface TextareaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'children'> {
  label: string;
  error?: string | undefined;
  description?: ReactNode;
}

/** A labelled textarea, tied to its label, error and description like TextField. */
export function TextareaField({ label, error, description, rows = 5, ...textareaProps }: TextareaFieldProps) {
  return (
    <FieldFrame label={label} error={error} description={description}>
      {(control) => <textarea {...textareaProps} {...control} rows={rows} className="field__input field__input--textarea" />}
    </FieldFrame>
  );
}
