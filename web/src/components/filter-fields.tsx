import type { ReactNode } from 'react';

interface SearchInputProps {
  id: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}

/** The admin screens' search box (100 characters at most). */
export function SearchInput({ id, placeholder, value, onChange }: SearchInputProps) {
  return (
    <input
      id={id}
      type="search"
      className="field__input"
      placeholder={placeholder}
      maxLength={100}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/** A filter row's labelled field: the label, then the control it names. */
function FilterField({
  id,
  label,
  className,
  children,
}: {
  id: string;
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      {children}
    </div>
  );
}

interface SearchFilterProps extends SearchInputProps {
  label: string;
  /** The field's extra class (e.g. a wider search column). */
  className?: string;
}

/** A labelled search box in a filter row. */
export function SearchFilter({ label, className, ...input }: SearchFilterProps) {
  return (
    <FilterField id={input.id} label={label} className={className}>
      <SearchInput {...input} />
    </FilterField>
  );
}

export interface FilterOption<V extends string> {
  value: V;
  label: string;
}

interface SelectFilterProps<V extends string> {
  id: string;
  label: string;
  value: V;
  options: readonly FilterOption<V>[];
  disabled?: boolean;
  onChange: (value: V) => void;
}

/** A labelled select in a filter row; its options carry their own values and labels. */
export function SelectFilter<V extends string>({
  id,
  label,
  value,
  options,
  disabled,
  onChange,
}: SelectFilterProps<V>) {
  return (
    <FilterField id={id} label={label}>
      <select
        id={id}
        className="field__input"
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value as V)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FilterField>
  );
}

interface DateFilterProps {
  id: string;
  label: string;
  value: string;
  /** The picker offers only days within the other end of the range (the server refuses a reversed one). */
  min?: string;
  max?: string;
  onChange: (value: string) => void;
}

/** A labelled date in a filter row. */
export function DateFilter({ id, label, value, min, max, onChange }: DateFilterProps) {
  return (
    <FilterField id={id} label={label}>
      <input
        id={id}
        type="date"
        className="field__input"
        value={value}
        min={min || undefined}
        max={max || undefined}
        onChange={(event) => onChange(event.target.value)}
      />
    </FilterField>
  );
}

interface ListFiltersProps {
  /** The form's accessible name, e.g. 'Filter the mail log'. */
  label: string;
  /** The search box first in the row; a list the server cannot search has none. */
  search?: SearchInputProps;
  /** Whether any filter is set: Clear Filters is disabled otherwise. */
  filtered: boolean;
  onClear: () => void;
  /** The row's selects, between the search box and Clear Filters. */
  children: ReactNode;
}

/**
 * A list screen's filter row: a search box (when the list has one), its selects and Clear Filters; it filters as
 * they change, so it never submits.
 */
export function ListFilters({ label, search, filtered, onClear, children }: ListFiltersProps) {
  return (
    <form
      className="filter-row list-filters"
      role="search"
      aria-label={label}
      onSubmit={(event) => event.preventDefault()}
    >
      {search && <SearchFilter label="Search" className="list-filters__search" {...search} />}
      {children}
      <div className="list-filters__clear">
        <button type="button" className="button button--secondary" onClick={onClear} disabled={!filtered}>
          Clear Filters
        </button>
      </div>
    </form>
  );
}
