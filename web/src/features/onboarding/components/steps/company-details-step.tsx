import { US_STATES } from '@ledgerwell/shared/us-states';
import {
  formatEinInput,
  formatZipInput,
  ONBOARDING_MAX_LENGTHS as MAX,
  ONBOARDING_MESSAGES,
  SHAREHOLDER_COUNTS,
  shareholderCountLabel,
} from '@ledgerwell/shared/issuer-onboarding-rules';
import { localDate } from '../../lib/dates';
import { SelectInput, TextAreaInput, TextInput } from '../fields';
import { EntityDocumentsNotice } from './entity-documents-notice';
import type { StepProps } from './step-props';

const STATE_OPTIONS = US_STATES.map((state) => ({ value: state.code, label: state.name }));
const SHAREHOLDER_OPTIONS = SHAREHOLDER_COUNTS.map((value) => ({ value, label: shareholderCountLabel(value) }));

/** Step 3, 'Company Details' (spec 2.6): the legal entity, its address and two optional details. */
export function CompanyDetailsStep({ form, errors, onChange }: StepProps) {
  return (
    <>
      <EntityDocumentsNotice entityType={form.entity_type} />
      <fieldset className="onboarding-fieldset">
        <legend className="onboarding-fieldset__legend">Legal entity</legend>
        <TextInput
          label="Legal Name"
          value={form.legal_name}
          onValue={(legal_name) => onChange({ legal_name })}
          error={errors.legal_name}
          maxLength={MAX.legal_name}
          autoComplete="organization"
          hint="Exactly as on your formation documents"
        />
        <div className="form-row">
          <SelectInput
            label="State of Incorporation"
            value={form.incorporation_state}
            onValue={(incorporation_state) => onChange({ incorporation_state })}
            options={STATE_OPTIONS}
            placeholder="Select a state"
            error={errors.incorporation_state}
          />
          <TextInput
            label="Date of Incorporation"
            type="date"
            value={form.incorporation_date}
            max={localDate(new Date())}
            onValue={(incorporation_date) => onChange({ incorporation_date })}
            error={errors.incorporation_date}
          />
        </div>
        <TextInput
          label="Tax ID (EIN)"
          inputMode="numeric"
          value={form.ein}
          onValue={(ein) => onChange({ ein })}
          format={formatEinInput}
          error={errors.ein}
          maxLength={MAX.ein}
          autoComplete="off"
          placeholder="XX-XXXXXXX"
          hint="9 digits, e.g. 12-3456789"
        />
      </fieldset>
      <fieldset className="onboarding-fieldset">
        <legend className="onboarding-fieldset__legend">Registered address</legend>
        <TextInput
          label="Street Address"
          value={form.address_line1}
          onValue={(address_line1) => onChange({ address_line1 })}
          error={errors.address_line1}
          maxLength={MAX.address_line1}
          autoComplete="address-line1"
        />
        <TextInput
          label="Address Line 2"
          optional
          value={form.address_line2}
          onValue={(address_line2) => onChange({ address_line2 })}
          error={errors.address_line2}
          maxLength={MAX.address_line2}
          autoComplete="address-line2"
          hint="Suite, floor or unit"
        />
        <div className="form-row form-row--address">
          <TextInput
            label="City"
            value={form.city}
            onValue={(city) => onChange({ city })}
            error={errors.city}
            maxLength={MAX.city}
            autoComplete="address-level2"
          />
          <SelectInput
            label="State"
            value={form.state}
            onValue={(state) => onChange({ state })}
            options={STATE_OPTIONS}
            placeholder="Select a state"
            error={errors.state}
            autoComplete="address-level1"
          />
          <TextInput
            label="ZIP Code"
            inputMode="numeric"
            value={form.postal_code}
            onValue={(postal_code) => onChange({ postal_code })}
            format={formatZipInput}
            error={errors.postal_code}
            maxLength={MAX.postal_code}
            autoComplete="postal-code"
          />
        </div>
        <TextInput
          label="Country"
          value="United States"
          readOnly
          hint={ONBOARDING_MESSAGES.usOnly}
          error={errors.country}
        />
      </fieldset>
      <fieldset className="onboarding-fieldset">
        <legend className="onboarding-fieldset__legend">About your company</legend>
        <TextAreaInput
          label="Business Description"
          optional
          value={form.description}
          onValue={(description) => onChange({ description })}
          error={errors.description}
          maxLength={MAX.description}
          hint={`What your company does, in a few sentences (up to ${MAX.description} characters)`}
        />
        <SelectInput
          label="Expected Shareholders"
          optional
          value={form.shareholder_count}
          onValue={(shareholder_count) => onChange({ shareholder_count })}
          options={SHAREHOLDER_OPTIONS}
          placeholder="Not specified"
          error={errors.shareholder_count}
        />
      </fieldset>
    </>
  );
}
