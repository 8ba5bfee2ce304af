import type { InputHTMLAttributes, ReactNode } from 'react';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { TextareaField } from '../../../components/ui/textarea-field';

/*
 * The wizard's labelled controls: the shared text and select fields (label, error under the field,
 * aria-invalid and aria-describedby), with the value handed out as a string. Optional fields say so
 * in their label; required ones carry `required` for assistive technology (the form itself is
 * noValidate: the wizard's own messages speak).
 */

const label = (text: string, optional: boolean) => (optional ? `${text} (optional)` : text);

interface TextProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'id' | 'children'> {
  label: string;
  value: string;
  onValue?: (value: string) => void;
  error?: string | undefined;
  optional?: boolean;
  hint?: ReactNode;
  /** A formatting aid applied as the visitor types (phone, EIN, ZIP). */
  format?: (value: string) => string;
}

export function TextInput({ label: text, value, onValue, error, optional = false, hint, format, ...input }: TextProps) {
  return (
    <TextField
      {...input}
      label={label(text, optional)}
      value={value}
      error={error}
      required={!optional && !input.readOnly}
      description={hint ? <p className="field__hint">{hint}</p> : undefined}
      onChange={(event) => onValue?.(format ? format(event.target.value) : event.target.value)}
    />
  );
}

interface SelectProps {
  label: string;
  value: string;
  onValue: (value: string) => void;
  options: readonly { value: string; label: string }[];
  /** The first, empty choice ('Select…'). */
  placeholder: string;
  error?: string | undefined;
  optional?: boolean;
  autoComplete?: string;
}

export function SelectInput({
  label: text,
  value,
  onValue,
  options,
  placeholder,
  error,
  optional = false,
  autoComplete,
}: SelectProps) {
  return (
    <SelectField
      label={label(text, optional)}
      value={value}
      error={error}
      required={!optional}
      autoComplete={autoComplete}
      options={[{ value: '', label: placeholder }, ...options]}
      onChange={(event) => onValue(event.target.value)}
    />
  );
}

interface TextAreaProps {
  label: string;
  value: string;
  onValue: (value: string) => void;
  maxLength: number;
  error?: string | undefined;
  optional?: boolean;
  hint?: ReactNode;
  rows?: number;
}

export function TextAreaInput({
  label: text,
  value,
  onValue,
  maxLength,
  error,
  optional = false,
  hint,
  rows = 4,
}: TextAreaProps) {
  return (
    <TextareaField
      label={label(text, optional)}
      error={error}
      description={hint ? <p className="field__hint">{hint}</p> : undefined}
      className="onboarding-textarea"
      rows={rows}
      value={value}
      maxLength={maxLength}
      required={!optional}
      onChange={(event) => onValue(event.target.value)}
    />
  );
}

interface CheckboxProps {
  label: ReactNode;
  checked: boolean;
  onChecked: (checked: boolean) => void;
  error?: string | undefined;
}

/** A required checkbox with its label beside it and its error under it, tied the same way as the text fields. */
export function CheckboxInput({ label: text, checked, onChecked, error }: CheckboxProps) {
  return (
    <CheckboxField
      label={text}
      checked={checked}
      onChange={onChecked}
      error={error}
      required
      className="onboarding-check"
    />
  );
}
