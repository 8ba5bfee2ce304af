import { useId, useState, type FormEvent } from 'react';
import { FLAG_PRIORITIES, REVIEW_MESSAGES, type FlagPriority } from '@ledgerwell/shared/request-review';
import { FLAG_PRIORITY_LABELS } from '../../../../lib/request-labels';
import { Modal } from '../modal';
import { ModalFormActions } from '../modal-form-actions';

export interface FlagInput {
  reason: string;
  priority: FlagPriority;
  assignTo?: string;
}

interface FlagModalProps {
  busy: boolean;
  /** The server's message for the assignee (an unknown username). */
  assigneeError: string | null;
  onSubmit: (input: FlagInput) => void;
  onCancel: () => void;
}

/** Flag a request: priority (default MEDIUM), a required reason, an optional assignee (spec 4-5). */
export function FlagModal({ busy, assigneeError, onSubmit, onCancel }: FlagModalProps) {
  const id = useId();
  const [priority, setPriority] = useState<FlagPriority>('MEDIUM');
  const [reason, setReason] = useState('');
  const [assignTo, setAssignTo] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (reason.trim() === '') {
      setReasonError(REVIEW_MESSAGES.flagReasonRequired);
      document.getElementById(`${id}-reason`)?.focus();
      return;
    }
    setReasonError(null);
    onSubmit({ reason: reason.trim(), priority, ...(assignTo.trim() ? { assignTo: assignTo.trim() } : {}) });
  }

  return (
    <Modal title="Flag request" onClose={onCancel}>
      <form onSubmit={submit} noValidate className="form">
        <div className="field">
          <label htmlFor={`${id}-priority`} className="field__label">
            Priority
          </label>
          <select
            id={`${id}-priority`}
            className="field__input"
            value={priority}
            onChange={(event) => setPriority(event.target.value as FlagPriority)}
            data-autofocus
          >
            {FLAG_PRIORITIES.map((value) => (
              <option key={value} value={value}>
                {FLAG_PRIORITY_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        <div className={reasonError ? 'field field--invalid' : 'field'}>
          <label htmlFor={`${id}-reason`} className="field__label">
            Reason
          </label>
          <textarea
            id={`${id}-reason`}
            className="field__input"
            rows={3}
            maxLength={1000}
            required
            aria-invalid={reasonError ? true : undefined}
            aria-describedby={reasonError ? `${id}-reason-error` : undefined}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
          {reasonError && (
            <p id={`${id}-reason-error`} className="field__error">
              {reasonError}
            </p>
          )}
        </div>
        <div className={assigneeError ? 'field field--invalid' : 'field'}>
          <label htmlFor={`${id}-assign`} className="field__label">
            Assign to (username, optional)
          </label>
          <input
            id={`${id}-assign`}
            className="field__input"
            maxLength={100}
            autoComplete="off"
            aria-invalid={assigneeError ? true : undefined}
            aria-describedby={assigneeError ? `${id}-assign-error` : undefined}
            value={assignTo}
            onChange={(event) => setAssignTo(event.target.value)}
          />
          {assigneeError && (
            <p id={`${id}-assign-error`} className="field__error">
              {assigneeError}
            </p>
          )}
        </div>
        <ModalFormActions busy={busy} submitLabel="Flag request" busyLabel="Flagging..." onCancel={onCancel} />
      </form>
    </Modal>
  );
}
