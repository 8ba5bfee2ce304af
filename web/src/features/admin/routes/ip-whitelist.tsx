import { useState } from 'react';
import { Link } from 'react-router';
import type { AdminRole } from '@ledgerwell/shared/admin-auth';
import { IP_RULE_MESSAGES as M, ipRuleStatus, SELF_LOCKOUT_FIELD, type IpRule } from '@ledgerwell/shared/ip-rules';
import { paths } from '../../../config/paths';
import { useDocumentMeta } from '../../../hooks/use-document-meta';
import { isApiRequestError } from '../../../lib/api-client';
import {
  createIpRule,
  deleteIpRule,
  fetchIpRules,
  toggleIpRule,
  updateIpRule,
  type IpRuleBody,
} from '../api/ip-whitelist';
import { Banner } from '../components/banner';
import { ConfirmDialog } from '../components/confirm-dialog';
import { SearchFilter, SelectFilter } from '../../../components/filter-fields';
import { IpRuleForm } from '../components/ip-rule-form';
import { PageHeader } from '../components/page-header';
import { ActionsHeader, SortableHeaders, sortedByLabel, type SortColumn } from '../components/sortable-headers';
import { SuperAdminOnly } from '../components/super-admin-only';
import { TableState } from '../components/table-state';
import { useApiData } from '../../../hooks/use-api-data';
import { useBanner } from '../hooks/use-banner';
import { actionErrorMessage } from '../../../lib/action-error';
import { formatDate } from '../../../lib/format';
import {
  countIpRules,
  DEFAULT_IP_RULE_SORT,
  IP_RULE_STATUS_FILTERS,
  IP_RULE_STATUS_LABELS,
  visibleIpRules,
  type IpRuleSort,
  type IpRuleSortKey,
  type IpRuleStatusFilter,
} from '../utils/ip-rules-view';

interface IpWhitelistPageProps {
  role: AdminRole;
}

export function IpWhitelistPage({ role }: IpWhitelistPageProps) {
  useDocumentMeta('IP Whitelist');
  return (
    <SuperAdminOnly role={role} message="Only Super Administrators can access IP whitelist management functionality.">
      <IpWhitelistScreen />
    </SuperAdminOnly>
  );
}

/** A change the server refused as a self-lockout (409), kept so it can be sent again with the confirmation. */
interface PendingLockout {
  message: string;
  send: () => Promise<void>;
}

const COLUMNS: SortColumn<IpRuleSortKey>[] = [
  { key: 'ipAddress', label: 'IP Address' },
  { key: 'description', label: 'Description' },
  { key: 'addedBy', label: 'Added By' },
  { key: 'createdAt', label: 'Created' },
  { key: 'expiresAt', label: 'Expires' },
];

const isSelfLockout = (error: unknown) =>
  isApiRequestError(error) && error.status === 409 && SELF_LOCKOUT_FIELD in error.fieldErrors;

