import { useState } from 'react';
import { ONBOARDING_MAX_LENGTHS as MAX } from '@ledgerwell/shared/issuer-onboarding-rules';
import { endSentenceWith } from '@ledgerwell/shared/text';
import { longUsDate } from '../../lib/dates';
import { DocumentDialog } from '../document-dialog';
import { ServiceAgreement } from '../documents/service-agreement';
import { SignaturePad } from '../../../../components/signature/signature-pad';
import { CheckboxInput, TextAreaInput, TextInput } from '../fields';
import type { StepProps } from './step-props';

/** The canvas's id: the page focuses it when the signature is what is missing. */
export const SIGNATURE_PAD_ID = 'onboarding-signature';

/** Step 4, 'Electronic Signature' (spec 2.6): who signs, the drawn signature, and the Transfer Agent agreement. */
export function SignatureStep({ form, errors, onChange }: StepProps) {
  const company = form.legal_name.trim() || form.company_name.trim() || 'the company';
  const [agreementOpen, setAgreementOpen] = useState(false);
  return (
    <>
      <p className="onboarding-step__intro">
        Sign on behalf of {endSentenceWith(company)} Your signature applies to the Service Agreement, the Transfer Agent
        agreement between {company}, the transfer agent and us, which you reviewed in step 2.{' '}
        <button type="button" className="link-button" onClick={() => setAgreementOpen(true)}>
          Read the Service Agreement again
        </button>
      </p>
      {agreementOpen && (
        <DocumentDialog title="Service Agreement" onClose={() => setAgreementOpen(false)}>
          <ServiceAgreement />
        </DocumentDialog>
      )}
      <div className="form-row">
        <TextInput
          label="Signatory Name"
          value={form.signature_name}
          onValue={(signature_name) => onChange({ signature_name })}
          error={errors.signature_name}
          maxLength={MAX.signature_name}
          autoComplete="name"
        />
        <TextInput
          label="Signatory Title"
          value={form.signature_title}
          onValue={(signature_title) => onChange({ signature_title })}
          error={errors.signature_title}
          maxLength={MAX.signature_title}
          autoComplete="organization-title"
          hint="e.g. Chief Executive Officer"
        />
      </div>
      <SignaturePad
        id={SIGNATURE_PAD_ID}
        value={form.signatureData?.dataUrl ?? null}
        error={errors.signature}
        onChange={(dataUrl) =>
          onChange({
            signatureData: dataUrl ? { dataUrl, timestamp: new Date().toISOString(), method: 'drawn' } : null,
          })
        }
      />
      <p className="onboarding-signature-date">
        Date of signature: <strong>{longUsDate(new Date())}</strong>
      </p>
      <CheckboxInput
        checked={form.agreement_accepted}
        onChecked={(agreement_accepted) => onChange({ agreement_accepted })}
        error={errors.agreement_accepted}
        label={
          <>
            I accept the Service Agreement (the Transfer Agent agreement), and I am authorized to sign it on behalf of{' '}
            {endSentenceWith(company)} I agree that my electronic signature has the same effect as a handwritten one.
          </>
        }
      />
      <TextAreaInput
        label="Notes for our onboarding team"
        optional
        value={form.comments}
        onValue={(comments) => onChange({ comments })}
        error={errors.comments}
        maxLength={MAX.comments}
        rows={3}
      />
    </>
  );
}
