import { US_STATES } from '@ledgerwell/shared/us-states';
import { REQUEST_FIELD_LABELS as LABELS } from '@ledgerwell/shared/portal-request-labels';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { ContactField } from '../components/contact-field';
import { toAddressFormData, type AddressValues } from './form-data';
import { RequestFormShell } from './request-form-shell';
import { useRequestForm, type RequestFormProps } from './use-request-form';
import { checkRequest } from './validate-request';

const check = (values: AddressValues) =>
  checkRequest({ requestType: 'ADDRESS_CHANGE', formData: toAddressFormData(values) }, '0');

/** The states by postal code, the list the issuer wizard uses (issue 29): a state is picked, never typed. */
const STATE_OPTIONS = [
  { value: '', label: 'Choose a state' },
  ...US_STATES.map((state) => ({ value: state.code, label: state.name })),
];

/** Address change: the new mailing address; a contact preference is optional (spec 5). */
export function AddressForm(props: RequestFormProps<AddressValues>) {
  const form = useRequestForm({ ...props, check });
  return (
    <RequestFormShell form={form} label="Address Change">
      <TextField
        label={LABELS.new_address_line1}
        required
        maxLength={200}
        autoComplete="address-line1"
        {...form.field('new_address_line1')}
      />
      <div className="form-row form-row--address">
        <TextField
          label={LABELS.new_city}
          required
          maxLength={100}
          autoComplete="address-level2"
          {...form.field('new_city')}
        />
        <SelectField
          label={LABELS.new_state}
          required
          autoComplete="address-level1"
          options={STATE_OPTIONS}
          {...form.field('new_state')}
        />
        <TextField
          label={LABELS.new_postal_code}
          required
          maxLength={10}
          inputMode="numeric"
          autoComplete="postal-code"
          {...form.field('new_postal_code')}
        />
      </div>
      <ContactField form={form} required={false} />
    </RequestFormShell>
  );
}
