import { useState, type FormEvent } from 'react';
import { NativeDialog } from '../../../components/native-dialog';
import { SignaturePad } from '../../../components/signature/signature-pad';
import { TextField } from '../../../components/ui/text-field';
import { TextareaField } from '../../../components/ui/textarea-field';
import { isApiRequestError } from '../../../lib/api-client';
import { reportLostCertificate, type LostCertificateReceipt } from '../lost-certificates-api';
import { getPortalToken } from '../portal-session';
import { RadioGroupField } from './radio-group-field';

const HEADING_ID = 'lost-certificate-heading';

const REASONS = [
  { value: 'LOST', label: 'Lost' },
  { value: 'STOLEN', label: 'Stolen' },
  { value: 'DESTROYED', label: 'Destroyed' },
] as const;
const REPLACEMENTS = [
  { value: 'DRS', label: 'Book-entry shares (DRS): no paper to keep safe' },
  { value: 'CERTIFICATE', label: 'A new paper certificate' },
] as const;
type Reason = (typeof REASONS)[number]['value'];
type Replacement = (typeof REPLACEMENTS)[number]['value'];

interface LostCertificateDialogProps {
  certificateNumber: string;
  shares: string;
  onClose: (reported: boolean) => void;
  onSessionExpired: () => void;
}

/** Today in the holder's calendar: the date the affidavit is signed. */
const today = () => new Date().toLocaleDateString('en-CA');

/**
 * Reporting a certificate lost, stolen or destroyed (issue 30): what happened, the replacement wanted, and the
 * affidavit of loss signed here. The server stops the certificate in the same transaction that files the report.
 */
export function LostCertificateDialog({
  certificateNumber,
  shares,
  onClose,
  onSessionExpired,
}: LostCertificateDialogProps) {
  const [reason, setReason] = useState<Reason | ''>('');
  const [circumstances, setCircumstances] = useState('');
  const [replacementForm, setReplacementForm] = useState<Replacement | ''>('');
  const [fullName, setFullName] = useState('');
  const [signature, setSignature] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [receipt, setReceipt] = useState<LostCertificateReceipt | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const token = getPortalToken();
    if (!token) return onSessionExpired();
    setBusy(true);
    setFailure(null);
    try {
      const answer = await reportLostCertificate(token, {
        certificateNumber,
        reason,
        circumstances,
        replacementForm,
        affidavit: { fullName, signature: signature ?? '', signedAt: today() },
      });
      setErrors({});
      setReceipt(answer);
    } catch (error) {
      if (isApiRequestError(error) && error.status === 401) return onSessionExpired();
      setErrors(isApiRequestError(error) ? error.fieldErrors : {});
      setFailure(
        isApiRequestError(error) && error.fromServer
          ? error.message
          : 'We could not file the report. Please try again.',
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <NativeDialog className="request-detail" aria-labelledby={HEADING_ID} onClose={() => onClose(receipt !== null)}>
      <div className="request-detail__frame">
        <header className="request-detail__header">
          <h2 id={HEADING_ID} tabIndex={-1} data-autofocus>
            Report certificate {certificateNumber}
          </h2>
          <button
            type="button"
            className="request-detail__dismiss"
            aria-label="Close"
            onClick={() => onClose(receipt !== null)}
          >
            <span aria-hidden="true">×</span>
          </button>
        </header>
        <div className="request-detail__body">
          {receipt ? (
            <div role="status" className="result-panel result-panel--success">
              <p>
                Certificate {receipt.data.certificateNumber} is stopped: nobody can transfer it now. Your reference is{' '}
                <strong>{receipt.referenceNumber}</strong>.
              </p>
              <h3>What happens next</h3>
              <ol>
                {receipt.data.nextSteps.map((step) => (
                  <li key={step}>{step}</li>
                ))}
              </ol>
              <button type="button" className="button" onClick={() => onClose(true)}>
                Done
              </button>
            </div>
          ) : (
            <form onSubmit={submit} noValidate aria-labelledby={HEADING_ID}>
              <p>
                Certificate {certificateNumber} for {shares} shares. When you send this report we place a stop on it at
                once, so nobody can transfer it, and we replace it once we have checked your report.
              </p>
              <RadioGroupField
                legend="What happened to it?"
                name="reason"
                options={REASONS}
                value={reason}
                onChange={setReason}
                error={errors.reason}
                required
              />
              <TextareaField
                label="How, when and where (as far as you know)"
                value={circumstances}
                onChange={(event) => setCircumstances(event.target.value)}
                error={errors.circumstances}
                rows={4}
                required
              />
              <RadioGroupField
                legend="Replace it with"
                name="replacementForm"
                options={REPLACEMENTS}
                value={replacementForm}
                onChange={setReplacementForm}
                error={errors.replacementForm}
                required
              />
              <fieldset className="portal-fieldset portal-affidavit">
                <legend>Affidavit of loss</legend>
                <p>
                  I declare that I own certificate {certificateNumber}, that it was{' '}
                  {reason ? reason.toLowerCase() : 'lost, stolen or destroyed'} as described above, that I have not
                  sold, pledged or given it to anyone, and that I will return it at once if it is found.
                </p>
                <TextField
                  label="Your full name"
                  value={fullName}
                  autoComplete="name"
                  onChange={(event) => setFullName(event.target.value)}
                  error={errors['affidavit.fullName']}
                  required
                />
                <SignaturePad value={signature} onChange={setSignature} error={errors['affidavit.signature']} />
                <p className="muted">Signed on {today()}</p>
              </fieldset>
              {failure && (
                <p role="alert" className="notice notice--error">
                  {failure}
                </p>
              )}
              <button type="submit" className="button" disabled={busy}>
                {busy ? 'Sending…' : 'Report and stop the certificate'}
              </button>
            </form>
          )}
        </div>
      </div>
    </NativeDialog>
  );
}
