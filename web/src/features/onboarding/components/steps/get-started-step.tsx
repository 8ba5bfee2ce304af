import {
  ENTITY_TYPE_LABELS,
  ENTITY_TYPES,
  formatPhoneInput,
  ONBOARDING_MAX_LENGTHS as MAX,
} from '@ledgerwell/shared/issuer-onboarding-rules';
import { SelectInput, TextInput } from '../fields';
import type { StepProps } from './step-props';

const ENTITY_OPTIONS = ENTITY_TYPES.map((value) => ({ value, label: ENTITY_TYPE_LABELS[value] }));

/** Step 1, 'Let's Get Started' (spec 2.6): the company and its primary contact. */
export function GetStartedStep({ form, errors, onChange }: StepProps) {
  return (
    <>
      <p className="onboarding-step__intro">Tell us who you are and how we can reach you. It takes about a minute.</p>
      <TextInput
        label="Company Name"
        value={form.company_name}
        onValue={(company_name) => onChange({ company_name })}
        error={errors.company_name}
        maxLength={MAX.company_name}
        autoComplete="organization"
      />
      <SelectInput
        label="Entity Type"
        value={form.entity_type}
        onValue={(entity_type) => onChange({ entity_type })}
        options={ENTITY_OPTIONS}
        placeholder="Select entity type"
        error={errors.entity_type}
      />
      <TextInput
        label="Primary Contact Name"
        value={form.contact_name}
        onValue={(contact_name) => onChange({ contact_name })}
        error={errors.contact_name}
        maxLength={MAX.contact_name}
        autoComplete="name"
      />
      <div className="form-row">
        <TextInput
          label="Phone"
          type="tel"
          inputMode="tel"
          value={form.contact_phone}
          onValue={(contact_phone) => onChange({ contact_phone })}
          format={formatPhoneInput}
          error={errors.contact_phone}
          maxLength={MAX.contact_phone}
          autoComplete="tel-national"
          hint="US number, e.g. (555) 123-4567"
        />
        <TextInput
          label="Email"
          type="email"
          inputMode="email"
          value={form.contact_email}
          onValue={(contact_email) => onChange({ contact_email })}
          error={errors.contact_email}
          maxLength={MAX.contact_email}
          autoComplete="email"
          spellCheck={false}
          autoCapitalize="none"
        />
      </div>
    </>
  );
}
