import { TextareaField } from '../../../components/ui/textarea-field';
import { REQUEST_FIELD_LABELS as LABELS } from '@ledgerwell/shared/portal-request-labels';
import { toInquiryFormData, type InquiryValues } from './form-data';
import { RequestFormShell } from './request-form-shell';
import { useRequestForm, type RequestFormProps } from './use-request-form';
import { checkRequest } from './validate-request';

const check = (values: InquiryValues) =>
  checkRequest({ requestType: 'INQUIRY', formData: toInquiryFormData(values) }, '0');

/** General inquiry: one message, required (spec 5). */
export function InquiryForm(props: RequestFormProps<InquiryValues>) {
  const form = useRequestForm({ ...props, check });
  return (
    <RequestFormShell form={form} label="General Inquiry">
      <TextareaField
        label={LABELS.inquiry_message}
        required
        rows={7}
        maxLength={5000}
        description={<p className="field__hint">Questions about your holding, dividends, tax forms or documents.</p>}
        {...form.field('inquiry_message')}
      />
    </RequestFormShell>
  );
}
