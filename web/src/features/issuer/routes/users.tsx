import { useEffect, useState } from 'react';
import {
  ISSUER_ROLE_LABELS,
  type IssuerInvitationRow,
  type IssuerUserRow,
  type IssuerUsersList,
} from '@ledgerwell/shared/issuer-users';
import { LoadFailure } from '../../../components/ui/load-failure';
import { Spinner } from '../../../components/ui/spinner';
import { useDocumentMeta } from '../../../hooks/use-document-meta';
import { fetchIssuerUsers } from '../users-api';
import { ConfirmChange, type PendingChange } from '../users-confirm-change';
import { failureText, when } from '../users-format';
import { InviteForm } from '../users-invite-form';
import './users.css';

/**
 * The issuer's users and open invitations. Everyone reads the list; an administrator (canManage, which the API
 * checks again on every call) also invites colleagues, revokes invitations and removes users, each confirmed first.
 */
export function UsersPage() {
  useDocumentMeta('Users');
  const [version, setVersion] = useState(0);
  const [list, setList] = useState<{ data: IssuerUsersList | null; error: unknown; version: number } | null>(null);
  const [pending, setPending] = useState<PendingChange | null>(null);
  const [notice, setNotice] = useState('');

  useEffect(() => {
    const controller = new AbortController();
    fetchIssuerUsers(controller.signal).then(
      (data) => setList({ data, error: null, version }),
      (error: unknown) => {
        if (!controller.signal.aborted) setList((last) => ({ data: last?.data ?? null, error, version }));
      },
    );
    return () => controller.abort();
  }, [version]);
  const reload = () => setVersion((n) => n + 1);

  const data = list?.data ?? null;
  const settled = list?.version === version;
  return (
    <section className="issuer-users" aria-labelledby="issuer-users-title">
      <h1 id="issuer-users-title">Users</h1>
      <p className="issuer-users__status" role="status">
        {notice}
      </p>
      {settled && list?.error !== null && list?.error !== undefined && (
        <LoadFailure text={failureText(list.error)} onRetry={reload} alert />
      )}
      {!data && !settled && <Spinner label="Loading users" />}
      {data && (
        <>
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
        </>
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
    </section>
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
                <dd>{when(user.lastLoginAt)}</dd>
                <dt>Added</dt>
                <dd>{when(user.createdAt)}</dd>
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
                <dd>{when(invitation.expiresAt)}</dd>
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
