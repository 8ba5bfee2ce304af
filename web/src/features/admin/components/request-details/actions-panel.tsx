import { useId, useState } from 'react';
import type { StatusAction } from '@ledgerwell/shared/request-review';
import { changeRequestStatus, type RequestDetail } from '../../api/requests';
import { actionErrorMessage } from '../../../../lib/action-error';
import { STATUS_ACTION_LABELS, STATUS_ACTION_VALUES, statusActionQuestion } from '../../utils/review-permissions';
import { transferVerificationNotice, VERIFICATION_NOTICES } from '../../utils/verification-state';
import { ConfirmDialog } from '../confirm-dialog';

interface ActionsPanelProps {
  request: RequestDetail;
  /** The changes this admin may make now; the panel is hidden when there are none. */
  actions: StatusAction[];
  onChanged: () => void;
  onToast: (kind: 'success' | 'error', text: string) => void;
}

/** Approve, reject or mark processing, with optional decision notes and a confirmation (spec 4). */
export function ActionsPanel({ request, actions, onChanged, onToast }: ActionsPanelProps) {
  const [notes, setNotes] = useState('');
  const [confirming, setConfirming] = useState<StatusAction | null>(null);
  const [busy, setBusy] = useState(false);
  const notesId = useId();

  if (actions.length === 0) return null;

  const warning = transferVerificationNotice(request);

  async function confirm(action: StatusAction) {
    setBusy(true);
    try {
      const message = await changeRequestStatus(request.id, STATUS_ACTION_VALUES[action], notes);
      setNotes('');
      setConfirming(null);
      onToast('success', message ?? `Request ${STATUS_ACTION_VALUES[action].toLowerCase()} successfully`);
      onChanged();
    } catch (error) {
      setConfirming(null);
      onToast('error', actionErrorMessage(error, 'Failed to update request status'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="admin-card" aria-labelledby="actions">
      <h2 id="actions">Actions</h2>
      {warning && (
        <p className={warning === 'complete' ? 'notice notice--success' : 'notice notice--warning'}>
          {VERIFICATION_NOTICES[warning]}
        </p>
      )}
      <div className="field">
        <label htmlFor={notesId} className="field__label">
          Decision notes (optional)
        </label>
        <textarea
          id={notesId}
          className="field__input"
          rows={3}
          maxLength={2000}
          value={notes}
          onChange={(event) => setNotes(event.target.value)}
        />
        <p className="field__hint muted">Sent to the shareholder with a rejection, as its reason.</p>
      </div>
      <div className="action-buttons">
        {actions.map((action) => (
          <button
            key={action}
            type="button"
            className={
              action === 'APPROVED'
                ? 'button button--success'
                : action === 'REJECTED'
                  ? 'button button--danger'
                  : 'button button--secondary'
            }
            disabled={busy}
            onClick={() => setConfirming(action)}
          >
            {STATUS_ACTION_LABELS[action]}
          </button>
        ))}
      </div>
      {confirming && (
        <ConfirmDialog
          title={`${STATUS_ACTION_LABELS[confirming]} request`}
          message={statusActionQuestion(confirming)}
          confirmLabel={STATUS_ACTION_LABELS[confirming]}
          danger={confirming === 'REJECTED'}
          busy={busy}
          onConfirm={() => void confirm(confirming)}
          onCancel={() => setConfirming(null)}
        />
      )}
    </section>
  );
}
