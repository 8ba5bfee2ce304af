import { useId, useState } from 'react';
import { ADMIN_ROLE_RANK, type AdminProfile } from '@ledgerwell/shared/admin-auth';
import { compareDecimals, formatDecimal } from '@ledgerwell/shared/ledger';
import {
  confirmLedgerPosting,
  fetchPostingPreview,
  postRequestToLedger,
  type PostingPreview,
} from '../../api/postings';
import type { RequestDetail } from '../../api/requests';
import { useApiData } from '../../../../hooks/use-api-data';
import { actionErrorMessage } from '../../../../lib/action-error';
import { formatDateTime } from '../../../../lib/format';
import { ConfirmDialog } from '../confirm-dialog';
import { DetailList } from '../../../../components/detail-list';

interface PostingPanelProps {
  request: RequestDetail;
  admin: AdminProfile;
  onChanged: () => void;
  onToast: (kind: 'success' | 'error', text: string) => void;
}

const shares = (value: string) => `${formatDecimal(value)} shares`;

function debitText(preview: PostingPreview) {
  if (preview.debit.form === 'DRS') return `${shares(preview.shares)} from DRS`;
  const surrendered = preview.debit.certificates.map((c) => `${c.number} (${formatDecimal(c.shares)})`).join(', ');
  const balance =
    preview.debit.balanceBack !== '0' ? `; a new certificate for ${shares(preview.debit.balanceBack)} back` : '';
  return `Certificates ${surrendered} cancelled${balance}`;
}

function creditText(preview: PostingPreview) {
  if (preview.type === 'REISSUANCE' && preview.toForm === 'DRS')
    return `${shares(preview.shares)} in DRS to ${preview.to.registrationName}, account ${preview.to.accountNumber} (the replacement)`;
  if (preview.type === 'REISSUANCE')
    return `${shares(preview.shares)} on a replacement certificate registered to ${preview.to.registrationName}, account ${preview.to.accountNumber}`;
  if (preview.to.kind === 'HOLDER')
    return `${shares(preview.shares)} on a new certificate registered to ${preview.to.registrationName}, account ${preview.to.accountNumber}`;
  const account = preview.to.accountNumber
    ? `account ${preview.to.accountNumber}`
    : 'a new account, opened by the posting';
  const role = preview.to.kind === 'NOMINEE' ? 'the depository nominee, for the broker' : 'the buyer';
  return `${shares(preview.shares)} in DRS to ${preview.to.registrationName} (${role}), ${account}`;
}

/**
 * An approved transfer's, certificate request's or lost-certificate report's way onto the ledger (issue 28), shown to REVIEWER and up: the
 * legs the posting would write, then Post, or Propose when a second person must confirm (dual control); a
 * proposal shows who made it and, to anyone else at ADMIN or above, Confirm.
 */
export function PostingPanel({ request, admin, onChanged, onToast }: PostingPanelProps) {
  const preview = useApiData(`${request.id}:${request.updatedAt}`, (signal) => fetchPostingPreview(request.id, signal));
  const [effectiveDate, setEffectiveDate] = useState('');
  const [memo, setMemo] = useState('');
  const [asking, setAsking] = useState<'post' | 'confirm' | null>(null);
  const [busy, setBusy] = useState(false);
  const dateId = useId();
  const memoId = useId();

  const data = preview.data;
  const isAdmin = ADMIN_ROLE_RANK[admin.role] >= ADMIN_ROLE_RANK.ADMIN;
  const waiting = data?.waiting ?? null;
  const mayConfirm = waiting !== null && isAdmin && waiting.proposedBy !== admin.username;

  async function run() {
    if (!data) return;
    setBusy(true);
    try {
      if (asking === 'confirm' && waiting) {
        await confirmLedgerPosting(waiting.id);
        onToast('success', 'Posted to the ledger');
      } else {
        const input = { ...(effectiveDate ? { effectiveDate } : {}), ...(memo.trim() ? { memo: memo.trim() } : {}) };
        onToast('success', await postRequestToLedger(request.id, input));
      }
      onChanged();
    } catch (error) {
      onToast('error', actionErrorMessage(error, 'Failed to post the request'));
      preview.reload();
    } finally {
      setBusy(false);
      setAsking(null);
    }
  }

  return (
    <section className="admin-card" aria-labelledby="posting" aria-busy={preview.loading || undefined}>
      <h2 id="posting">Ledger posting</h2>
      {Boolean(preview.error) && (
        <div className="notice notice--error" role="alert">
          <p>{actionErrorMessage(preview.error, 'Failed to work out the posting')}</p>
        </div>
      )}
      {data && (
        <>
          <DetailList
            rows={[
              ['Debit', debitText(data)],
              ['Credit', creditText(data)],
              ['Class', `${data.issuer}, ${data.shareClass}`],
              ['Effective date', waiting ? (waiting.effectiveDate ?? 'The day it is confirmed') : null],
            ]}
          />
          {waiting ? (
            <>
              <p className="notice notice--warning">
                Proposed by {waiting.proposedBy} on {formatDateTime(waiting.proposedAt)}: a second person must confirm
                it.
              </p>
              {mayConfirm && (
                <button
                  type="button"
                  className="button button--success"
                  disabled={busy}
                  onClick={() => setAsking('confirm')}
                >
                  Confirm posting
                </button>
              )}
            </>
          ) : (
            <>
              <div className="field">
                <label htmlFor={dateId} className="field__label">
                  Effective date (optional)
                </label>
                <input
                  id={dateId}
                  type="date"
                  className="field__input"
                  max={data.effectiveDate}
                  value={effectiveDate}
                  onChange={(event) => setEffectiveDate(event.target.value)}
                />
                <p className="field__hint muted">Today ({data.effectiveDate}) when left empty.</p>
              </div>
              <div className="field">
                <label htmlFor={memoId} className="field__label">
                  Memo{' '}
                  {effectiveDate && effectiveDate < data.effectiveDate ? '(required for a past date)' : '(optional)'}
                </label>
                <textarea
                  id={memoId}
                  className="field__input"
                  rows={2}
                  maxLength={500}
                  value={memo}
                  onChange={(event) => setMemo(event.target.value)}
                />
              </div>
              {data.dualControl && (
                <p className="field__hint muted">
                  {compareDecimals(data.shares, data.dualControlShares) > 0
                    ? `More than ${shares(data.dualControlShares)}: another staff member confirms the posting.`
                    : 'Another staff member at ADMIN or above confirms the posting.'}
                </p>
              )}
              <button
                type="button"
                className="button button--success"
                disabled={busy}
                onClick={() => setAsking('post')}
              >
                {data.dualControl ? 'Propose posting' : 'Post to ledger'}
              </button>
            </>
          )}
        </>
      )}
      {asking && data && (
        <ConfirmDialog
          title={asking === 'confirm' ? 'Confirm posting' : data.dualControl ? 'Propose posting' : 'Post to ledger'}
          message={`${debitText(data)}. ${creditText(data)}. ${
            asking === 'post' && data.dualControl
              ? 'Nothing is posted until another staff member confirms.'
              : 'The request becomes Completed and the holder is sent a transaction advice.'
          }`}
          confirmLabel={asking === 'confirm' ? 'Confirm posting' : data.dualControl ? 'Propose' : 'Post'}
          busy={busy}
          onConfirm={() => void run()}
          onCancel={() => setAsking(null)}
        />
      )}
    </section>
  );
}
