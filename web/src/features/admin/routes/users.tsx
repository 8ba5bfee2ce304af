import { useState } from 'react';
import { Link } from 'react-router';
import { ADMIN_ROLE_LABELS, type AdminProfile } from '@ledgerwell/shared/admin-auth';
import { ADMIN_USER_MESSAGES as M, type AdminUser } from '@ledgerwell/shared/admin-users';
import { SESSION_MESSAGES } from '@ledgerwell/shared/admin-sessions';
import { paths } from '../../../config/paths';
import { useDocumentMeta } from '../../../hooks/use-document-meta';
import { isApiRequestError } from '../../../lib/api-client';
import {
  createAdminUser,
  deactivateAdminUser,
  fetchAdminUsers,
  resetAdminUserPassword,
  resetUserMfa,
  updateAdminUser,
  type AdminUserBody,
} from '../api/users';
import { Banner } from '../components/banner';
import { ConfirmDialog } from '../components/confirm-dialog';
import { SearchFilter, SelectFilter } from '../../../components/filter-fields';
import { PageHeader } from '../components/page-header';
import { ActionsHeader, SortableHeaders, sortedByLabel, type SortColumn } from '../components/sortable-headers';
import { SuperAdminOnly } from '../components/super-admin-only';
import { TableState } from '../components/table-state';
import { UserForm } from '../components/user-form';
import { UserSessionsDialog } from '../components/user-sessions-dialog';
import { TemporaryPasswordNotice, type TemporaryPassword } from '../components/temporary-password-notice';
import { useApiData } from '../../../hooks/use-api-data';
import { useBanner } from '../hooks/use-banner';
import { actionErrorMessage } from '../../../lib/action-error';
import {
  DEFAULT_USER_SORT,
  displayDate,
  fullName,
  nextSort,
  USER_ROLE_FILTERS,
  USER_STATUS_FILTERS,
  visibleUsers,
  type UserRoleFilter,
  type UserSort,
  type UserSortKey,
  type UserStatusFilter,
} from '../utils/users-view';

interface UsersPageProps {
  /** The signed-in admin, handed in by the admin area (features do not import each other). */
  admin: AdminProfile;
}

export function UsersPage({ admin }: UsersPageProps) {
  useDocumentMeta('User Management');
  return (
    <SuperAdminOnly role={admin.role} message={M.accessDenied}>
      <UsersScreen me={admin} />
    </SuperAdminOnly>
  );
}

const COLUMNS: SortColumn<UserSortKey>[] = [
  { key: 'username', label: 'Username' },
  { key: 'email', label: 'Email' },
  { key: 'name', label: 'Name' },
  { key: 'role', label: 'Role' },
  { key: 'status', label: 'Status' },
  { key: 'lastLoginAt', label: 'Last Login' },
];

type Pending = { kind: 'deactivate' | 'reset' | 'reset-mfa'; user: AdminUser };

/** The confirmation dialog of each pending action: title, question, button, and the banner when it fails. */
const CONFIRM: Record<
  Pending['kind'],
  { title: (username: string) => string; message: string; label: string; failed: string }
> = {
  deactivate: {
    title: (username) => `Deactivate ${username}`,
    message: M.confirmDeactivate,
    label: 'Deactivate',
    failed: M.deactivateFailed,
  },
  reset: {
    title: (username) => `Reset password for ${username}`,
    message: M.confirmResetPassword,
    label: 'Reset password',
    failed: M.resetFailed,
  },
  'reset-mfa': {
    title: (username) => `Reset second factor for ${username}`,
    message: SESSION_MESSAGES.confirmResetMfa,
    label: 'Reset second factor',
    failed: SESSION_MESSAGES.resetMfaFailed,
  },
};

/** A form failure: the network text, the server's message, else 'Failed to save user' (spec 5.2, 8). */
function saveErrorMessage(error: unknown): string {
  if (isApiRequestError(error)) {
    if (error.isNetworkError) return M.networkError;
    if (error.fromServer && error.message) return error.message;
  }
  return M.saveFailed;
}

