import { useState, type ChangeEvent } from 'react';

/**
 * A modal form's values and errors: its own (from the shared schema) and the server's, each shown
 * until its field is edited. `field(name)` gives a TextField or SelectField what ties it to its value.
 */
export function useFormFields<Field extends string>(
  initial: Record<Field, string>,
  serverErrors: Partial<Record<string, string>>,
) {
  const [values, setValues] = useState<Record<Field, string>>(initial);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [clearedServerErrors, setClearedServerErrors] = useState<ReadonlySet<Field>>(new Set());
  const shown = (name: Field) => errors[name] ?? (clearedServerErrors.has(name) ? undefined : serverErrors[name]);

  function change(name: Field, value: string) {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
    setClearedServerErrors((current) => new Set(current).add(name));
  }

  /** The form's own errors, found on submit: they replace every shown one, the server's included. */
  function showErrors(found: Partial<Record<Field, string>>) {
    setErrors(found);
    setClearedServerErrors(new Set(Object.keys(initial) as Field[]));
  }

  /** The form passed its own checks: no error of its own, and the server's next ones show. */
  function clearErrors() {
    setErrors({});
    setClearedServerErrors(new Set());
  }

  const field = (name: Field) => ({
    name,
    value: values[name],
    error: shown(name),
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => change(name, event.target.value),
  });

  return { values, field, showErrors, clearErrors };
}
