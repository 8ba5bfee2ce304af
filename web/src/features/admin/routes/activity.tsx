import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ACTIVITY_RESOURCES_FOR_EVERY_ROLE } from '@ledgerwell/shared/activity';
import { ADMIN_ROLE_RANK, type AdminRole } from '@ledgerwell/shared/admin-auth';
import { REVIEW_FAILURES } from '@ledgerwell/shared/request-review';
import { paths } from '../../../config/paths';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { useDocumentMeta } from '../../../hooks/use-document-meta';
import { ACTIVITY_PAGE_SIZE, fetchActivity, type ActivityFilters } from '../api/activity';
import { Pagination } from '../components/pagination';
import { useApiData } from '../../../hooks/use-api-data';
import {
  ACTION_TYPE_SUGGESTIONS,
  activityActionLabel,
  activityFiltersFromParams,
  activityFiltersToParams,
  detailsSummary,
  RESOURCE_TYPE_SUGGESTIONS,
} from '../utils/activity-query';
import { formatDateTime } from '../../../lib/format';
import { humanise } from '../../../lib/request-labels';

/** The resource types a role may filter by: below ADMIN, those every role reads (the server refuses the rest). */
export function resourceTypesFor(role: AdminRole): readonly string[] {
  if (ADMIN_ROLE_RANK[role] >= ADMIN_ROLE_RANK.ADMIN) return RESOURCE_TYPE_SUGGESTIONS;
  const everyRole: readonly string[] = ACTIVITY_RESOURCES_FOR_EVERY_ROLE;
  return RESOURCE_TYPE_SUGGESTIONS.filter((type) => everyRole.includes(type.toLowerCase()));
}

export function ActivityPage({ role }: { role: AdminRole }) {
  useDocumentMeta('Admin Activity');
  const [params, setParams] = useSearchParams();
  const filters = activityFiltersFromParams(params);
  const activity = useApiData(JSON.stringify(filters), (signal) => fetchActivity(filters, signal));

  function change(next: Partial<ActivityFilters>) {
    setParams(activityFiltersToParams({ ...filters, ...next, page: next.page ?? 1 }));
  }

  const data = activity.data;
  return (
    <div className="admin-page">
      <header className="admin-page__header">
        <h1>Admin Activity</h1>
        <p className="muted">Who did what, and when: sign-ins, decisions, document reviews and image views.</p>
      </header>

      <ActivityFilterForm filters={filters} onApply={change} resourceTypes={resourceTypesFor(role)} />

      {activity.error && !activity.loading ? (
        <div className="notice notice--error" role="alert">
          <p>{REVIEW_FAILURES.fetchActivity}</p>
          <p>
            <button type="button" className="button button--secondary button--small" onClick={activity.reload}>
              Try again
            </button>
          </p>
        </div>
      ) : !data ? (
        <Spinner label="Loading activity" />
      ) : data.activities.length === 0 ? (
        <p className="empty-state">No activity found.</p>
      ) : (
        <div
          aria-busy={activity.loading || undefined}
          className={activity.loading ? 'results results--loading' : 'results'}
        >
          <div className="table-scroll" role="region" aria-label="Admin activity" tabIndex={0}>
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">Time</th>
                  <th scope="col">Admin</th>
                  <th scope="col">Action</th>
                  <th scope="col">Resource</th>
                  <th scope="col">Details</th>
                  <th scope="col">IP address</th>
                </tr>
              </thead>
              <tbody>
                {data.activities.map((item) => (
                  <tr key={item.id}>
                    <td className="data-table__date">{formatDateTime(item.createdAt)}</td>
                    <td>{item.adminUsername ?? <span className="muted">System</span>}</td>
                    <td>{activityActionLabel(item.actionType)}</td>
                    <td>
                      {item.resourceType ? humanise(item.resourceType) : '—'}
                      {item.resourceType?.toUpperCase() === 'REQUEST' && item.resourceId ? (
                        <>
                          {' '}
                          <Link to={paths.admin.request(item.resourceId)}>
                            {typeof item.details?.referenceNumber === 'string'
                              ? item.details.referenceNumber
                              : 'View request'}
                          </Link>
                        </>
                      ) : null}
                    </td>
                    <td className="data-table__details">{detailsSummary(item.details)}</td>
                    <td>{item.ipAddress ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination
            page={filters.page}
            totalPages={Math.max(1, Math.ceil(data.total / ACTIVITY_PAGE_SIZE))}
            total={data.total}
            first={data.offset + 1}
            last={data.offset + data.activities.length}
            disabled={activity.loading}
            onPage={(page) => change({ page })}
          />
        </div>
      )}
    </div>
  );
}

interface SuggestFieldProps {
  label: string;
  listId: string;
  suggestions: readonly string[];
  value: string;
  onChange: (value: string) => void;
}

/** A free-text filter that offers the known values (any other is still accepted: the server checks). */
function SuggestField({ label, listId, suggestions, value, onChange }: SuggestFieldProps) {
  return (
    <>
      <TextField
        label={label}
        list={listId}
        maxLength={50}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      <datalist id={listId}>
        {suggestions.map((suggestion) => (
          <option key={suggestion} value={suggestion} />
        ))}
      </datalist>
    </>
  );
}

function ActivityFilterForm({
  filters,
  onApply,
  resourceTypes,
}: {
  filters: ActivityFilters;
  onApply: (next: Partial<ActivityFilters>) => void;
  resourceTypes: readonly string[];
}) {
  const [adminUsername, setAdminUsername] = useState(filters.adminUsername);
  const [resourceType, setResourceType] = useState(filters.resourceType);
  const [actionType, setActionType] = useState(filters.actionType);
  const applied = `${filters.adminUsername}|${filters.resourceType}|${filters.actionType}`;
  const [shown, setShown] = useState(applied);
  // The URL changed under the form (back button, Clear): show what it now says.
  if (shown !== applied) {
    setShown(applied);
    setAdminUsername(filters.adminUsername);
    setResourceType(filters.resourceType);
    setActionType(filters.actionType);
  }
  const active = Boolean(filters.adminUsername || filters.resourceType || filters.actionType);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onApply({ adminUsername: adminUsername.trim(), resourceType: resourceType.trim(), actionType: actionType.trim() });
  }

  return (
    <form className="activity-filters" onSubmit={submit} aria-label="Filter activity">
      <TextField
        label="Admin username"
        maxLength={100}
        value={adminUsername}
        onChange={(event) => setAdminUsername(event.target.value)}
      />
      <SuggestField
        label="Resource type"
        listId="activity-resource-types"
        suggestions={resourceTypes}
        value={resourceType}
        onChange={setResourceType}
      />
      <SuggestField
        label="Action type"
        listId="activity-action-types"
        suggestions={ACTION_TYPE_SUGGESTIONS}
        value={actionType}
        onChange={setActionType}
      />
      <div className="activity-filters__actions">
        <button type="submit" className="button">
          Apply filters
        </button>
        {active && (
          <button
            type="button"
            className="button button--ghost"
            onClick={() => onApply({ adminUsername: '', resourceType: '', actionType: '' })}
          >
            Clear
          </button>
        )}
      </div>
    </form>
  );
}