function IpWhitelistScreen() {
  const { data: rules, error: loadError, loading, reload } = useApiData('ip-rules', (signal) => fetchIpRules(signal));
  const { banner, show } = useBanner();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<IpRuleStatusFilter>('ALL');
  const [sort, setSort] = useState<IpRuleSort>(DEFAULT_IP_RULE_SORT);
  const [editing, setEditing] = useState<IpRule | 'new' | null>(null);
  const [formErrors, setFormErrors] = useState<Record<string, string>>({});
  const [deleting, setDeleting] = useState<IpRule | null>(null);
  const [pendingLockout, setPendingLockout] = useState<PendingLockout | null>(null);
  const [busy, setBusy] = useState(false);

  const now = new Date();
  const all = rules ?? [];
  const visible = visibleIpRules(all, search, status, sort, now);
  const counts = countIpRules(all, now);

  /**
   * Runs a change; on a self-lockout 409 keeps it and asks first, then sends it again with the
   * confirmation. `done` gives the success banner's text.
   */
  async function run(send: (confirm: boolean) => Promise<string>, failure: string, confirm = false): Promise<void> {
    setBusy(true);
    try {
      const text = await send(confirm);
      setEditing(null);
      setDeleting(null);
      setPendingLockout(null);
      setFormErrors({});
      show({ kind: 'success', text });
      reload();
    } catch (error) {
      if (!confirm && isSelfLockout(error)) {
        setPendingLockout({ message: (error as Error).message, send: () => run(send, failure, true) });
        return;
      }
      setPendingLockout(null);
      setDeleting(null);
      if (isApiRequestError(error) && error.fromServer && Object.keys(error.fieldErrors).length > 0 && editing)
        setFormErrors(error.fieldErrors);
      show({ kind: 'error', text: actionErrorMessage(error, failure) });
    } finally {
      setBusy(false);
    }
  }

  function save(body: IpRuleBody) {
    const rule = editing;
    if (rule === 'new' || rule === null) {
      void run(async (confirm) => (await createIpRule(body, confirm), M.created), M.createFailed);
    } else {
      void run(async (confirm) => (await updateIpRule(rule.id, body, confirm), M.updated), M.updateFailed);
    }
  }

  function toggle(rule: IpRule) {
    const next = !rule.isActive;
    void run(
      async (confirm) => (await toggleIpRule(rule.id, next, confirm), next ? M.activated : M.deactivated),
      M.updateFailed,
    );
  }

  function remove(rule: IpRule) {
    void run(async (confirm) => (await deleteIpRule(rule.id, confirm), M.deleted), M.deleteFailed);
  }

  function sortBy(key: IpRuleSortKey) {
    setSort((current) =>
      current.key === key
        ? { key, order: current.order === 'asc' ? 'desc' : 'asc' }
        : { key, order: key === 'createdAt' ? 'desc' : 'asc' },
    );
  }

  const loadFailed = loadError !== null && rules === null;
  return (
    <div className="admin-page">
      <PageHeader title="IP Whitelist" intro="Addresses and ranges allowed to reach the admin area.">
        <div className="header-actions">
          <Link className="button button--secondary" to={paths.admin.users}>
            User Management
          </Link>
          <button
            type="button"
            className="button"
            onClick={() => {
              setFormErrors({});
              setEditing('new');
            }}
          >
            Add IP Rule
          </button>
        </div>
      </PageHeader>

      <Banner banner={banner} className="ip-banner" onDismiss={() => show(null)} />

      <section className="notice notice--info" aria-labelledby="ip-security-notice">
        <h2 id="ip-security-notice" className="ip-notice__title">
          Security notice
        </h2>
        <p>
          While at least one rule is active, every admin request, sign-in included, is refused unless it comes from an
          address inside an active, unexpired rule. Make sure your own address stays covered. If everyone is locked out,
          an operator can add an address on the server with <code>pnpm admin:ip-allow &lt;address&gt;</code>.
        </p>
      </section>

      {rules !== null && counts.ACTIVE === 0 && (
        <p className="notice notice--warning">
          <strong>No active IP rule: admin access is open to every address.</strong> Add a rule to limit it.
        </p>
      )}

      <div className="filter-row ip-filters">
        <SearchFilter
          id="ip-search"
          label="Search"
          placeholder="Address, description or added by"
          value={search}
          onChange={setSearch}
        />
        <SelectFilter
          id="ip-status"
          label="Status"
          value={status}
          options={IP_RULE_STATUS_FILTERS}
          onChange={setStatus}
        />
      </div>

      <TableState
        failure={loadFailed ? actionErrorMessage(loadError, M.loadFailed) : null}
        onRetry={reload}
        ready={rules !== null}
        loading={loading}
        loadingLabel="Loading IP rules"
      >
        <table className="data-table ip-table">
          <caption className="visually-hidden">IP rules, sorted by {sortedByLabel(COLUMNS, sort)}</caption>
          <thead>
            <tr>
              <SortableHeaders columns={COLUMNS} sort={sort} buttonClassName="sort-header" onSort={sortBy} />
              <th scope="col">Status</th>
              <ActionsHeader />
            </tr>
          </thead>
          <tbody>
            {visible.length === 0 ? (
              <tr>
                <td colSpan={7} className="empty-state">
                  {all.length === 0 ? 'No IP rules yet.' : 'No IP rules match the search and filter.'}
                </td>
              </tr>
            ) : (
              visible.map((rule) => (
                <RuleRow
                  key={rule.id}
                  rule={rule}
                  now={now}
                  busy={busy}
                  onEdit={() => {
                    setFormErrors({});
                    setEditing(rule);
                  }}
                  onToggle={() => toggle(rule)}
                  onDelete={() => setDeleting(rule)}
                />
              ))
            )}
          </tbody>
        </table>
      </TableState>

      {rules !== null && (
        <p className="status-counts ip-footer">
          Showing {visible.length} of {all.length} IP rules · {counts.ACTIVE} active · {counts.INACTIVE} inactive ·{' '}
          {counts.EXPIRED} expired
        </p>
      )}

      {editing !== null && (
        <IpRuleForm
          rule={editing === 'new' ? null : editing}
          busy={busy}
          serverErrors={formErrors}
          onSubmit={save}
          onCancel={() => setEditing(null)}
        />
      )}
      {deleting && !pendingLockout && (
        <ConfirmDialog
          title="Delete IP rule"
          message={M.deleteConfirm}
          confirmLabel="Delete"
          danger
          busy={busy}
          onConfirm={() => remove(deleting)}
          onCancel={() => setDeleting(null)}
        />
      )}
      {pendingLockout && (
        <ConfirmDialog
          title="This change blocks your own address"
          message={`${pendingLockout.message} Your next admin request, from this browser too, will be refused until an active rule includes your address again. Save it anyway?`}
          confirmLabel="Save anyway"
          danger
          busy={busy}
          onConfirm={() => void pendingLockout.send()}
          onCancel={() => {
            setPendingLockout(null);
            setDeleting(null);
          }}
        />
      )}
    </div>
  );
}

