export interface SortState<K extends string> {
  key: K;
  order: 'asc' | 'desc';
}

export interface SortColumn<K extends string> {
  key: K;
  label: string;
}

const orderWord = (order: 'asc' | 'desc') => (order === 'asc' ? 'ascending' : 'descending');

/** "Username ascending": what a table's caption says it is sorted by. */
export function sortedByLabel<K extends string>(columns: readonly SortColumn<K>[], sort: SortState<K>): string {
  return `${columns.find((column) => column.key === sort.key)?.label} ${orderWord(sort.order)}`;
}

interface SortableHeadersProps<K extends string> {
  columns: readonly SortColumn<K>[];
  sort: SortState<K>;
  /** The class of the header buttons, the screen's own. */
  buttonClassName: string;
  onSort: (key: K) => void;
}

/** One header cell a column, each a button that sorts by it; aria-sort and an arrow tell the current order. */
export function SortableHeaders<K extends string>({ columns, sort, buttonClassName, onSort }: SortableHeadersProps<K>) {
  return columns.map((column) => {
    const active = sort.key === column.key;
    return (
      <th key={column.key} scope="col" aria-sort={active ? orderWord(sort.order) : 'none'}>
        <button type="button" className={buttonClassName} onClick={() => onSort(column.key)}>
          {column.label}
          <span aria-hidden="true">{active ? (sort.order === 'asc' ? ' ▲' : ' ▼') : ''}</span>
        </button>
      </th>
    );
  });
}

/** The last header cell of a table whose rows end in action buttons: named for screen readers only. */
export function ActionsHeader() {
  return (
    <th scope="col">
      <span className="visually-hidden">Actions</span>
    </th>
  );
}
