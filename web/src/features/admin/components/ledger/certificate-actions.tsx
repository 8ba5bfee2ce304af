import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { STOP_REASONS, type StopReason } from '@ledgerwell/shared/ledger';
import { placeStopOrder, reissueCertificate, releaseStopOrder, type CertificateView } from '../../api/ledger';
import { actionErrorMessage } from '../../../../lib/action-error';
import { STOP_REASON_LABELS, type PushToast } from './ledger-format';

interface ActionFormProps {
  certificate: CertificateView;
  onDone: (updated: CertificateView, message: string) => void;
  onToast: PushToast;
}

const noteInput = (note: string) => (note.trim() ? { note: note.trim() } : {});

interface ActionFrameProps {
  label: string;
  submitLabel: string;
  tone: 'danger' | 'secondary' | 'primary';
  busy: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}

/** One action on a certificate card: its fields in a grid, then its button. */
function ActionFrame({ label, submitLabel, tone, busy, onSubmit, children }: ActionFrameProps) {
  return (
    <form className="certificate__action" aria-label={label} noValidate onSubmit={onSubmit}>
      <div className="form-grid">{children}</div>
      <div className="form-actions">
        <button
          type="submit"
          className={`button${tone === 'primary' ? '' : ` button--${tone}`} button--small`}
          disabled={busy}
        >
          {submitLabel}
        </button>
      </div>
    </form>
  );
}

interface OptionalTextProps {
  label: string;
  value: string;
  maxLength: number;
  placeholder?: string;
  onChange: (value: string) => void;
}

function OptionalText({ label, value, maxLength, placeholder, onChange }: OptionalTextProps) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label} (optional)
      </label>
      <input
        id={id}
        type="text"
        className="field__input"
        maxLength={maxLength}
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

export function StopOrderForm({ certificate, onDone, onToast }: ActionFormProps) {
  const reasonId = useId();
  const errorId = useId();
  const [reason, setReason] = useState<StopReason | ''>('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!reason) {
      setError('Choose why the stop order is placed');
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const updated = await placeStopOrder(certificate.id, { reason, ...noteInput(note) });
      onDone(updated, `Stop order placed on certificate ${updated.number}`);
    } catch (failure) {
      onToast('error', actionErrorMessage(failure, 'Failed to place the stop order'));
      setBusy(false);
    }
  }

  return (
    <ActionFrame
      label={`Stop order on certificate ${certificate.number}`}
      submitLabel="Place stop order"
      tone="danger"
      busy={busy}
      onSubmit={submit}
    >
      <div className={error ? 'field field--invalid' : 'field'}>
        <label htmlFor={reasonId} className="field__label">
          Reason
        </label>
        <select
          id={reasonId}
          className="field__input"
          value={reason}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => setReason(event.target.value as StopReason | '')}
        >
          <option value="">Choose a reason</option>
          {STOP_REASONS.map((value) => (
            <option key={value} value={value}>
              {STOP_REASON_LABELS[value]}
            </option>
          ))}
        </select>
        {error && (
          <p id={errorId} className="field__error">
            {error}
          </p>
        )}
      </div>
      <OptionalText label="Note" value={note} maxLength={1000} onChange={setNote} />
    </ActionFrame>
  );
}

export function ReleaseForm({ certificate, onDone, onToast }: ActionFormProps) {
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    try {
      const updated = await releaseStopOrder(certificate.id, noteInput(note));
      onDone(updated, `Stop order released on certificate ${updated.number}`);
    } catch (failure) {
      onToast('error', actionErrorMessage(failure, 'Failed to release the stop order'));
      setBusy(false);
    }
  }

  return (
    <ActionFrame
      label={`Release the stop order on certificate ${certificate.number}`}
      submitLabel="Release stop order"
      tone="secondary"
      busy={busy}
      onSubmit={submit}
    >
      <OptionalText label="Note" value={note} maxLength={1000} onChange={setNote} />
    </ActionFrame>
  );
}

/**
 * A replacement for a certificate under a stop order for loss, theft or destruction (the server refuses one under
 * an adverse claim, with its reason): the certificate is cancelled and its shares come back to the same account.
 */
export function ReplacementForm({ certificate, onDone, onToast }: ActionFormProps) {
  const formId = useId();
  const [form, setForm] = useState<'CERTIFICATE' | 'DRS'>('CERTIFICATE');
  const [memo, setMemo] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    try {
      const updated = await reissueCertificate(certificate, {
        certificateId: certificate.id,
        replacementForm: form,
        ...(memo.trim() ? { memo: memo.trim() } : {}),
      });
      const what =
        form === 'DRS' ? 'as DRS shares' : `on certificate ${updated.derivedCertificateNumbers.at(-1) ?? ''}`.trim();
      onDone(updated, `Certificate ${certificate.number} replaced ${what}`);
    } catch (failure) {
      onToast('error', actionErrorMessage(failure, 'Failed to issue the replacement'));
      setBusy(false);
    }
  }

  return (
    <ActionFrame
      label={`Replace certificate ${certificate.number}`}
      submitLabel="Issue replacement"
      tone="primary"
      busy={busy}
      onSubmit={submit}
    >
      <div className="field">
        <label htmlFor={formId} className="field__label">
          Replace as
        </label>
        <select
          id={formId}
          className="field__input"
          value={form}
          onChange={(event) => setForm(event.target.value as 'CERTIFICATE' | 'DRS')}
        >
          <option value="CERTIFICATE">A new certificate</option>
          <option value="DRS">DRS shares</option>
        </select>
      </div>
      <OptionalText
        label="Memo"
        value={memo}
        maxLength={500}
        placeholder="Affidavit of loss and indemnity bond on file"
        onChange={setMemo}
      />
    </ActionFrame>
  );
}
