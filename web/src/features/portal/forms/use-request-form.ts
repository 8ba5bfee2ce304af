import { useState, type ChangeEvent, type FormEvent } from 'react';
import type { SubmitRequestInput } from '@ledgerwell/shared/portal-requests';
import { PORTAL_MESSAGES } from '../labels';
import { useDelayedFocus } from '../use-delayed-focus';
import type { CheckResult, FieldErrors } from './validate-request';

/** What a submission came to, as the form needs to know it: done (the form closes), or why not. */
export type SubmitOutcome = { ok: true } | { ok: false; message: string; fieldErrors?: FieldErrors };

/** A form's values live with its parent (they outlast Back to Request Types); changes go through an updater. */
export interface RequestFormProps<V> {
  values: V;
  onValuesChange: (update: (current: V) => V) => void;
  onSubmit: (input: SubmitRequestInput) => Promise<SubmitOutcome>;
}

type StringKey<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

type FieldEvent = ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>;

export interface RequestForm<V> {
  values: V;
  submitting: boolean;
  /** The message above the submit button (role=alert), if any. */
  alert: string | null;
  errorOf: (field: keyof V & string) => string | undefined;
  update: (patch: Partial<V>) => void;
  touch: (field: keyof V & string) => void;
  /** name, value, onChange, onBlur and error for a TextField, SelectField or TextareaField. */
  field: (name: StringKey<V>) => {
    name: string;
    value: string;
    onChange: (event: FieldEvent) => void;
    onBlur: () => void;
    error: string | undefined;
  };
  handleSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
}

/**
 * The behaviour the four request forms share. Errors are derived from the values on each render
 * with the shared schema: a field shows its error once it was left with something in it, and every
 * field does after a submit attempt. The server's field errors show until the field changes.
 */
export function useRequestForm<V extends object>({
  values,
  onValuesChange,
  onSubmit,
  check,
}: RequestFormProps<V> & { check: (values: V) => CheckResult }): RequestForm<V> {
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [attempted, setAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);
  // 'invalid' shows the fix-the-fields line only while errors remain; 'failed' shows the server's answer.
  const [alertState, setAlertState] = useState<{ kind: 'invalid' } | { kind: 'failed'; message: string } | null>(null);
  const focusLater = useDelayedFocus();

  const result = check(values);
  const errors: FieldErrors = result.ok ? {} : result.errors;
  const alert =
    alertState?.kind === 'failed' ? alertState.message : alertState && !result.ok ? PORTAL_MESSAGES.fixFields : null;

  function errorOf(field: keyof V & string): string | undefined {
    const fromServer = serverErrors[field];
    if (fromServer) return fromServer;
    const error = errors[field];
    if (!error || attempted) return error;
    const value = values[field];
    return touched.has(field) && typeof value === 'string' && value.trim() !== '' ? error : undefined;
  }

  function update(patch: Partial<V>) {
    onValuesChange((current) => ({ ...current, ...patch }));
    const changed = Object.keys(patch);
    setServerErrors((current) => {
      if (!changed.some((key) => key in current)) return current;
      return Object.fromEntries(Object.entries(current).filter(([key]) => !changed.includes(key)));
    });
  }

  function touch(field: keyof V & string) {
    setTouched((current) => (current.has(field) ? current : new Set(current).add(field)));
  }

  function field(name: StringKey<V>) {
    return {
      name,
      value: values[name] as string,
      onChange: (event: FieldEvent) => update({ [name]: event.target.value } as Partial<V>),
      onBlur: () => touch(name),
      error: errorOf(name),
    };
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const focusFirstError = () => focusLater(() => formElement.querySelector<HTMLElement>('[aria-invalid="true"]'));
    if (submitting) return;
    setAttempted(true);
    setServerErrors({});
    if (!result.ok) {
      setAlertState({ kind: 'invalid' });
      focusFirstError();
      return;
    }
    setAlertState(null);
    setSubmitting(true);
    const outcome = await onSubmit(result.input);
    setSubmitting(false);
    if (outcome.ok) return;
    setAlertState({ kind: 'failed', message: outcome.message });
    if (outcome.fieldErrors && Object.keys(outcome.fieldErrors).length > 0) {
      setServerErrors(outcome.fieldErrors);
      focusFirstError();
    }
  }

  return { values, submitting, alert, errorOf, update, touch, field, handleSubmit };
}
