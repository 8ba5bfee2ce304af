import { useEffect, useId, useState, type FormEvent } from 'react';
import { ISSUER_USER_ROLES } from '@ledgerwell/shared/issuer-auth';
import {
  ISSUER_ROLE_LABELS,
  inviteIssuerUserSchema,
  type IssuerInvitationRow,
  type IssuerUserRow,
  type IssuerUsersList,
} from '@ledgerwell/shared/issuer-users';
import { NativeDialog } from '../../../components/native-dialog';
import { LoadFailure } from '../../../components/ui/load-failure';
import { SelectField } from '../../../components/ui/select-field';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { useDocumentMeta } from '../../../hooks/use-document-meta';
import { isApiRequestError } from '../../../lib/api-client';
import { fetchIssuerUsers, inviteIssuerUser, removeIssuerUser, revokeIssuerInvitation } from '../users-api';
import './users.css';

const ROLE_OPTIONS = ISSUER_USER_ROLES.map((role) => ({ value: role, label: ISSUER_ROLE_LABELS[role] }));
const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : 'Never';
/** The server's own words when it refused for a reason the user can act on; else the call's generic message. */
const failureText = (error: unknown) =>
  error instanceof Error ? error.message : 'Something went wrong. Please try again.';

type Pending = { kind: 'remove'; user: IssuerUserRow } | { kind: 'revoke'; invitation: IssuerInvitationRow };

/**
 * The issuer's users and open invitations. Everyone reads the list; an administrator (canManage, which the API
 * checks again on every call) also invites colleagues, revokes invitations and removes users, each confirmed first.
 */
export function UsersPage() {
  useDocumentMeta('Users');
  const [version, setVersion] = useState(0);
  const [list, setList] = useState<{ data: IssuerUsersList | null; error: unknown; version: number } | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
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

/** Invite a colleague: the shared schema checks the form before it is sent; the server's field messages show too. */
function InviteForm({ onInvited }: { onInvited: (email: string) => void }) {
  const titleId = useId();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<string>('ISSUER_VIEWER');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure('');
    const parsed = inviteIssuerUserSchema.safeParse({ email, role });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await inviteIssuerUser(parsed.data);
      setEmail('');
      onInvited(parsed.data.email);
    } catch (error) {
      if (isApiRequestError(error) && Object.keys(error.fieldErrors).length > 0) setErrors(error.fieldErrors);
      else setFailure(failureText(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="issuer-users__invite form" aria-labelledby={titleId} onSubmit={submit} noValidate>
      <h2 id={titleId}>Invite a colleague</h2>
      <TextField
        label="Email"
        type="email"
        autoComplete="off"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={errors.email}
      />
      <SelectField
        label="Role"
        options={ROLE_OPTIONS}
        value={role}
        onChange={(event) => setRole(event.target.value)}
        error={errors.role}
      />
      {failure && (
        <p className="notice notice--error" role="alert">
          {failure}
        </p>
      )}
      <button type="submit" className="button" disabled={busy}>
        {busy ? 'Sending…' : 'Send invitation'}
      </button>
    </form>
  );
}

/** "Are you sure?" for a removal or a revocation; the call itself may open the step-up dialog first. */
function ConfirmChange({
  pending,
  onCancel,
  onDone,
}: {
  pending: Pending;
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
      setFailure(failureText(error));
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