function UsersScreen({ me }: { me: AdminProfile }) {
  const { data, error: loadError, loading, reload } = useApiData('admin-users', (signal) => fetchAdminUsers(signal));
  const { banner, show } = useBanner();
  const [search, setSearch] = useState('');
  const [roleFilter, setRoleFilter] = useState<UserRoleFilter>('ALL');
  const [status, setStatus] = useState<UserStatusFilter>('ALL');
  const [sort, setSort] = useState<UserSort>(DEFAULT_USER_SORT);
  const [editing, setEditing] = useState<AdminUser | 'new' | null>(null);
  const [formErrors, setFormErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  const [sessionsOf, setSessionsOf] = useState<AdminUser | null>(null);
  const [temporaryPassword, setTemporaryPassword] = useState<TemporaryPassword | null>(null);

  const all = data?.users ?? [];
  const visible = visibleUsers(all, search, roleFilter, status, sort);

  function openForm(user: AdminUser | 'new') {
    setFormErrors({});
    setFormError(null);
    setEditing(user);
  }

  async function save(body: AdminUserBody & { password?: string }) {
    const user = editing;
    setBusy(true);
    setFormErrors({});
    setFormError(null);
    try {
      if (user === 'new' || user === null) await createAdminUser({ ...body, password: body.password ?? '' });
      else await updateAdminUser(user.id, body);
      setEditing(null);
      show({ kind: 'success', text: user === 'new' ? M.created : M.updated });
      reload();
    } catch (error) {
      // Field errors (400, or a duplicate's 409) go under their fields; anything else above the form.
      if (isApiRequestError(error) && error.fromServer && Object.keys(error.fieldErrors).length > 0)
        setFormErrors(error.fieldErrors);
      else setFormError(saveErrorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  async function confirmPending() {
    if (!pending) return;
    const { kind, user } = pending;
    setBusy(true);
    try {
      if (kind === 'deactivate') {
        await deactivateAdminUser(user.id);
        show({ kind: 'success', text: M.deactivated });
      } else if (kind === 'reset-mfa') {
        show({ kind: 'success', text: await resetUserMfa(user.id) });
      } else {
        show(null);
        setTemporaryPassword({ username: user.username, password: await resetAdminUserPassword(user.id) });
      }
      reload();
    } catch (error) {
      show({ kind: 'error', text: actionErrorMessage(error, CONFIRM[kind].failed) });
    } finally {
      setPending(null);
      setBusy(false);
    }
  }

  const loadFailed = loadError !== null && data === null;
  return (
    <div className="admin-page">
      <PageHeader title="User Management" intro="Admin accounts, their roles and their access.">
        <div className="header-actions">
          <button type="button" className="button" onClick={() => openForm('new')}>
            Add User
          </button>
          <Link className="button button--secondary" to={paths.admin.ipWhitelist}>
            IP Whitelist
          </Link>
        </div>
      </PageHeader>

      <Banner
        banner={banner}
        className="users-banner"
        textClassName="users-banner__text"
        onDismiss={() => show(null)}
      />
      {temporaryPassword && (
        <TemporaryPasswordNotice reset={temporaryPassword} onDismiss={() => setTemporaryPassword(null)} />
      )}

      <div className="filter-row users-filters">
        <SearchFilter
          id="users-search"
          label="Search"
          placeholder="Username, email or name"
          value={search}
          onChange={setSearch}
        />
        <SelectFilter
          id="users-role"
          label="Role"
          value={roleFilter}
          options={USER_ROLE_FILTERS}
          onChange={setRoleFilter}
        />
        <SelectFilter
          id="users-status"
          label="Status"
          value={status}
          options={USER_STATUS_FILTERS}
          onChange={setStatus}
        />
      </div>

      <TableState
        failure={loadFailed ? actionErrorMessage(loadError, M.fetchFailed) : null}
        onRetry={reload}
        ready={data !== null}
        loading={loading}
        loadingLabel="Loading users"
      >
        <table className="data-table users-table">
          <caption className="visually-hidden">Admin users, sorted by {sortedByLabel(COLUMNS, sort)}</caption>
          <thead>
            <tr>
              <SortableHeaders
                columns={COLUMNS}
                sort={sort}
                buttonClassName="users-sort"
                onSort={(key) => setSort((current) => nextSort(current, key))}
              />
              <ActionsHeader />
            </tr>
          </thead>
          <tbody>
            {visible.length === 0 ? (
              <tr>
                <td colSpan={7} className="empty-state">
                  {M.emptyState}
                </td>
              </tr>
            ) : (
              visible.map((user) => (
                <UserRow
                  key={user.id}
                  user={user}
                  busy={busy}
                  onEdit={() => openForm(user)}
                  onReset={() => setPending({ kind: 'reset', user })}
                  onSessions={() => setSessionsOf(user)}
                  onResetMfa={
                    user.mfaEnabled && user.id !== me.id ? () => setPending({ kind: 'reset-mfa', user }) : undefined
                  }
                  onDeactivate={() => setPending({ kind: 'deactivate', user })}
                />
              ))
            )}
          </tbody>
        </table>
      </TableState>

      {data !== null && (
        <p className="status-counts users-footer">
          Showing {visible.length} of {data.total} users
        </p>
      )}

      {editing !== null && (
        <UserForm
          user={editing === 'new' ? null : editing}
          busy={busy}
          serverErrors={formErrors}
          formError={formError}
          onSubmit={(body) => void save(body)}
          onCancel={() => setEditing(null)}
        />
      )}
      {pending && (
        <ConfirmDialog
          title={CONFIRM[pending.kind].title(pending.user.username)}
          message={CONFIRM[pending.kind].message}
          confirmLabel={CONFIRM[pending.kind].label}
          danger
          busy={busy}
          onConfirm={() => void confirmPending()}
          onCancel={() => setPending(null)}
        />
      )}
      {sessionsOf && <UserSessionsDialog user={sessionsOf} onClose={() => setSessionsOf(null)} />}
    </div>
  );
}

interface UserRowProps {
  user: AdminUser;
  busy: boolean;
  onEdit: () => void;
  onReset: () => void;
  onDeactivate: () => void;
  onSessions: () => void;
  /** Only for another user who has a second factor. */
  onResetMfa?: (() => void) | undefined;
}

function UserRow({ user, busy, onEdit, onReset, onDeactivate, onSessions, onResetMfa }: UserRowProps) {
  return (
    <tr>
      <td data-label="Username">
        <span className="users-table__username">{user.username}</span>
        {user.mustChangePassword && <span className="users-table__hint">Must change password</span>}
      </td>
      <td data-label="Email" className="users-table__email">
        {user.email}
      </td>
      <td data-label="Name">{fullName(user)}</td>
      <td data-label="Role">
        <span className="role-badge">{ADMIN_ROLE_LABELS[user.role]}</span>
      </td>
      <td data-label="Status">
        <span className={`status-badge ${user.isActive ? 'status-badge--success' : 'status-badge--neutral'}`}>
          {user.isActive ? 'Active' : 'Inactive'}
        </span>
      </td>
      <td data-label="Last Login">{displayDate(user.lastLoginAt, 'Never')}</td>
      <td>
        <div className="action-buttons">
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={onEdit}
            disabled={busy}
            aria-label={`Edit ${user.username}`}
          >
            Edit
          </button>
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={onReset}
            disabled={busy}
            aria-label={`Reset password for ${user.username}`}
          >
            Reset password
          </button>
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={onSessions}
            disabled={busy}
            aria-label={`Sessions of ${user.username}`}
          >
            Sessions
          </button>
          {onResetMfa && (
            <button
              type="button"
              className="button button--danger-outline button--small"
              onClick={onResetMfa}
              disabled={busy}
              aria-label={`Reset second factor for ${user.username}`}
            >
              Reset second factor
            </button>
          )}
          {user.isActive && (
            <button
              type="button"
              className="button button--danger-outline button--small"
              onClick={onDeactivate}
              disabled={busy}
              aria-label={`Deactivate ${user.username}`}
            >
              Deactivate
            </button>
          )}
        </div>
      </td>
    </tr>
  );
}
