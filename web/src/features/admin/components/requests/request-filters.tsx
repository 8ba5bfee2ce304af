import { useState, type FormEvent } from 'react';
import {
  SORT_OPTIONS,
  STATUS_FILTER_OPTIONS,
  TYPE_FILTER_OPTIONS,
  type RequestFilters,
} from '../../utils/requests-query';
import { statusLabel } from '../../../../lib/request-labels';
import { SearchInput, SelectFilter } from '../../../../components/filter-fields';

interface RequestFiltersBarProps {
  filters: RequestFilters;
  onChange: (change: Partial<RequestFilters>) => void;
}

/** Search, status, type and sort controls; every change lands in the URL through onChange. */
export function RequestFiltersBar({ filters, onChange }: RequestFiltersBarProps) {
  const [search, setSearch] = useState(filters.search);
  const [searchFor, setSearchFor] = useState(filters.search);
  // The URL changed under the box (back button, a dashboard link): show its search text.
  if (filters.search !== searchFor) {
    setSearchFor(filters.search);
    setSearch(filters.search);
  }

  // A status the quick links may set (e.g. verified) but the short list does not name.
  const statusOptions: { value: string; label: string }[] = [...STATUS_FILTER_OPTIONS];
  if (filters.status && !statusOptions.some((option) => option.value === filters.status)) {
    statusOptions.push({ value: filters.status, label: statusLabel(filters.status) });
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onChange({ search: search.trim() });
  }

  return (
    <div className="request-filters">
      <form role="search" className="search-bar" onSubmit={submit}>
        <label htmlFor="request-search" className="field__label">
          Search requests
        </label>
        <div className="search-bar__row">
          <SearchInput
            id="request-search"
            placeholder="Search by code, name, or reference"
            value={search}
            onChange={setSearch}
          />
          <button type="submit" className="button">
            Search
          </button>
          {filters.search && (
            <button type="button" className="button button--ghost" onClick={() => onChange({ search: '' })}>
              Clear
            </button>
          )}
        </div>
      </form>

      <div className="filter-row">
        <SelectFilter
          id="request-status"
          label="Status"
          value={filters.status}
          options={statusOptions}
          onChange={(status) => onChange({ status })}
        />
        <SelectFilter
          id="request-type"
          label="Type"
          value={filters.type}
          options={TYPE_FILTER_OPTIONS}
          onChange={(type) => onChange({ type })}
        />
        <div className="field field--sort">
          <label htmlFor="request-sort" className="field__label">
            Sort by
          </label>
          <div className="sort-control">
            <select
              id="request-sort"
              className="field__input"
              value={filters.sortBy}
              onChange={(event) => onChange({ sortBy: event.target.value as RequestFilters['sortBy'] })}
            >
              {SORT_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
            <button
              type="button"
              className="button button--secondary"
              aria-label={
                filters.sortOrder === 'asc'
                  ? 'Sort order: ascending (switch to descending)'
                  : 'Sort order: descending (switch to ascending)'
              }
              onClick={() => onChange({ sortOrder: filters.sortOrder === 'asc' ? 'desc' : 'asc' })}
            >
              <span aria-hidden="true">{filters.sortOrder === 'asc' ? '↑ Asc' : '↓ Desc'}</span>
            </button>
          </div>
        </div>
      </div>

      <ActiveQuickFilters filters={filters} onChange={onChange} />
    </div>
  );
}

/** The filters only links set (flagged, assigned, date), each removable. */
function ActiveQuickFilters({ filters, onChange }: RequestFiltersBarProps) {
  const chips: { label: string; clear: Partial<RequestFilters> }[] = [];
  if (filters.flagged) chips.push({ label: 'Flagged only', clear: { flagged: false } });
  if (filters.assigned === 'me') chips.push({ label: 'Assigned to me', clear: { assigned: '' } });
  if (filters.date)
    chips.push({ label: filters.date === 'today' ? 'Created today' : 'Created this week', clear: { date: '' } });
  if (chips.length === 0) return null;
  return (
    <ul className="filter-chips" aria-label="Active filters">
      {chips.map((chip) => (
        <li key={chip.label}>
          <span>{chip.label}</span>
          <button
            type="button"
            className="filter-chips__remove"
            aria-label={`Remove filter: ${chip.label}`}
            onClick={() => onChange(chip.clear)}
          >
            ×
          </button>
        </li>
      ))}
    </ul>
  );
}
