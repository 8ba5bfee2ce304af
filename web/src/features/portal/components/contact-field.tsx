import { formatUsPhone } from '@ledgerwell/shared/portal-requests';
import { REQUEST_FIELD_LABELS as LABELS } from '@ledgerwell/shared/portal-request-labels';
import { TextField } from '../../../components/ui/text-field';
import { looksLikePhone } from '../forms/form-data';
import type { RequestForm } from '../forms/use-request-form';

interface ContactFieldProps<V extends { preferred_contact: string }> {
  form: RequestForm<V>;
  required: boolean;
}

/**
 * "Preferred contact (email or phone)": one field for either. Text that starts with a digit, plus
 * or parenthesis is a phone number, shown as a US number once the field is left (spec 5).
 */
export function ContactField<V extends { preferred_contact: string }>({ form, required }: ContactFieldProps<V>) {
  const value = form.values.preferred_contact;
  const set = (preferred_contact: string) => form.update({ preferred_contact } as Partial<V>);
  return (
    <TextField
      label={LABELS.preferred_contact}
      name="preferred_contact"
      type="text"
      autoComplete="off"
      autoCapitalize="none"
      spellCheck={false}
      maxLength={254}
      required={required}
      value={value}
      error={form.errorOf('preferred_contact')}
      onChange={(event) => set(event.target.value)}
      onBlur={() => {
        if (looksLikePhone(value)) set(formatUsPhone(value));
        form.touch('preferred_contact');
      }}
      description={
        <p className="field__hint">
          {required
            ? 'An e-mail address or a US phone number, for questions about this request.'
            : 'Optional. An e-mail address or a US phone number.'}
        </p>
      }
    />
  );
}
