import { useId, useState } from 'react';
import type { IssuerInvitationRow, IssuerUserRow } from '@ledgerwell/shared/issuer-users';
import { NativeDialog } from '../../../components/native-dialog';
import { actionErrorMessage } from '../../../lib/action-error';
import { removeIssuerUser, revokeIssuerInvitation } from '../api/users';

export type PendingChange =
  | { kind: 'remove'; user: IssuerUserRow }
  | { kind: 'revoke'; invitation: IssuerInvitationRow };

/** "Are you sure?" for a removal or a revocation; the call itself may open the step-up dialog first. */
export function ConfirmChange({
  pending,
  onCancel,
  onDone,
}: {
  pending: PendingChange;
  onCancel: () => void;
  onDone: (message: string) => void;
}) {
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const remove = pending.kind === 'remove';
  const email = remove ? pending.user.email : pending.invitation.email;

  async function confirm() {
    setBusy(true);
    setFailure('');
    try {
      if (remove) await removeIssuerUser(pending.user.id);
      else await revokeIssuerInvitation(pending.invitation.id);
      onDone(remove ? `${email} was removed.` : `The invitation of ${email} was revoked.`);
    } catch (error) {
      setFailure(
        actionErrorMessage(error, remove ? 'The user could not be removed.' : 'The invitation could not be revoked.'),
      );
      setBusy(false);
    }
  }

  return (
    <NativeDialog onClose={onCancel} className="issuer-users__dialog" aria-labelledby={titleId} aria-modal="true">
      <h2 id={titleId}>{remove ? `Remove ${email}?` : `Revoke the invitation of ${email}?`}</h2>
      <p>
        {remove
          ? 'They are signed out at once and can no longer sign in to your issuer portal.'
          : 'The link in their e-mail stops working. You can send a new invitation later.'}
      </p>
      {failure && (
        <p className="notice notice--error" role="alert">
          {failure}
        </p>
      )}
      <div className="issuer-users__actions">
        <button type="button" className="button button--secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
        <button type="button" className="button" onClick={confirm} disabled={busy} data-autofocus>
          {busy ? 'Working…' : remove ? 'Remove' : 'Revoke'}
        </button>
      </div>
    </NativeDialog>
  );
}