function RuleRow({
  rule,
  now,
  busy,
  onEdit,
  onToggle,
  onDelete,
}: {
  rule: IpRule;
  now: Date;
  busy: boolean;
  onEdit: () => void;
  onToggle: () => void;
  onDelete: () => void;
}) {
  const status = ipRuleStatus(rule, now);
  const badge =
    status === 'ACTIVE'
      ? 'status-badge--success'
      : status === 'EXPIRED'
        ? 'status-badge--danger'
        : 'status-badge--neutral';
  return (
    <tr>
      <td>
        <code>{rule.ipAddress}</code>
      </td>
      <td>{rule.description}</td>
      <td>{rule.addedBy ?? 'Not provided'}</td>
      <td>{formatRuleDate(rule.createdAt)}</td>
      <td>{rule.expiresAt ? formatRuleDate(rule.expiresAt) : 'Never'}</td>
      <td>
        <span className={`status-badge ${badge}`}>{IP_RULE_STATUS_LABELS[status]}</span>
      </td>
      <td>
        <div className="action-buttons">
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={onEdit}
            disabled={busy}
            aria-label={`Edit ${rule.ipAddress}`}
          >
            Edit
          </button>
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={onToggle}
            disabled={busy}
            aria-label={`${rule.isActive ? 'Deactivate' : 'Activate'} ${rule.ipAddress}`}
          >
            {rule.isActive ? 'Deactivate' : 'Activate'}
          </button>
          <button
            type="button"
            className="button button--danger-outline button--small"
            onClick={onDelete}
            disabled={busy}
            aria-label={`Delete ${rule.ipAddress}`}
          >
            Delete
          </button>
        </div>
      </td>
    </tr>
  );
}

/** Spec 8: a date that cannot be parsed shows 'Invalid date', a missing one 'Not provided'. */
function formatRuleDate(value: string | null): string {
  if (!value) return 'Not provided';
  return Number.isNaN(new Date(value).getTime()) ? 'Invalid date' : formatDate(value);
}
