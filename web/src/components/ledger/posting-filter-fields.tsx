import { TRANSACTION_TYPES, type TransactionType } from '@ledgerwell/shared/ledger';
import { TRANSACTION_TYPE_LABELS } from '../../lib/ledger-format';
import { DateFilter, SelectFilter, type FilterOption } from '../filter-fields';

const TYPE_OPTIONS: FilterOption<TransactionType | ''>[] = [
  { value: '', label: 'All types' },
  ...TRANSACTION_TYPES.map((type) => ({ value: type, label: TRANSACTION_TYPE_LABELS[type] })),
];

interface PostingFilterFieldsProps {
  /** Prefix of the fields' ids, e.g. 'journal'. */
  idPrefix: string;
  type: TransactionType | '';
  from: string;
  to: string;
  onType: (type: TransactionType | '') => void;
  onFrom: (from: string) => void;
  onTo: (to: string) => void;
}

/**
 * A journal's filters by posting: its type and its effective dates, each end of the range offering only days on
 * its side of the other (the server refuses a reversed range).
 */
export function PostingFilterFields({ idPrefix, type, from, to, onType, onFrom, onTo }: PostingFilterFieldsProps) {
  return (
    <>
      <SelectFilter id={`${idPrefix}-type`} label="Type" value={type} options={TYPE_OPTIONS} onChange={onType} />
      <DateFilter id={`${idPrefix}-from`} label="From" value={from} max={to} onChange={onFrom} />
      <DateFilter id={`${idPrefix}-to`} label="To" value={to} min={from} onChange={onTo} />
    </>
  );
}
