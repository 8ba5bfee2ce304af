import { useCallback, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { NeedsJavaScript } from '../../../components/ui/needs-javascript';
import { flushSync } from 'react-dom';
import {
  CONTACT_BUTTON_LABELS,
  CONTACT_MESSAGES,
  contactFieldError,
  contactFormSchema,
  type ContactField,
} from '@ledgerwell/shared/contact';
import { useHydrated } from '../../../hooks/use-hydrated';
import { isApiRequestError } from '../../../lib/api-client';
import { submitContact, type ContactValues } from '../api/submit-contact';

const EMPTY: ContactValues = { name: '', email: '', company: '', phone: '', message: '' };
const NONE_TOUCHED: Record<ContactField, boolean> = {
  name: false,
  email: false,
  company: false,
  phone: false,
  message: false,
};
const ALL_TOUCHED: Record<ContactField, boolean> = {
  name: true,
  email: true,
  company: true,
  phone: true,
  message: true,
};

type Result = { kind: 'success' } | { kind: 'partial' } | { kind: 'error'; lines: string[] };

interface FieldConfig {
  name: ContactField;
  label: string;
  type: 'text' | 'email' | 'tel' | 'textarea';
  autoComplete?: string;
  optional?: boolean;
  placeholder?: string;
}

const FIELDS: Record<ContactField, FieldConfig> = {
  name: { name: 'name', label: 'Full name', type: 'text', autoComplete: 'name' },
  email: { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  company: { name: 'company', label: 'Company', type: 'text', autoComplete: 'organization', optional: true },
  phone: { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel', optional: true },
  message: {
    name: 'message',
    label: 'How can we help?',
    type: 'textarea',
    placeholder: 'Tell us about your company, your shareholder base and what you would like to see.',
  },
};

/** The consultation form (public-site spec 3-5): every rule and message comes from @ledgerwell/shared/contact. */
export function ContactForm() {
  const [values, setValues] = useState<ContactValues>(EMPTY);
  const [touched, setTouched] = useState(NONE_TOUCHED);
  const [serverErrors, setServerErrors] = useState<Partial<Record<ContactField, string>>>({});
  const [submitting, setSubmitting] = useState(false);
  const [result, setResult] = useState<Result | null>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  // Prerendered: until React handles the form, a submit would post it as a plain page request.
  const hydrated = useHydrated();

  // What the visitor typed into the prerendered fields before the page's script arrived is in the
  // fields but not in the state React hydrated with: taken over when the form is attached (once), or
  // the form would look filled and still count as empty. A filled field the visitor has left counts
  // as touched, as its blur would have made it.
  const takeOverTyped = useCallback((form: HTMLFormElement | null) => {
    if (!form) return;
    const typed: Partial<ContactValues> = {};
    const left: Partial<Record<ContactField, boolean>> = {};
    for (const field of Object.keys(EMPTY) as ContactField[]) {
      const input = form.elements.namedItem(field);
      if (!(input instanceof HTMLInputElement || input instanceof HTMLTextAreaElement) || input.value === '') continue;
      typed[field] = input.value;
      if (document.activeElement !== input) left[field] = true;
    }
    if (Object.keys(typed).length) setValues((current) => ({ ...current, ...typed }));
    if (Object.keys(left).length) setTouched((current) => ({ ...current, ...left }));
  }, []);

  const valid = contactFormSchema.safeParse(values).success;

  function errorOf(field: ContactField): string | null {
    if (touched[field]) {
      const error = contactFieldError(field, values);
      if (error) return error;
    }
    return serverErrors[field] ?? null;
  }

  function onChange(event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) {
    const field = event.target.name as ContactField;
    const value = event.target.value;
    setValues((current) => ({ ...current, [field]: value }));
    // The server's verdict on a field no longer holds once it changes.
    setServerErrors((current) => {
      if (!(field in current)) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
  }

  function onBlur(field: ContactField) {
    setTouched((current) => (current[field] ? current : { ...current, [field]: true }));
  }

  function show(next: Result) {
    flushSync(() => setResult(next));
    resultRef.current?.focus();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(ALL_TOUCHED);
    if (!valid || submitting) return;
    setSubmitting(true);
    setResult(null);
    try {
      const outcome = await submitContact(values);
      setValues(EMPTY);
      setTouched(NONE_TOUCHED);
      setServerErrors({});
      show({ kind: outcome === 'delayed' ? 'partial' : 'success' });
    } catch (error) {
      // Any non-OK answer (400, 429, 500...): the server's message when it sent one. No answer at all,
      // or an answer we cannot read: the unexpected-error message.
      if (isApiRequestError(error) && error.status >= 400) {
        if (error.status === 400) setServerErrors(error.fieldErrors as Partial<Record<ContactField, string>>);
        show({
          kind: 'error',
          lines: [
            error.fromServer && error.message ? error.message : CONTACT_MESSAGES.failed,
            CONTACT_MESSAGES.unableToSubmit,
          ],
        });
      } else {
        show({ kind: 'error', lines: [CONTACT_MESSAGES.unexpected] });
      }
    } finally {
      setSubmitting(false);
    }
  }

  const buttonLabel = submitting
    ? CONTACT_BUTTON_LABELS.submitting
    : valid
      ? CONTACT_BUTTON_LABELS.valid
      : CONTACT_BUTTON_LABELS.invalid;

  function renderField(field: ContactField) {
    const config = FIELDS[field];
    const id = `contact-${field}`;
    const error = errorOf(field);
    const filledAndValid = !error && values[field].trim() !== '' && contactFieldError(field, values) === null;
    const className = error ? 'field field--invalid' : filledAndValid ? 'field field--valid' : 'field';
    const common = {
      id,
      name: field,
      value: values[field],
      onChange,
      onBlur: () => onBlur(field),
      required: !config.optional,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${id}-error` : undefined,
      autoComplete: config.autoComplete,
      placeholder: config.placeholder,
    } as const;
    return (
      <div className={className}>
        <label htmlFor={id} className="field__label">
          {config.label}
          {config.optional ? <span className="field__optional"> (optional)</span> : <span aria-hidden="true"> *</span>}
        </label>
        {config.type === 'textarea' ? (
          <textarea {...common} rows={6} className="field__input field__input--textarea" />
        ) : (
          <input {...common} type={config.type} className="field__input" />
        )}
        {error && (
          <p id={`${id}-error`} className="field__error">
            {error}
          </p>
        )}
      </div>
    );
  }

  return (
    <>
      {result?.kind === 'success' && (
        <div ref={resultRef} tabIndex={-1} role="status" className="result-panel result-panel--success">
          <h3>Thank You</h3>
          <p>{CONTACT_MESSAGES.success}</p>
        </div>
      )}
      {result?.kind === 'partial' && (
        <div ref={resultRef} tabIndex={-1} role="status" className="result-panel result-panel--warning">
          <h3>Message Received</h3>
          <p>{CONTACT_MESSAGES.partialSuccess}</p>
        </div>
      )}
      {result?.kind === 'error' && (
        <div ref={resultRef} tabIndex={-1} role="alert" className="result-panel result-panel--error">
          <h3>Submission Error</h3>
          {result.lines.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </div>
      )}
      <NeedsJavaScript subject="This form" />
      <form
        ref={takeOverTyped}
        className="form"
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        aria-label="Request a consultation"
      >
        <div className="form-row">
          {renderField('name')}
          {renderField('email')}
        </div>
        <div className="form-row">
          {renderField('company')}
          {renderField('phone')}
        </div>
        {renderField('message')}
        <p className="form-note">Fields marked * are required. We reply within one business day.</p>
        <button type="submit" className="button button--block" disabled={!hydrated || !valid || submitting}>
          {buttonLabel}
        </button>
      </form>
    </>
  );
}
