import { useState } from 'react';
import { flagRequest, unflagRequest, type RequestDetail } from '../../api/requests';
import { isApiRequestError } from '../../../../lib/api-client';
import { actionErrorMessage } from '../../../../lib/action-error';
import { formatDateTime } from '../../../../lib/format';
import { FLAG_PRIORITY_LABELS } from '../../../../lib/request-labels';
import { FlagIcon } from '../../../../components/request-badges';
import { ConfirmDialog } from '../confirm-dialog';
import { DetailList } from '../../../../components/detail-list';
import { FlagModal, type FlagInput } from './flag-modal';

interface FlagPanelProps {
  request: RequestDetail;
  canWrite: boolean;
  onChanged: () => void;
  onToast: (kind: 'success' | 'error', text: string) => void;
}

/** Flag Management: the current flag, Flag Request and Remove Flag (spec 2, 4). */
export function FlagPanel({ request, canWrite, onChanged, onToast }: FlagPanelProps) {
  const [mode, setMode] = useState<'none' | 'flag' | 'unflag'>('none');
  const [busy, setBusy] = useState(false);
  const [assigneeError, setAssigneeError] = useState<string | null>(null);

  function close() {
    setMode('none');
    setAssigneeError(null);
  }

  async function submitFlag(input: FlagInput) {
    setBusy(true);
    try {
      await flagRequest(request.id, input);
      close();
      onToast('success', 'Request flagged');
      onChanged();
    } catch (error) {
      const field = isApiRequestError(error) ? error.fieldErrors.assignTo : undefined;
      if (field) setAssigneeError(field);
      else {
        close();
        onToast('error', actionErrorMessage(error, 'Failed to flag request'));
      }
    } finally {
      setBusy(false);
    }
  }

  async function removeFlag() {
    setBusy(true);
    try {
      await unflagRequest(request.id);
      close();
      onToast('success', 'Flag removed');
      onChanged();
    } catch (error) {
      close();
      onToast('error', actionErrorMessage(error, 'Failed to unflag request'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="admin-card" aria-labelledby="flag-management">
      <h2 id="flag-management">Flag Management</h2>
      {request.isFlagged ? (
        <>
          <p className="flag-status">
            <FlagIcon priority={request.flagPriority} /> Flagged,{' '}
            {request.flagPriority ? FLAG_PRIORITY_LABELS[request.flagPriority] : 'Medium'} priority
          </p>
          <DetailList
            rows={[
              ['Reason', request.flagReason],
              ['Flagged by', request.flaggedBy],
              ['Flagged at', request.flaggedAt ? formatDateTime(request.flaggedAt) : null],
              [
                'Assigned to',
                request.assignedTo ? `${request.assignedTo}${request.assignedToMe ? ' (you)' : ''}` : null,
              ],
            ]}
          />
          {canWrite && (
            <button type="button" className="button button--secondary" onClick={() => setMode('unflag')}>
              Remove Flag
            </button>
          )}
        </>
      ) : (
        <>
          <p className="muted">This request is not flagged.</p>
          {canWrite && (
            <button type="button" className="button button--secondary" onClick={() => setMode('flag')}>
              Flag Request
            </button>
          )}
        </>
      )}
      {mode === 'flag' && (
        <FlagModal
          busy={busy}
          assigneeError={assigneeError}
          onSubmit={(input) => void submitFlag(input)}
          onCancel={close}
        />
      )}
      {mode === 'unflag' && (
        <ConfirmDialog
          title="Remove flag"
          message="Are you sure you want to unflag this request?"
          confirmLabel="Remove Flag"
          busy={busy}
          onConfirm={() => void removeFlag()}
          onCancel={close}
        />
      )}
    </section>
  );
}
