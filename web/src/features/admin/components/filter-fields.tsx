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

interface SearchFilterProps extends SearchInputProps {
  label: string;
  /** The field's extra class (e.g. a wider search column). */
  className?: string;
}

/** A labelled search box in a filter row. */
export function SearchFilter({ label, className, ...input }: SearchFilterProps) {
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={input.id} className="field__label">
        {label}
      </label>
      <SearchInput {...input} />
    </div>
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
export function SelectFilter<V extends string>({ id, label, value, options, disabled, onChange }: SelectFilterProps<V>) {
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <select id={id} className="field__input" value={value} disabled={disabled} onChange={(event) => onChange(event.target.value as V)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
