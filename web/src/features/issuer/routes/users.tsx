import { useState } from 'react';
import {
  ISSUER_ROLE_LABELS,
  type IssuerInvitationRow,
  type IssuerUserRow,
  type IssuerUsersList,
} from '@ledgerwell/shared/issuer-users';
import { LoadFailure } from '../../../components/ui/load-failure';
import { Spinner } from '../../../components/ui/spinner';
import { useApiData } from '../../../hooks/use-api-data';
import { useDocumentMeta } from '../../../hooks/use-document-meta';
import { actionErrorMessage } from '../../../lib/action-error';
import { formatDateTime } from '../../../lib/format';
import { fetchIssuerUsers } from '../api/users';
import { ConfirmChange, type PendingChange } from '../components/confirm-user-change';
import { InviteForm } from '../components/invite-colleague-form';
import { IssuerPage } from '../components/issuer-page';
import './users.css';

/**
 * The issuer's users and open invitations. Everyone reads the list; an administrator (canManage, which the API
 * checks again on every call) also invites colleagues, revokes invitations and removes users, each confirmed first.
 */
export function UsersPage() {
  useDocumentMeta('Users');
  const { data, error, loading, reload } = useApiData('issuer-users', fetchIssuerUsers);
  const [pending, setPending] = useState<PendingChange | null>(null);
  const [notice, setNotice] = useState('');

  return (
    <IssuerPage title="Users" intro="Who can sign in to your issuer portal, and the invitations still open.">
      <p className="issuer-users__status" role="status">
        {notice}
      </p>
      {error !== null && (
        <LoadFailure text={actionErrorMessage(error, 'The users could not be loaded.')} onRetry={reload} alert />
      )}
      {!data && loading && <Spinner label="Loading users" />}
      {data && (
        <div className="issuer-users">
          {data.canManage && (
            <InviteForm
              onInvited={(email) => {
                setNotice(`Invitation sent to ${email}.`);
                reload();
              }}
            />
          )}
          <UserList data={data} onRemove={(user) => setPending({ kind: 'remove', user })} />
          <InvitationList data={data} onRevoke={(invitation) => setPending({ kind: 'revoke', invitation })} />
        </div>
      )}
      {pending && (
        <ConfirmChange
          pending={pending}
          onCancel={() => setPending(null)}
          onDone={(message) => {
            setPending(null);
            setNotice(message);
            reload();
          }}
        />
      )}
    </IssuerPage>
  );
}

function UserList({ data, onRemove }: { data: IssuerUsersList; onRemove: (user: IssuerUserRow) => void }) {
  return (
    <section aria-labelledby="issuer-users-people">
      <h2 id="issuer-users-people">People with access</h2>
      <ul className="issuer-users__list">
        {data.users.map((user) => {
          const you = user.id === data.currentUserId;
          return (
            <li key={user.id} className="issuer-users__item">
              <div className="issuer-users__who">
                <strong>{user.email}</strong>
                {you && <span className="issuer-users__tag"> (you)</span>}
              </div>
              <dl className="issuer-users__facts">
                <dt>Role</dt>
                <dd>{ISSUER_ROLE_LABELS[user.role]}</dd>
                <dt>Second factor</dt>
                <dd>{user.hasSecondFactor ? 'Set up' : 'Not yet'}</dd>
                <dt>Last sign-in</dt>
                <dd>{user.lastLoginAt ? formatDateTime(user.lastLoginAt) : 'Never'}</dd>
                <dt>Added</dt>
                <dd>{formatDateTime(user.createdAt)}</dd>
              </dl>
              {data.canManage && !you && (
                <button
                  type="button"
                  className="button button--secondary button--small"
                  onClick={() => onRemove(user)}
                  aria-label={`Remove ${user.email}`}
                >
                  Remove
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function InvitationList({
  data,
  onRevoke,
}: {
  data: IssuerUsersList;
  onRevoke: (invitation: IssuerInvitationRow) => void;
}) {
  return (
    <section aria-labelledby="issuer-users-invitations">
      <h2 id="issuer-users-invitations">Open invitations</h2>
      {data.invitations.length === 0 ? (
        <p className="muted">No open invitations.</p>
      ) : (
        <ul className="issuer-users__list">
          {data.invitations.map((invitation) => (
            <li key={invitation.id} className="issuer-users__item">
              <div className="issuer-users__who">
                <strong>{invitation.email}</strong>
              </div>
              <dl className="issuer-users__facts">
                <dt>Role</dt>
                <dd>{ISSUER_ROLE_LABELS[invitation.role]}</dd>
                <dt>Expires</dt>
                <dd>{formatDateTime(invitation.expiresAt)}</dd>
                <dt>Sent by</dt>
                <dd>{invitation.sentBy}</dd>
              </dl>
              {data.canManage && (
                <button
                  type="button"
                  className="button button--secondary button--small"
                  onClick={() => onRevoke(invitation)}
                  aria-label={`Revoke the invitation of ${invitation.email}`}
                >
                  Revoke
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
