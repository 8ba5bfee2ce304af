import { SelectField } from '../../../components/ui/select-field';
import { REQUEST_FIELD_LABELS as LABELS } from '@ledgerwell/shared/portal-request-labels';
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
        label={LABELS.certificate_reason}
        required
        options={CERTIFICATE_REASON_OPTIONS}
        {...form.field('certificate_reason')}
      />
      <SelectField
        label={LABELS.delivery_method}
        required
        options={DELIVERY_METHOD_OPTIONS}
        {...form.field('delivery_method')}
      />
      <ContactField form={form} required />
      <TextareaField label={`${LABELS.comments} (optional)`} maxLength={2000} {...form.field('comments')} />
    </RequestFormShell>
  );
}
