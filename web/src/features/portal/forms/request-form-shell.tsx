import type { ReactNode } from 'react';
import type { RequestForm } from './use-request-form';

interface RequestFormShellProps<V> {
  form: RequestForm<V>;
  /** The form's accessible name: the request type. */
  label: string;
  children: ReactNode;
}

/** The frame of every request form: the required-fields note, the fields, the alert and the submit button. */
export function RequestFormShell<V>({ form, label, children }: RequestFormShellProps<V>) {
  return (
    <form
      className="form portal-form"
      noValidate
      aria-label={label}
      onSubmit={(event) => void form.handleSubmit(event)}
    >
      <p className="form-note">Fields marked * are required.</p>
      {children}
      {form.alert && (
        <div role="alert" className="notice notice--error portal-form__alert">
          <p>{form.alert}</p>
        </div>
      )}
      <button type="submit" className="button button--block" disabled={form.submitting}>
        {form.submitting ? 'Submitting...' : 'Submit Request'}
      </button>
    </form>
  );
}
