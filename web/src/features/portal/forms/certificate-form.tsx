import { SelectField } from '../../../components/ui/select-field';
import { TextareaField } from '../../../components/ui/textarea-field';
import { ContactField } from '../components/contact-field';
import { CERTIFICATE_REASON_OPTIONS, DELIVERY_METHOD_OPTIONS } from '../labels';
import { toCertificateFormData, type CertificateValues } from './form-data';
import { RequestFormShell } from './request-form-shell';
import { useRequestForm, type RequestFormProps } from './use-request-form';
import { checkRequest } from './validate-request';

const check = (values: CertificateValues) =>
  checkRequest({ requestType: 'CERTIFICATE', formData: toCertificateFormData(values) }, '0');

/** Certificate request: reason, delivery method and contact preference required; comments optional (spec 5). */
export function CertificateForm(props: RequestFormProps<CertificateValues>) {
  const form = useRequestForm({ ...props, check });
  return (
    <RequestFormShell form={form} label="Certificate Request">
      <SelectField
        label="Reason for the certificate"
        required
        options={CERTIFICATE_REASON_OPTIONS}
        {...form.field('certificate_reason')}
      />
      <SelectField
        label="Delivery method"
        required
        options={DELIVERY_METHOD_OPTIONS}
        {...form.field('delivery_method')}
      />
      <ContactField form={form} required />
      <TextareaField label="Comments (optional)" maxLength={2000} {...form.field('comments')} />
    </RequestFormShell>
  );
}
