import type { PortalFormRequestType, SubmitRequestInput } from '@ledgerwell/shared/portal-requests';
import { AddressForm } from '../forms/address-form';
import { CertificateForm } from '../forms/certificate-form';
import {
  EMPTY_ADDRESS,
  EMPTY_CERTIFICATE,
  EMPTY_INQUIRY,
  EMPTY_TRANSFER,
  type AddressValues,
  type CertificateValues,
  type InquiryValues,
  type TransferValues,
} from '../forms/form-data';
import { InquiryForm } from '../forms/inquiry-form';
import { TransferForm } from '../forms/transfer-form';
import type { SubmitOutcome } from '../forms/use-request-form';
import { REQUEST_TYPE_DESCRIPTIONS, REQUEST_TYPE_LABELS } from '../labels';

export const FORM_HEADING_ID = 'portal-form-heading';

/** What each form holds, kept by the dashboard so Back to Request Types loses nothing. */
export interface Drafts {
  TRANSFER: TransferValues;
  ADDRESS_CHANGE: AddressValues;
  CERTIFICATE: CertificateValues;
  INQUIRY: InquiryValues;
}

export const EMPTY_DRAFTS: Drafts = {
  TRANSFER: EMPTY_TRANSFER,
  ADDRESS_CHANGE: EMPTY_ADDRESS,
  CERTIFICATE: EMPTY_CERTIFICATE,
  INQUIRY: EMPTY_INQUIRY,
};

export type DraftUpdater = <K extends PortalFormRequestType>(
  type: K,
) => (update: (current: Drafts[K]) => Drafts[K]) => void;

interface RequestFormPanelProps {
  type: PortalFormRequestType;
  drafts: Drafts;
  updateDraft: DraftUpdater;
  sharesHeld: string;
  onSubmit: (input: SubmitRequestInput) => Promise<SubmitOutcome>;
  onBack: () => void;
}

/** The chosen request type's form, under its heading, with Back to Request Types. */
export function RequestFormPanel({ type, drafts, updateDraft, sharesHeld, onSubmit, onBack }: RequestFormPanelProps) {
  return (
    <section className="portal-card portal-form-panel" aria-labelledby={FORM_HEADING_ID}>
      <button type="button" className="button button--ghost button--small portal-back" onClick={onBack}>
        <span aria-hidden="true">←</span> Back to Request Types
      </button>
      <h2 id={FORM_HEADING_ID} tabIndex={-1}>
        {REQUEST_TYPE_LABELS[type]}
      </h2>
      <p className="muted">{REQUEST_TYPE_DESCRIPTIONS[type]}</p>
      {type === 'TRANSFER' && (
        <TransferForm
          values={drafts.TRANSFER}
          onValuesChange={updateDraft('TRANSFER')}
          onSubmit={onSubmit}
          sharesHeld={sharesHeld}
        />
      )}
      {type === 'ADDRESS_CHANGE' && (
        <AddressForm
          values={drafts.ADDRESS_CHANGE}
          onValuesChange={updateDraft('ADDRESS_CHANGE')}
          onSubmit={onSubmit}
        />
      )}
      {type === 'CERTIFICATE' && (
        <CertificateForm values={drafts.CERTIFICATE} onValuesChange={updateDraft('CERTIFICATE')} onSubmit={onSubmit} />
      )}
      {type === 'INQUIRY' && (
        <InquiryForm values={drafts.INQUIRY} onValuesChange={updateDraft('INQUIRY')} onSubmit={onSubmit} />
      )}
    </section>
  );
}
