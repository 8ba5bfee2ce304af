import { TextField } from '../../../components/ui/text-field';
import { ContactField } from '../components/contact-field';
import { toAddressFormData, type AddressValues } from './form-data';
import { RequestFormShell } from './request-form-shell';
import { useRequestForm, type RequestFormProps } from './use-request-form';
import { checkRequest } from './validate-request';

const check = (values: AddressValues) =>
  checkRequest({ requestType: 'ADDRESS_CHANGE', formData: toAddressFormData(values) }, '0');

/** Address change: the new mailing address; a contact preference is optional (spec 5). */
export function AddressForm(props: RequestFormProps<AddressValues>) {
  const form = useRequestForm({ ...props, check });
  return (
    <RequestFormShell form={form} label="Address Change">
      <TextField
        label="Street address"
        required
        maxLength={200}
        autoComplete="address-line1"
        {...form.field('new_address_line1')}
      />
      <div className="form-row form-row--address">
        <TextField label="City" required maxLength={100} autoComplete="address-level2" {...form.field('new_city')} />
        <TextField label="State" required maxLength={50} autoComplete="address-level1" {...form.field('new_state')} />
        <TextField
          label="ZIP code"
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
